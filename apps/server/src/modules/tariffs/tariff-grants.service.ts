import type { TariffRef } from "@fonika/shared";
import type { TariffsStore } from "./tariffs.store.ts";

/** A playlist a tariff grants: to every subscriber (`userId` null) or to one client. */
export interface PlaylistGrant {
  tariffId: string;
  userId: string | null;
  playlistId: string;
}

/**
 * The playlists tariffs grant, read for the entitlement module (issue 27)
 * and for the library, which names the tariffs of a playlist to content
 * managers (issue 28). It needs only the tariffs' store, so it is made
 * before every module that asks (`createTariffGrants`).
 */
export class TariffGrants {
  constructor(private readonly store: TariffsStore) {}

  /**
   * The grants of these tariffs to every subscriber, and those to these
   * users personally, in one query.
   */
  playlistsOf(tariffIds: readonly string[], userIds: readonly string[]): Promise<PlaylistGrant[]> {
    return this.store.tariffs.playlistGrants(tariffIds, userIds);
  }

  /**
   * For each of these playlists, the tariffs that hold it for every
   * subscriber, by name; a playlist in none is left out of the map.
   */
  async tariffsHolding(playlistIds: readonly string[]): Promise<Map<string, TariffRef[]>> {
    const rows = await this.store.tariffs.tariffsHoldingPlaylists(playlistIds);
    const byPlaylist = new Map<string, TariffRef[]>();
    for (const { playlistId, ...tariff } of rows) {
      const list = byPlaylist.get(playlistId) ?? [];
      list.push(tariff);
      byPlaylist.set(playlistId, list);
    }
    return byPlaylist;
  }
}
