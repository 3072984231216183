import type { Profile } from "@fonika/shared";

import { USER_STATUS_LABELS, type UserStatusChip } from "../../lib/account-states.ts";

export { USER_STATUS_LABELS, type UserStatusChip };

/** Chip tones of components/ui/status-chip.css: good, bad, waiting; muted for what is gone or unfinished. */
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
