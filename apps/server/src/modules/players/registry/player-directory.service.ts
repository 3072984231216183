import { uuidSchema } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import type { Entitlement } from "../../entitlement/entitlement.ts";
import { onlineSince } from "../live/live.policy.ts";
import type { PlayersStore } from "../players.store.ts";
import { assertMayReadPlayer } from "./players.policy.ts";

/** How many players an establishment has, and how many of them are online. */
export interface PlayerCounts {
  players: number;
  online: number;
}

/** Where a player stands, as other modules name it: its owner, establishment and name. */
export interface PlayerPlace {
  userId: string;
  establishmentId: string;
  name: string;
}

export interface PlayerDirectoryDependencies {
  store: PlayersStore;
  /** What each venue's licence allows now (the entitlement module). */
  entitlement: Pick<Entitlement, "ofVenue">;
}

/**
 * What other modules read of players: where each stands (history files a
 * play under its venue; support names a client's players), which licensed
 * playlists are on one (the library lists their songs) and how many each
 * venue has (establishments). It needs only the players' tables and the
 * entitlement, so it is made before the library and every module that
 * asks (as the venues' VenueDirectory is), and the rest of players after
 * them (`players.ts`).
 */
export class PlayerDirectory {
  constructor(private readonly deps: PlayerDirectoryDependencies) {}

  /** Owners, establishments and names of players by id; unknown ids are left out. */
  async placesOf(ids: readonly string[]): Promise<Map<string, PlayerPlace>> {
    const valid = [...new Set(ids)].filter((id) => uuidSchema.safeParse(id).success);
    const rows = await this.deps.store.players.findPlayers(valid);
    return new Map(
      rows.map((row) => [
        row.id,
        { userId: row.userId, establishmentId: row.establishmentId, name: row.name },
      ]),
    );
  }

  /**
   * The playlists on a player that its venue's licence allows now, in the
   * order they were put on; null when there is no such player or it is not
   * the actor's to see (the library's song list for a player). One in the
   * trash may be among them: the library lists no song of a playlist in
   * the trash.
   */
  async playlistsOf(actor: Actor, playerId: string): Promise<string[] | null> {
    if (!uuidSchema.safeParse(playerId).success) return null;
    const player = await this.deps.store.players.findPlayer(playerId);
    if (!player) return null;
    try {
      assertMayReadPlayer(actor, player);
    } catch {
      return null;
    }
    const [rows, venue] = await Promise.all([
      this.deps.store.players.playlistsOfPlayer(player.id),
      this.deps.entitlement.ofVenue(player.establishmentId),
    ]);
    return rows.map((row) => row.playlistId).filter((id) => venue.playable.has(id));
  }

  /**
   * How many players each establishment has and how many of them are
   * online (the device's heartbeat is fresh, live.policy.ts); an
   * establishment without players is absent from the map.
   */
  async countsByEstablishment(
    establishmentIds: readonly string[],
  ): Promise<Map<string, PlayerCounts>> {
    return this.deps.store.players.countsByEstablishment([...establishmentIds], onlineSince());
  }
}
