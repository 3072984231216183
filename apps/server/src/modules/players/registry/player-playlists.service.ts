import type { Player, PlayerPlaylist } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { assertMayReadClient } from "../../../lib/client-access.ts";
import { playerErrors } from "./players.errors.ts";
import { assertMayChangePlayer, assertMayReadPlayer } from "./players.policy.ts";
import { PlayerPresenter } from "./players.presenter.ts";
import type { RegistryDependencies } from "./players.service.ts";

export type PlayerPlaylistsDependencies = Pick<
  RegistryDependencies,
  "store" | "bus" | "establishments" | "entitlement" | "playlistNames"
>;

/**
 * The playlists put on players: only those the player's owner may play
 * now go on; taking one off takes its schedule windows and the fallback
 * with it and tells the player (`schedule-changed`).
 */
export class PlayerPlaylistsService {
  private readonly presenter: PlayerPresenter;

  constructor(private readonly deps: PlayerPlaylistsDependencies) {
    this.presenter = new PlayerPresenter(deps);
  }

  /** The playlists on a player, each marked playable while its owner may play it. */
  async playlists(actor: Actor, id: string): Promise<PlayerPlaylist[]> {
    const player = await this.presenter.find(id);
    assertMayReadPlayer(actor, player);
    return this.presenter.presentPlaylists(player);
  }

  /** Puts a playlist on a player: only one its owner may play (else 403). */
  async addPlaylist(actor: Actor, id: string, playlistId: string): Promise<PlayerPlaylist[]> {
    const player = await this.presenter.find(id);
    assertMayChangePlayer(actor, player);
    // What the venue's subscription offers may be put on before it is active; it plays once it is.
    const { offered } = await this.deps.entitlement.ofVenue(player.establishmentId);
    if (!offered.has(playlistId)) throw playerErrors.playlistNotAllowed();
    // A granted playlist may have gone to the trash since: then it is not there to add.
    if (!(await this.deps.playlistNames([playlistId])).has(playlistId)) {
      throw playerErrors.playlistNotAllowed();
    }
    if (!(await this.deps.store.players.addPlayerPlaylist(id, playlistId))) {
      throw playerErrors.playlistAlreadyAdded();
    }
    return this.presenter.presentPlaylists(player);
  }

  async removePlaylist(actor: Actor, id: string, playlistId: string): Promise<PlayerPlaylist[]> {
    const player = await this.presenter.find(id);
    assertMayChangePlayer(actor, player);
    // Its windows go with it (the schedule's foreign key), and so does the fallback.
    const removed = await this.deps.store.withTx(async (tx) => {
      if (!(await tx.players.removePlayerPlaylist(id, playlistId))) return false;
      if (player.fallbackPlaylistId === playlistId) await tx.players.clearFallback(id);
      return true;
    });
    if (!removed) throw playerErrors.playlistNotOnPlayer();
    await this.deps.bus.publish({ kind: "schedule-changed", rooms: [], playerIds: [id] });
    return this.presenter.presentPlaylists(player);
  }

  /** A user's players that hold a playlist. */
  async playersWithPlaylist(actor: Actor, userId: string, playlistId: string): Promise<Player[]> {
    assertMayReadClient(actor, userId);
    const rows = await this.deps.store.players.playersWithPlaylist(userId, playlistId);
    return this.presenter.present(
      actor,
      rows.map((row) => row.player),
    );
  }
}
