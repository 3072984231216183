import type { Player, PlayerPlaylist, PlayerType } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { type Entitlement, licenceOf } from "../../entitlement/entitlement.ts";
import type { PlayersStore } from "../players.store.ts";
import { playerErrors } from "./players.errors.ts";
import { playerAbilities } from "./players.policy.ts";
import type { PlayerRow } from "./players.repository.ts";

/**
 * What leaves the server of players, for every players service alike:
 * each row with its establishment's name (looked up once for a page) and
 * the caller's abilities, and a player's playlists marked playable while
 * its owner may play them.
 */

export interface PlayerPresenterDependencies {
  store: PlayersStore;
  establishments: { namesOf(ids: string[]): Promise<Map<string, string>> };
  /** What each venue's licence allows now (the entitlement module). */
  entitlement: Pick<Entitlement, "ofVenue" | "ofVenues">;
  /** Names of live playlists by id (the library). */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
}

export class PlayerPresenter {
  constructor(private readonly deps: PlayerPresenterDependencies) {}

  /** The player of an id a caller named; 404 when there is none. */
  async find(id: string): Promise<PlayerRow> {
    const row = await this.deps.store.players.findPlayer(id);
    if (!row) throw playerErrors.notFound();
    return row;
  }

  async presentOne(actor: Actor, row: PlayerRow): Promise<Player> {
    const [player] = await this.present(actor, [row]);
    if (!player) throw playerErrors.notFound();
    return player;
  }

  async present(actor: Actor, rows: PlayerRow[]): Promise<Player[]> {
    const venueIds = [...new Set(rows.map((row) => row.establishmentId))];
    const [names, licensed] = await Promise.all([
      this.deps.establishments.namesOf(venueIds),
      this.deps.entitlement.ofVenues(venueIds),
    ]);
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      establishmentId: row.establishmentId,
      establishmentName: names.get(row.establishmentId) ?? "",
      name: row.name,
      type: playerTypeOf(row.type),
      serialBoxNumber: row.serialBoxNumber,
      address: row.address,
      fallbackPlaylistId: row.fallbackPlaylistId,
      crossfadeSeconds: row.crossfadeSeconds,
      licence: licenceOf(licensed.get(row.establishmentId)),
      createdAt: row.createdAt.toISOString(),
      abilities: playerAbilities(actor, row),
    }));
  }

  /** The playlists on a player, each marked playable while its venue's licence allows it. */
  async presentPlaylists(player: PlayerRow): Promise<PlayerPlaylist[]> {
    const rows = await this.deps.store.players.playlistsOfPlayer(player.id);
    const [names, venue] = await Promise.all([
      this.deps.playlistNames(rows.map((row) => row.playlistId)),
      this.deps.entitlement.ofVenue(player.establishmentId),
    ]);
    return rows.map((row) => {
      const name = names.get(row.playlistId);
      return {
        playlistId: row.playlistId,
        // A playlist in the trash keeps its place but neither a name nor play.
        name: name ?? "Удалённый плейлист",
        playable: name !== undefined && venue.playable.has(row.playlistId),
        addedAt: row.createdAt.toISOString(),
      };
    });
  }
}

function playerTypeOf(value: string): PlayerType {
  return value === "boxPlayer" ? "boxPlayer" : "web";
}
