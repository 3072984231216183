import type { Profile } from "@fonika/shared";

/**
 * The status chip of an account (SPEC.md §3: active or blocked); an active
 * account that still waits for activation shows as waiting.
 */
export type UserStatusChip = "active" | "blocked" | "waiting";

export const USER_STATUS_LABELS: Record<UserStatusChip, string> = {
  active: "Активен",
  blocked: "Заблокирован",
  waiting: "Ждёт активации",
};

/** Chip tones of app/styles/ui.css: good, bad, waiting. */
const CHIP_CLASS: Record<UserStatusChip, string> = {
  active: "chip chip--active",
  blocked: "chip chip--blocked",
  waiting: "chip chip--pending",
};

export function statusChipOf(profile: Pick<Profile, "status" | "role">): UserStatusChip {
  if (profile.status === "blocked") return "blocked";
  return profile.role === "wait-activation" ? "waiting" : "active";
}

export function statusChipClass(status: UserStatusChip): string {
  return CHIP_CLASS[status];
}
