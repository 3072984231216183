import type { PlayerLiveState } from "@fonika/shared";
import type { EventBus, RealtimeMessage } from "../../../realtime/bus.ts";
import { playerRoom, userRoom } from "../../../realtime/hub.ts";
import type { PlayersStore } from "../players.store.ts";
import { isFresh } from "./live.policy.ts";
import type { PlayerStateRow, PlayerWithState } from "./live.repository.ts";

/**
 * A player's live state as the wire shows it, and the one way live news
 * leaves: through the bus to the player's room and its owner's, on every
 * process. The device's reports, the remote control and the schedule's
 * status all publish here.
 */
export class LiveStates {
  constructor(private readonly deps: { store: PlayersStore; bus: EventBus }) {}

  async stateOf(playerId: string): Promise<PlayerLiveState> {
    return presentState(playerId, await this.deps.store.live.findState(playerId));
  }

  /** The owner of a player; null when the player is gone. */
  ownerOf(playerId: string): Promise<string | null> {
    return this.deps.store.live.ownerOf(playerId);
  }

  /**
   * Tells the player's and its owner's sockets what changed, then its state
   * (the owner looked up when not given; `row` when the caller has just
   * written it, else read): one bus event for the whole change, its
   * messages in this order (`before`: the command and what it starts).
   */
  async publishState(
    playerId: string,
    ownerId?: string,
    row?: PlayerStateRow,
    before: readonly RealtimeMessage[] = [],
  ): Promise<void> {
    const owner = ownerId ?? (await this.ownerOf(playerId));
    if (!owner) return;
    await this.publish(playerId, owner, ...before, {
      type: "playerState",
      state: row ? presentState(playerId, row) : await this.stateOf(playerId),
    });
  }

  /** Tells each player's and its owner's sockets its state, as just read or written with its owner. */
  async publishRows(rows: readonly PlayerWithState[]): Promise<void> {
    for (const row of rows) {
      await this.publish(row.playerId, row.ownerId, {
        type: "playerState",
        state: presentState(row.playerId, row.state),
      });
    }
  }

  /** The owners of these players, by player (a player gone is left out). */
  async ownersOf(playerIds: readonly string[]): Promise<Map<string, string>> {
    const placements = await this.deps.store.players.findPlacements(playerIds);
    return new Map(placements.map((player) => [player.id, player.userId]));
  }

  /** Tells the player's and its owner's sockets these messages, in order, as one bus event. */
  publish(playerId: string, ownerId: string, ...messages: RealtimeMessage[]): Promise<void> {
    return this.deps.bus.publish({
      kind: "messages",
      rooms: [playerRoom(playerId), userRoom(ownerId)],
      messages,
    });
  }
}

/** The wire form of a player's state; a player that never connected is paused and offline. */
export function presentState(playerId: string, row: PlayerStateRow | null): PlayerLiveState {
  return {
    playerId,
    songId: row?.songId ?? null,
    previousSongId: row?.previousSongId ?? null,
    nextSongId: row?.nextSongId ?? null,
    playlistId: row?.playlistId ?? null,
    positionSeconds: row?.positionSeconds ?? 0,
    positionAt: row?.positionAt?.toISOString() ?? null,
    loop: row?.loop ?? false,
    shuffle: row?.shuffle ?? false,
    volume: row?.volume ?? 100,
    playing: row?.playing ?? false,
    online: isFresh(row?.heartbeatAt ?? null),
    lastSeenAt: row?.lastSeenAt?.toISOString() ?? null,
  };
}
