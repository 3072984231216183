import { admits, playerUpdatesApi } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";

/**
 * Who may do what with player updates. Pure; called first in every service
 * method. Who at all is what the endpoints admit (their `roles`), so that
 * a service called outside HTTP refuses the same callers.
 */

/**
 * Uploading, editing and listing firmware is the admin's (SPEC.md §2
 * /players-base/update): whom `listPlayerUpdates` admits, as the upload
 * and the change do (lib/policy-roles.test.ts keeps them equal).
 */
export function assertMayManagePlayerUpdates(actor: Actor): void {
  if (!admits(playerUpdatesApi.listPlayerUpdates, actor)) {
    throw errors.forbidden("Only an admin manages player updates");
  }
}

/** A firmware file is read by an admin, and by a player device that installs it. */
export function assertMayDownloadPlayerUpdate(actor: Actor): void {
  if (!admits(playerUpdatesApi.getPlayerUpdateFile, actor)) {
    throw errors.forbidden("Only an admin manages player updates");
  }
}
