import type { Role } from "@fonika/shared";

/** The role label shown in the header. */
export const ROLE_LABELS: Record<Role, string> = {
  "role-admin": "Администратор",
  "role-client": "Клиент",
  "role-content-manager": "Контент-менеджер",
  "role-client-manager": "Клиент-менеджер",
  "role-support": "Поддержка",
  "wait-activation": "Ожидает активации",
  "edit-personal-info": "Заполнение профиля",
  "player-device": "Плеер заведения",
};

/** SPEC.md §2: the default current role before sign-in. */
export const DEFAULT_ROLE_BEFORE_SIGN_IN: Role = "role-admin";
/** SPEC.md §4: the role reset to on logout. */
export const ROLE_AFTER_LOGOUT: Role = "wait-activation";
