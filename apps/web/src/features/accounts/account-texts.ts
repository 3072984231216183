import type { RouteName } from "../../config/routes.ts";

/**
 * What staff are told after changing, activating or deleting an account.
 * SPEC.md quotes the role change's toasts in English ('Change role
 * complete' / 'Change role failed'); staff read Russian (issue 28), so they
 * say it in Russian, and an activation says what it did.
 */
export const ACCOUNT_TEXTS = {
  changeRoleComplete: "Роль изменена",
  changeRoleFailed: "Не удалось изменить роль",
  activated: "Аккаунт активирован",
  activationFailed: "Не удалось активировать аккаунт",
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
