import { errors } from "../../../lib/app-error.ts";
import type { Actor } from "../../../plugins/auth.ts";

/** Who may do what with songs. Pure; called first in every service method. */

/** Content managers keep the library: upload, change, remove. */
export function assertMayEditLibrary(actor: Actor): void {
  if (actor.role !== "role-content-manager") {
    throw errors.forbidden("Only a content manager changes the library");
  }
}

/**
 * Songs in the library are for every signed-in user and player device to
 * find and hear; a removed song only for content managers (who may put it
 * back).
 */
export function maySeeRemovedSongs(actor: Actor): boolean {
  return actor.role === "role-content-manager";
}
