import type { Executor } from "../../db/client.ts";
import * as repository from "./tariffs.repository.ts";

/** A playlist a tariff grants: to every subscriber (`userId` null) or to one client. */
export interface PlaylistGrant {
  tariffId: string;
  userId: string | null;
  playlistId: string;
}

/**
 * The playlists tariffs grant, read for the entitlement module (issue 27).
 * It needs only the database, so it is made before every module that asks
 * what may play.
 */
export class TariffGrants {
  constructor(private readonly db: Executor) {}

  /**
   * The grants of these tariffs to every subscriber, and those to these
   * users personally, in one query.
   */
  playlistsOf(tariffIds: readonly string[], userIds: readonly string[]): Promise<PlaylistGrant[]> {
    return repository.playlistGrants(this.db, tariffIds, userIds);
  }
}
