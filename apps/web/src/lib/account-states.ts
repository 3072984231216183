import type { ClientState } from "@fonika/shared";

/**
 * The status of an account as staff and the account itself read it, in one
 * word everywhere (chip, profile, cabinet, staff's queue): blocked or
 * deleted as the server says; otherwise its place on the way to a client —
 * still filling in the profile, waiting for activation, or active. An
 * account that waits is never called "Активен" (issue 17). Here, not in the
 * accounts feature, because subscriptions name their client's state too.
 */
export type UserStatusChip = "active" | "blocked" | "waiting" | "incomplete" | "deleted";

export const USER_STATUS_LABELS: Record<UserStatusChip, string> = {
  active: "Активен",
  blocked: "Заблокирован",
  waiting: "Ждёт активации",
  incomplete: "Заполняет профиль",
  deleted: "Удалён",
};

/** A subscription's client state (issue 28) in the account's own status word. */
export const CLIENT_STATE_LABELS: Record<ClientState, string> = {
  "edit-personal-info": USER_STATUS_LABELS.incomplete,
  "wait-activation": USER_STATUS_LABELS.waiting,
  active: USER_STATUS_LABELS.active,
  blocked: USER_STATUS_LABELS.blocked,
  deleted: USER_STATUS_LABELS.deleted,
};
