import type { SignedInUser } from "./factories.ts";
import type { TestServer } from "./harness.ts";
import { createVenueStaff, playlistOf, subscribedClient } from "./venues.ts";

/** A client allowed to hear some songs, and the playlist that allows them. */
export interface AllowedClient extends SignedInUser {
  playlistId: string;
  /** The vault entry of the playlist's current version (songs are put there). */
  versionEntryId: string;
  establishmentId: string;
  tariffId: string;
  subscriptionId: string;
}

/**
 * A client who may hear exactly these songs (issue 13's allowed rule): a
 * playlist whose current version holds them, a tariff holding the playlist
 * and an active subscription of the client's establishment to it. Staff
 * are made for the steps.
 */
export async function allowedClient(
  server: TestServer,
  songIds: readonly string[],
): Promise<AllowedClient> {
  const staff = await createVenueStaff(server);
  const playlist = await playlistOf(server, staff.contentManager, songIds, "Разрешённый");
  const subscribed = await subscribedClient(server, staff, [playlist.id]);
  return {
    ...subscribed.client,
    playlistId: playlist.id,
    versionEntryId: playlist.versionEntryId,
    establishmentId: subscribed.establishmentId,
    tariffId: subscribed.tariffId,
    subscriptionId: subscribed.subscriptionId,
  };
}
