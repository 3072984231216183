import type { ServerSocketMessage } from "@fonika/shared";
import type { Database } from "../../db/client.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { RealtimeMessage } from "../../realtime/bus.ts";
import type { PlayerSocketMessage } from "../../realtime/player-control.ts";
import type { ControllablePlayer } from "../../realtime/player-directory.ts";
import { liveErrors } from "./live.errors.ts";
import type { PlayerStateChange } from "./live.repository.ts";
import * as repository from "./live.repository.ts";
import type { LiveStates } from "./live-states.ts";
import { nextSong, type OrderedTrack, previousSong } from "./play-order.ts";

/**
 * The remote control of a player (SPEC.md §4): a command of the owner's or
 * the device's socket changes the player's state — what plays, in which
 * order, loud, looped or shuffled — and is relayed to the device with what
 * follows from it (the song to play, a stop). Only playlists playable on
 * the player are played.
 */

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
  db: Database;
  /** The playable playlists on a player (null: not the actor's to see). */
  playlistsOf(actor: Actor, playerId: string): Promise<string[] | null>;
  /** The library's public face: each playlist's current version tracks in order. */
  playlistTracks(ids: readonly string[]): Promise<Map<string, OrderedTrack[]>>;
  states: LiveStates;
}

export class RemoteControl {
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
    const state = await repository.findState(this.deps.db, playerId);
    const order = {
      currentSongId: state?.songId ?? null,
      loop: state?.loop ?? false,
      shuffle: state?.shuffle ?? false,
      recentSongIds: state?.recentSongIds ?? [],
    };
    const follow: RealtimeMessage[] = [];
    let change: PlayerStateChange = {};
    switch (message.type) {
      case "enableLoopPlayingRequested":
      case "disableLoopPlayingRequested": {
        const loop = message.type === "enableLoopPlayingRequested";
        const tracks = await this.tracksOf(state?.playlistId ?? null);
        change = { loop, nextSongId: nextSong(tracks, { ...order, loop }) };
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
          nextSongId: nextSong(tracks, next),
          previousSongId: previousSong(tracks, next),
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
        let songId: string | null;
        if (message.type === "playSongRequested") {
          songId = tracks.some((track) => track.songId === message.songId) ? message.songId : null;
          if (!songId) return { type: "error", message: liveErrors.songNotInPlaylist };
        } else if (message.type === "playPlaylistRequested") {
          songId = nextSong(tracks, { ...order, currentSongId: null });
        } else if (message.type === "playNextSongRequested") {
          songId = state?.nextSongId ?? nextSong(tracks, order);
        } else {
          songId = previousSong(tracks, order) ?? order.currentSongId;
        }
        if (!songId) {
          follow.push({ type: "stopPlay", playerId });
          change = { playing: false };
          break;
        }
        const played = {
          ...order,
          currentSongId: songId,
          recentSongIds: [...order.recentSongIds, songId],
        };
        const previousSongId = order.shuffle ? order.currentSongId : previousSong(tracks, played);
        const nextSongId = nextSong(tracks, played);
        change = {
          songId,
          playlistId,
          previousSongId,
          nextSongId,
          playing: true,
          pausedAt: null,
          positionSeconds: 0,
        };
        follow.push({ type: "playSong", playerId, songId, playlistId, previousSongId, nextSongId });
        break;
      }
    }
    // The row written is the state to tell: no second read of it.
    const written =
      Object.keys(change).length > 0
        ? await repository.writeState(this.deps.db, playerId, change)
        : undefined;
    await this.deps.states.publish(playerId, ownerId, message);
    for (const next of follow) await this.deps.states.publish(playerId, ownerId, next);
    await this.deps.states.publishState(playerId, ownerId, written);
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
    const written = await repository.writeState(this.deps.db, playerId, change);
    await this.deps.states.publishState(playerId, ownerId, written);
    return null;
  }

  private async mayPlay(actor: Actor, playerId: string, playlistId: string): Promise<boolean> {
    const playable = await this.deps.playlistsOf(actor, playerId);
    return playable?.includes(playlistId) ?? false;
  }

  private async tracksOf(playlistId: string | null): Promise<OrderedTrack[]> {
    if (!playlistId) return [];
    return (await this.deps.playlistTracks([playlistId])).get(playlistId) ?? [];
  }
}
