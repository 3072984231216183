import type { Profile } from "@fonika/shared";

/**
 * The status of an account as staff and the account itself read it, in one
 * word everywhere (chip, profile, cabinet): blocked or deleted as the
 * server says; otherwise its place on the way to a client — still filling
 * in the profile, waiting for activation, or active. An account that waits
 * is never called "Активен" (issue 17).
 */
export type UserStatusChip = "active" | "blocked" | "waiting" | "incomplete" | "deleted";

export const USER_STATUS_LABELS: Record<UserStatusChip, string> = {
  active: "Активен",
  blocked: "Заблокирован",
  waiting: "Ждёт активации",
  incomplete: "Заполняет профиль",
  deleted: "Удалён",
};

/** Chip tones of app/styles/ui.css: good, bad, waiting; muted for what is gone or unfinished. */
const CHIP_CLASS: Record<UserStatusChip, string> = {
  active: "chip chip--active",
  blocked: "chip chip--blocked",
  waiting: "chip chip--pending",
  incomplete: "chip",
  deleted: "chip",
};

export function statusChipOf(profile: Pick<Profile, "status" | "role">): UserStatusChip {
  if (profile.status === "deleted") return "deleted";
  if (profile.status === "blocked") return "blocked";
  if (profile.role === "wait-activation") return "waiting";
  return profile.role === "edit-personal-info" ? "incomplete" : "active";
}

export function statusChipClass(status: UserStatusChip): string {
  return CHIP_CLASS[status];
}
