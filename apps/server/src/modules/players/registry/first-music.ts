import type { EventBus } from "../../../realtime/bus.ts";
import type { PlayersStore } from "../players.store.ts";
import type { RegistryDependencies } from "./players.service.ts";

/**
 * A paired player plays (issue 28): a new player, however it is made,
 * starts with the first playlist (by name, Russian order) its venue's
 * subscription offers, put on it as its fallback; a player made before
 * its venue had a subscription gets it when it is paired. One the owner
 * gave a fallback or a playlist is left as they chose.
 */
export class FirstMusic {
  constructor(
    private readonly deps: Pick<RegistryDependencies, "entitlement" | "playlistNames"> & {
      store: PlayersStore;
      bus: Pick<EventBus, "publish">;
    },
  ) {}

  /** The first by name of the playlists a venue's subscription offers; none without. */
  async offeredAt(establishmentId: string): Promise<string | undefined> {
    const { offered } = await this.deps.entitlement.ofVenue(establishmentId);
    const names = await this.deps.playlistNames([...offered]);
    const byName = [...names].sort(([, a], [, b]) => a.localeCompare(b, "ru"));
    return byName[0]?.[0];
  }

  /**
   * The music a player made or paired without any starts with: none when
   * it has a fallback or a playlist of its own (the owner chose).
   */
  async of(player: {
    id: string;
    establishmentId: string;
    fallbackPlaylistId: string | null;
  }): Promise<string | undefined> {
    if (player.fallbackPlaylistId) return undefined;
    const own = await this.deps.store.players.playlistsOfPlayer(player.id);
    return own.length === 0 ? this.offeredAt(player.establishmentId) : undefined;
  }

  /** Gives a stored player without music its first (a box bound by its socket); its device hears it. */
  async give(playerId: string): Promise<void> {
    const player = await this.deps.store.players.findPlayer(playerId);
    const firstMusic = player && (await this.of(player));
    if (!firstMusic) return;
    await this.deps.store.withTx((tx) => startWithMusic(tx, playerId, firstMusic));
    await this.deps.bus.publish({ kind: "schedule-changed", rooms: [], playerIds: [playerId] });
  }
}

/** Puts the playlist on a new player as its fallback, all day until the owner schedules it. */
export async function startWithMusic(
  tx: PlayersStore,
  playerId: string,
  playlistId: string,
): Promise<void> {
  await tx.players.addPlayerPlaylist(playerId, playlistId);
  await tx.schedules.setFallback(playerId, playlistId);
}
