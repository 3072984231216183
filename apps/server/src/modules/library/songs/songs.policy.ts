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
 * A removed song is for content managers only (who may put it back). Who
 * may hear a song at all is the allowed rule (access/music-access.ts).
 */
export function maySeeRemovedSongs(actor: Actor): boolean {
  return actor.role === "role-content-manager";
}
