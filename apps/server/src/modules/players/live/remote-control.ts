import type { ServerSocketMessage } from "@fonika/shared";
import {
  nextAllowedSong,
  type OrderedTrack,
  type PlayOrderState,
  previousAllowedSong,
} from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { batched } from "../../../lib/batched.ts";
import type { RealtimeMessage } from "../../../realtime/bus.ts";
import type { PlayersStore } from "../players.store.ts";
import type { ControllablePlayer } from "../registry/players.service.ts";
import { liveErrors } from "./live.errors.ts";
import type { PlayerStateChange, StateWrite } from "./live.repository.ts";
import type { PlayerSocketMessage } from "./live.socket.ts";
import type { LiveStates } from "./live-states.ts";

/**
 * The remote control of a player (SPEC.md §4): a command of the owner's or
 * the device's socket changes the player's state — what plays, in which
 * order, loud, looped or shuffled — and is relayed to the device with what
 * follows from it (the song to play, a stop). Only playlists playable on
 * the player are played, and at a venue whose explicit filter is on no
 * explicit song is ever chosen: next, previous, shuffle and loop step over
 * them, and asking for one by name is refused.
 */

/** A track as the remote control chooses among them: its order and whether it is explicit. */
export interface PlayableTrack extends OrderedTrack {
  /** Marked obsceneLexicon: never chosen where the explicit filter is on. */
  explicit: boolean;
}

/** A command sent to a player: it needs the player's device connected. */
export type Command = Exclude<
  PlayerSocketMessage,
  { type: "playerStatus" | "songStarted" | "songEnded" }
>;

type OneColumnCommand = "pause" | "play" | "resumePlay" | "volume";

/** Commands whose change does not depend on the player's state before. */
const ONE_COLUMN_COMMANDS: ReadonlySet<Command["type"]> = new Set<OneColumnCommand>([
  "pause",
  "play",
  "resumePlay",
  "volume",
]);

function isOneColumn(message: Command): message is Extract<Command, { type: OneColumnCommand }> {
  return ONE_COLUMN_COMMANDS.has(message.type);
}

export interface RemoteControlDependencies {
  store: PlayersStore;
  /** The playable playlists on a player (null: not the actor's to see). */
  playlistsOf(actor: Actor, playerId: string): Promise<string[] | null>;
  /** The library's public face: each playlist's current version tracks in order. */
  playlistTracks(ids: readonly string[]): Promise<Map<string, PlayableTrack[]>>;
  /** Whether the explicit filter of the player's establishment is on (kept in memory). */
  explicitFilterOf(playerId: string): Promise<boolean>;
  states: LiveStates;
}

export class RemoteControl {
  /**
   * The pause, play and volume of commands handled meanwhile, written
   * together: one statement for each kind (issue 30). A burst of 1 000
   * owners' commands was 1 000 statements queued in the pool, each
   * command's state told only after its own.
   */
  private readonly writeOneColumn = batched(async (writes: readonly StateWrite[]) => {
    const rows = await this.deps.store.live.writeStates(writes);
    return new Map(writes.map((write, index) => [write, rows[index]]));
  });

  constructor(private readonly deps: RemoteControlDependencies) {}

  /**
   * Follows a command of `actor` on a player it may control; answers a
   * refusal for the sender only, or null once the command and what follows
   * were published.
   */
  async command(
    actor: Actor,
    player: ControllablePlayer,
    message: Command,
  ): Promise<ServerSocketMessage | null> {
    const { playerId, ownerId } = player;
    if (isOneColumn(message)) return this.setOneColumn(player, message);
    const state = await this.deps.store.live.findState(playerId);
    const order = {
      currentSongId: state?.songId ?? null,
      loop: state?.loop ?? false,
      shuffle: state?.shuffle ?? false,
      recentSongIds: state?.recentSongIds ?? [],
    };
    const follow: RealtimeMessage[] = [];
    let change: PlayerStateChange = {};
    const allowed = await this.allowedTracks(playerId);
    switch (message.type) {
      case "enableLoopPlayingRequested":
      case "disableLoopPlayingRequested": {
        const loop = message.type === "enableLoopPlayingRequested";
        const tracks = await this.tracksOf(state?.playlistId ?? null);
        change = { loop, nextSongId: nextAllowedSong(tracks, { ...order, loop }, allowed) };
        break;
      }
      case "shuffleRequested": {
        if (!(await this.mayPlay(actor, playerId, message.playlistId))) {
          return { type: "error", message: liveErrors.playlistNotOnPlayer };
        }
        const shuffle = !order.shuffle;
        const tracks = await this.tracksOf(message.playlistId);
        const next = { ...order, shuffle };
        change = {
          shuffle,
          nextSongId: nextAllowedSong(tracks, next, allowed),
          previousSongId: previousAllowedSong(tracks, next, allowed),
        };
        follow.push({
          type: "shuffle",
          playerId,
          shuffled: shuffle,
          nextSongId: change.nextSongId ?? null,
          previousSongId: change.previousSongId ?? null,
        });
        break;
      }
      case "playSongRequested":
      case "playPlaylistRequested":
      case "playNextSongRequested":
      case "playPrevSongRequested": {
        const playlistId =
          "playlistId" in message ? message.playlistId : (state?.playlistId ?? null);
        if (!playlistId || !(await this.mayPlay(actor, playerId, playlistId))) {
          return { type: "error", message: liveErrors.playlistNotOnPlayer };
        }
        const tracks = await this.tracksOf(playlistId);
        const isAllowed = (songId: string | null) =>
          songId !== null && tracks.some((track) => track.songId === songId && allowed(track));
        let songId: string | null;
        if (message.type === "playSongRequested") {
          const asked = tracks.find((track) => track.songId === message.songId);
          if (!asked) return { type: "error", message: liveErrors.songNotInPlaylist };
          if (!allowed(asked)) return { type: "error", message: liveErrors.explicitFiltered };
          songId = asked.songId;
        } else if (message.type === "playPlaylistRequested") {
          songId = nextAllowedSong(tracks, { ...order, currentSongId: null }, allowed);
        } else if (message.type === "playNextSongRequested") {
          const told = state?.nextSongId ?? null;
          // The next song told before the filter was turned on may be one it keeps out.
          songId =
            told !== null && (allowed === admitAll || isAllowed(told))
              ? told
              : nextAllowedSong(tracks, order, allowed);
        } else {
          songId =
            previousAllowedSong(tracks, order, allowed) ??
            (isAllowed(order.currentSongId) ? order.currentSongId : null);
        }
        ({ change } = this.play(playerId, playlistId, tracks, allowed, order, songId, follow));
        break;
      }
    }
    // The row written is the state to tell: no second read of it.
    const written =
      Object.keys(change).length > 0
        ? await this.deps.store.live.writeState(playerId, change)
        : undefined;
    // One bus event: the command, what it starts, and the state it leaves.
    await this.deps.states.publishState(playerId, ownerId, written, [message, ...follow]);
    return null;
  }

  /**
   * Pause, play and volume set one column whatever was playing: the
   * command goes out to the device and the owner's screens at once, the
   * state is written after and told with the row written (no read before
   * or after). The device obeys the command itself, so nothing it does
   * waits for the database; a failed write is logged, and the device's
   * next status report corrects the state.
   */
  private async setOneColumn(
    player: ControllablePlayer,
    message: Extract<Command, { type: OneColumnCommand }>,
  ): Promise<null> {
    const { playerId, ownerId } = player;
    await this.deps.states.publish(playerId, ownerId, message);
    const change: PlayerStateChange =
      message.type === "volume"
        ? { volume: Math.round(message.volume) }
        : message.type === "pause"
          ? // Paused by a person: silence by choice, no silence alert (issue 14).
            { playing: false, pausedAt: new Date() }
          : { playing: true, pausedAt: null };
    const written = await this.writeOneColumn({ playerId, change });
    if (!written || written instanceof Error) {
      throw new Error(`The state of player ${playerId} was not written`, { cause: written });
    }
    await this.deps.states.publishState(playerId, ownerId, written);
    return null;
  }

  /**
   * The explicit filter was turned on at the player's venue: a player on
   * an explicit song skips to the next allowed one (stops when there is
   * none, and a paused one is stopped, so that resuming cannot bring it
   * back); the next and previous songs it was told are chosen again.
   */
  async skipExplicit(player: ControllablePlayer): Promise<void> {
    const { playerId, ownerId } = player;
    const state = await this.deps.store.live.findState(playerId);
    if (!state?.playlistId) return;
    const allowed = await this.allowedTracks(playerId);
    const tracks = await this.tracksOf(state.playlistId);
    const explicit = new Set(
      tracks.filter((track) => !allowed(track)).map((track) => track.songId),
    );
    if (explicit.size === 0) return;
    const order = {
      currentSongId: state.songId,
      loop: state.loop,
      shuffle: state.shuffle,
      recentSongIds: state.recentSongIds,
    };
    const follow: RealtimeMessage[] = [];
    let change: PlayerStateChange;
    if (state.songId && explicit.has(state.songId)) {
      const songId = state.playing ? nextAllowedSong(tracks, order, allowed) : null;
      ({ change } = this.play(playerId, state.playlistId, tracks, allowed, order, songId, follow));
    } else if (
      (state.nextSongId && explicit.has(state.nextSongId)) ||
      (state.previousSongId && explicit.has(state.previousSongId))
    ) {
      change = {
        nextSongId: nextAllowedSong(tracks, order, allowed),
        previousSongId: previousAllowedSong(tracks, order, allowed),
      };
    } else {
      return;
    }
    const written = await this.deps.store.live.writeState(playerId, change);
    await this.deps.states.publishState(playerId, ownerId, written, follow);
  }

  /**
   * Starts `songId` of the playlist (null: stops), with the previous and
   * next allowed songs: the state to write and the message that goes out.
   */
  private play(
    playerId: string,
    playlistId: string,
    tracks: readonly PlayableTrack[],
    allowed: (track: PlayableTrack) => boolean,
    order: PlayOrderState,
    songId: string | null,
    follow: RealtimeMessage[],
  ): { change: PlayerStateChange } {
    if (!songId) {
      follow.push({ type: "stopPlay", playerId });
      return { change: { playing: false } };
    }
    const played = {
      ...order,
      currentSongId: songId,
      recentSongIds: [...order.recentSongIds, songId],
    };
    const currentAllowed = tracks.some(
      (track) => track.songId === order.currentSongId && allowed(track),
    );
    const previousSongId = order.shuffle
      ? currentAllowed
        ? order.currentSongId
        : null
      : previousAllowedSong(tracks, played, allowed);
    const nextSongId = nextAllowedSong(tracks, played, allowed);
    follow.push({ type: "playSong", playerId, songId, playlistId, previousSongId, nextSongId });
    return {
      change: {
        songId,
        playlistId,
        previousSongId,
        nextSongId,
        playing: true,
        pausedAt: null,
        positionSeconds: 0,
      },
    };
  }

  /** Which tracks may be chosen for the player: all, or the non-explicit where its venue filters. */
  private async allowedTracks(playerId: string): Promise<(track: PlayableTrack) => boolean> {
    return (await this.deps.explicitFilterOf(playerId)) ? notExplicit : admitAll;
  }

  private async mayPlay(actor: Actor, playerId: string, playlistId: string): Promise<boolean> {
    const playable = await this.deps.playlistsOf(actor, playerId);
    return playable?.includes(playlistId) ?? false;
  }

  private async tracksOf(playlistId: string | null): Promise<PlayableTrack[]> {
    if (!playlistId) return [];
    return (await this.deps.playlistTracks([playlistId])).get(playlistId) ?? [];
  }
}

const admitAll = (_track: PlayableTrack) => true;
const notExplicit = (track: PlayableTrack) => !track.explicit;
