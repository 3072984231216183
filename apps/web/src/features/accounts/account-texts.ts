import type { RouteName } from "../../config/routes.ts";

/** What staff are told after changing or deleting an account (SPEC.md quotes are exact). */
export const ACCOUNT_TEXTS = {
  changeRoleComplete: "Change role complete",
  changeRoleFailed: "Change role failed",
  userDeleted: "Пользователь успешно удален",
} as const;

/**
 * What an account waiting for activation may do meanwhile, by the side-menu
 * entry that leads there (config/menus.ts): the server lets it keep its
 * profile and payers, add venues and subscribe them (a subscription waits
 * for a client manager), so nothing is given away before activation.
 */
export const WAITING_MEANWHILE: Readonly<Partial<Record<RouteName, string>>> = {
  ClientObjectsList: "добавьте заведения, где будет играть музыка: адрес и часовой пояс.",
  Subscribe:
    "выберите тариф для заведения. Подписка дождётся менеджера и начнётся, когда он её подтвердит.",
  Profile:
    "проверьте контакты и реквизиты, добавьте расчётный счёт или карту, с которых будете платить.",
};
