import type { Profile } from "@fonika/shared";
import { statusChipClass, statusChipOf, USER_STATUS_LABELS } from "../user-status.ts";

/** The account's status as a chip: active, waiting for activation or blocked. */
export function UserStatusChip({ profile }: { profile: Pick<Profile, "status" | "role"> }) {
  const status = statusChipOf(profile);
  return <span className={statusChipClass(status)}>{USER_STATUS_LABELS[status]}</span>;
}
