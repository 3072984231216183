import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";

/** Who may do what with player updates. Pure; called first in every service method. */

/** Uploading, editing and listing firmware is the admin's (SPEC.md §2 /players-base/update). */
export function assertMayManagePlayerUpdates(actor: Actor): void {
  if (actor.sessionKind !== "browser" || actor.role !== "role-admin") {
    throw errors.forbidden("Only an admin manages player updates");
  }
}

/** A firmware file is read by an admin, and by a player device that installs it. */
export function assertMayDownloadPlayerUpdate(actor: Actor): void {
  if (actor.sessionKind === "device") return;
  assertMayManagePlayerUpdates(actor);
}
