import type { Profile } from "@fonika/shared";

/**
 * The status chip of an account (SPEC.md §3: active or blocked); an active
 * account that still waits for activation shows as waiting, and a deleted
 * one (listed only when staff ask for deleted accounts) as deleted.
 */
export type UserStatusChip = "active" | "blocked" | "waiting" | "deleted";

export const USER_STATUS_LABELS: Record<UserStatusChip, string> = {
  active: "Активен",
  blocked: "Заблокирован",
  waiting: "Ждёт активации",
  deleted: "Удалён",
};

/** Chip tones of app/styles/ui.css: good, bad, waiting; muted for what is gone. */
const CHIP_CLASS: Record<UserStatusChip, string> = {
  active: "chip chip--active",
  blocked: "chip chip--blocked",
  waiting: "chip chip--pending",
  deleted: "chip",
};

export function statusChipOf(profile: Pick<Profile, "status" | "role">): UserStatusChip {
  if (profile.status === "deleted") return "deleted";
  if (profile.status === "blocked") return "blocked";
  return profile.role === "wait-activation" ? "waiting" : "active";
}

export function statusChipClass(status: UserStatusChip): string {
  return CHIP_CLASS[status];
}
