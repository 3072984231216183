import { CLIENT_READING_ROLES, mayCall, playlistsApi, roleMay } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";

/** Who may do what with playlists. Pure; called first in every service method. */

/**
 * Content managers make and change playlists: whom `addPlaylist` admits, as
 * the playlist's other changing endpoints do (lib/policy-roles.test.ts).
 */
export function assertMayEditPlaylists(actor: Actor): void {
  if (!mayCall(playlistsApi.addPlaylist, actor.role)) {
    throw errors.forbidden("Only a content manager changes playlists");
  }
}

/** Content managers also see playlists in the trash and every version. */
export function maySeeDeletedPlaylists(actor: Actor): boolean {
  return roleMay(actor.role, "editLibrary");
}

/** Content managers see which tariffs hold a playlist (which venues may play it). */
export function mayKnowPlaylistTariffs(actor: Actor): boolean {
  return roleMay(actor.role, "editLibrary");
}

/**
 * The client whose venues a playlist answer speaks of (which of them offer
 * it): a client in the browser, for themselves; nobody for anyone else.
 */
export function playlistOwnerOf(actor: Actor): string | null {
  return actor.sessionKind === "browser" && roleMay(actor.role, "ownVenues") ? actor.userId : null;
}

/** A user's allowed playlists: the user, their player devices, and staff who serve them. */
export function assertMayReadUserPlaylists(actor: Actor, userId: string): void {
  if (actor.userId === userId) return;
  // Staff who look at any user's playlists (client base, support).
  if (actor.role && CLIENT_READING_ROLES.includes(actor.role)) return;
  throw errors.forbidden("Only your own playlists");
}

/** Favourites are one's own. */
export function assertMayKeepFavourites(actor: Actor, userId: string): void {
  if (actor.userId !== userId) throw errors.forbidden("Only your own favourites");
}
