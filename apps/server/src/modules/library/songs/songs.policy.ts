import { mayCall, roleMay, songsApi } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";

/** Who may do what with songs. Pure; called first in every service method. */

/**
 * Content managers keep the library, upload, change, remove: whom `addSong`
 * admits, as the song's other changing endpoints do (lib/policy-roles.test.ts).
 */
export function assertMayEditLibrary(actor: Actor): void {
  if (!mayCall(songsApi.addSong, actor.role)) {
    throw errors.forbidden("Only a content manager changes the library");
  }
}

/**
 * A removed song is for content managers only (who may put it back). Who
 * may hear a song at all is the allowed rule (access/music-access.ts).
 */
export function maySeeRemovedSongs(actor: Actor): boolean {
  return roleMay(actor.role, "editLibrary");
}

/**
 * The establishment whose explicit filter decides what the actor gets: a
 * player device's venue. Browsers (the owner previewing, staff) are not
 * filtered: the filter is about what plays in the venue.
 */
export function filteredVenueOf(actor: Actor): string | null {
  return actor.sessionKind === "device" ? actor.establishmentId : null;
}
