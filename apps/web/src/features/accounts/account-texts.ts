/** What staff are told after changing or deleting an account (SPEC.md quotes are exact). */
export const ACCOUNT_TEXTS = {
  changeRoleComplete: "Change role complete",
  changeRoleFailed: "Change role failed",
  userDeleted: "Пользователь успешно удален",
} as const;
