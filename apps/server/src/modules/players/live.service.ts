import type {
  PlayEnding,
  PlayerLiveState,
  ScheduleDecision,
  ServerSocketMessage,
} from "@fonika/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { EventBus, RealtimeMessage } from "../../realtime/bus.ts";
import { playerRoom, userRoom } from "../../realtime/hub.ts";
import type { PlayerControl, PlayerSocketMessage } from "../../realtime/player-control.ts";
import type { ControllablePlayer } from "../../realtime/player-directory.ts";
import { liveErrors } from "./live.errors.ts";
import type { PlayerStateChange, PlayerStateRow } from "./live.repository.ts";
import * as repository from "./live.repository.ts";
import { nextSong, type OrderedTrack, previousSong, SHUFFLE_MEMORY } from "./play-order.ts";

/** The history module's port: every play a player reports (issue 13, broadcast history). */
export interface PlayHistory {
  recordStarted(report: {
    playId: string;
    playerId: string;
    songId: string;
    playlistId: string | null;
    fallback: boolean;
    startedAt: Date;
  }): Promise<void>;
  recordEnded(playId: string, endedAt: Date, ending: PlayEnding): Promise<void>;
}

export interface LiveDependencies {
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  history: PlayHistory;
  /** The player `actor` may control (the players' directory rule). */
  findControllable(actor: Actor, playerId: string): Promise<ControllablePlayer | null>;
  /** The playable playlists on a player (null: not the actor's to see). */
  playlistsOf(actor: Actor, playerId: string): Promise<string[] | null>;
  /** The library's public face: each playlist's current version tracks in order. */
  playlistTracks(ids: readonly string[]): Promise<Map<string, OrderedTrack[]>>;
  /** What each player plays now by its schedule (schedules). */
  decide(playerIds: string[], instantMs: number): Promise<Map<string, ScheduleDecision>>;
}

/**
 * A player is online while its device's socket renewed the heartbeat this
 * recently (it pings every 4 s; three missed pings and it is offline).
 */
export const HEARTBEAT_FRESH_MS = 12_000;

/**
 * The pings of this process's devices are written together, once in this
 * long: three statements for all of them instead of three for each ping
 * (1 000 box players ping 250 times a second, and each write held up the
 * commands behind it). Written once a second, the batch itself stalled
 * commands for 50-70 ms on PGlite; four smaller ones do not. The delay is
 * far inside HEARTBEAT_FRESH_MS.
 */
export const HEARTBEAT_WRITE_MS = 250;

/** A command sent to a player: it needs the player's device connected. */
type Command = Exclude<PlayerSocketMessage, { type: "playerStatus" | "songStarted" | "songEnded" }>;

/** Commands whose change does not depend on the player's state before. */
const ONE_COLUMN_COMMANDS = new Set<Command["type"]>(["pause", "play", "resumePlay", "volume"]);

/**
 * The live state of players and their remote control (SPEC.md §3 player
 * state, §4 player socket): commands of the owner's and the device's
 * sockets, the device's reports, the order songs play in, and the
 * schedule's `status` pushed to a connected device. Every message goes out
 * through the bus to the player's room and its owner's, on every process.
 */
export class LiveService implements PlayerControl {
  /** Sockets of each player's device on this process. */
  private readonly localDevices = new Map<string, number>();
  /** When to decide again for a player whose device is connected here. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly stopListening: () => void;
  /** Venues whose device pinged since the heartbeats were last written, by owner and venue. */
  private readonly pinged = new Map<string, { ownerId: string; establishmentId: string }>();
  private heartbeatTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: LiveDependencies) {
    this.stopListening = deps.bus.subscribe((event) => {
      if (event.kind !== "schedule-changed") return;
      const here = event.playerIds.filter((id) => this.localDevices.has(id));
      if (here.length > 0) void this.pushStatus(here);
    });
  }

  async snapshot(actor: Actor): Promise<ServerSocketMessage[]> {
    if (actor.sessionKind === "device" && !actor.establishmentId) return [];
    const rows = await repository.playersWithState(this.deps.db, {
      ownerId: actor.userId,
      establishmentId: actor.sessionKind === "device" ? actor.establishmentId : undefined,
    });
    return rows.map((row) => ({ type: "playerState", state: present(row.playerId, row.state) }));
  }

  async opened(actor: Actor): Promise<void> {
    if (actor.sessionKind !== "device") return;
    const ids = await this.devicePlayerIds(actor);
    for (const id of ids) this.localDevices.set(id, (this.localDevices.get(id) ?? 0) + 1);
    await repository.renewHeartbeats(this.deps.db, ids, HEARTBEAT_FRESH_MS);
    for (const id of ids) await this.publishState(id);
    await this.pushStatus(ids);
  }

  /** Notes a device's ping; its players' heartbeats are written within HEARTBEAT_WRITE_MS. */
  async alive(actor: Actor): Promise<void> {
    if (actor.sessionKind !== "device" || !actor.establishmentId) return;
    const { userId: ownerId, establishmentId } = actor;
    this.pinged.set(`${ownerId} ${establishmentId}`, { ownerId, establishmentId });
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setTimeout(() => void this.writeHeartbeats(), HEARTBEAT_WRITE_MS);
    this.heartbeatTimer.unref();
  }

  async closed(actor: Actor): Promise<void> {
    if (actor.sessionKind !== "device") return;
    // A ping noted before the close must not bring its players back online.
    this.pinged.delete(`${actor.userId} ${actor.establishmentId}`);
    const ids = await this.devicePlayerIds(actor);
    for (const id of ids) {
      const left = (this.localDevices.get(id) ?? 1) - 1;
      if (left > 0) {
        this.localDevices.set(id, left);
        continue;
      }
      this.localDevices.delete(id);
      clearTimeout(this.timers.get(id));
      this.timers.delete(id);
      // The device is gone from this process: what it played ends here.
      const state = await repository.findState(this.deps.db, id);
      if (state?.currentPlayId) {
        await this.deps.history.recordEnded(state.currentPlayId, new Date(), "offline");
      }
      await repository.writeState(this.deps.db, id, {
        heartbeatAt: null,
        lastSeenAt: new Date(),
        currentPlayId: null,
        playing: false,
      });
      await this.publishState(id);
    }
  }

  async handle(actor: Actor, message: PlayerSocketMessage): Promise<ServerSocketMessage | null> {
    const player = await this.deps.findControllable(actor, message.playerId);
    if (!player) return { type: "error", message: liveErrors.playerNotFound };
    const playerId = player.playerId;
    if (
      message.type === "playerStatus" ||
      message.type === "songStarted" ||
      message.type === "songEnded"
    ) {
      if (actor.sessionKind !== "device") return { type: "error", message: liveErrors.onlyDevice };
      await this.report(player, message);
      return null;
    }
    if (actor.sessionKind !== "device" && !(await this.isOnline(playerId))) {
      return { type: "needToStartPlayerError", playerId };
    }
    return this.command(actor, player, { ...message, playerId } as Command);
  }

  /** The REST face of a command (SPEC.md §7): the same rules, the refusal as an error. */
  async commandOverHttp(actor: Actor, message: Command): Promise<PlayerLiveState> {
    const answer = await this.handle(actor, message);
    if (answer?.type === "needToStartPlayerError") throw liveErrors.playerNotStarted();
    if (answer?.type === "error") throw liveErrors.refused(answer.message);
    return this.stateOf(message.playerId);
  }

  /** A player's state for an actor who may control it (404 otherwise). */
  async stateFor(actor: Actor, playerId: string): Promise<PlayerLiveState> {
    const player = await this.deps.findControllable(actor, playerId);
    if (!player) throw liveErrors.notFound();
    return this.stateOf(player.playerId);
  }

  async stateOf(playerId: string): Promise<PlayerLiveState> {
    return present(playerId, await repository.findState(this.deps.db, playerId));
  }

  /** Decides again for these players and tells their sockets (`status`); sets the next decision. */
  async pushStatus(playerIds: string[]): Promise<void> {
    if (playerIds.length === 0) return;
    try {
      const decisions = await this.deps.decide(playerIds, Date.now());
      for (const [playerId, decision] of decisions) {
        const owner = await this.ownerOf(playerId);
        if (!owner) continue;
        await this.publish(playerId, owner, {
          type: "status",
          playerId,
          schedule: {
            playlistId: decision.playlistId,
            scheduleId: decision.windowId,
            fallback: decision.fallback,
            until: new Date(decision.decideAgainAt).toISOString(),
          },
        });
        this.decideAgainAt(playerId, decision.decideAgainAt);
      }
    } catch (error) {
      this.deps.log.error({ err: error, playerIds }, "player schedule status failed");
    }
  }

  /** Stops listening and the timers of this process (the app closes). */
  stop(): void {
    this.stopListening();
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    this.pinged.clear();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Renews the heartbeats of the venues that pinged; tells who came online. */
  private async writeHeartbeats(): Promise<void> {
    this.heartbeatTimer = undefined;
    const venues = [...this.pinged.values()];
    this.pinged.clear();
    try {
      const ids = await repository.playerIdsOfVenues(this.deps.db, venues);
      const cameOnline = await repository.renewHeartbeats(this.deps.db, ids, HEARTBEAT_FRESH_MS);
      for (const id of cameOnline) await this.publishState(id);
    } catch (error) {
      this.deps.log.error({ err: error }, "player heartbeats failed");
    }
  }

  private decideAgainAt(playerId: string, atMs: number): void {
    clearTimeout(this.timers.get(playerId));
    if (!this.localDevices.has(playerId)) return;
    // A timer longer than ~24.8 days overflows; deciding again earlier is harmless.
    const delay = Math.min(Math.max(atMs - Date.now(), 0), 2 ** 31 - 1);
    const timer = setTimeout(() => void this.pushStatus([playerId]), delay);
    timer.unref();
    this.timers.set(playerId, timer);
  }

  private async report(
    player: ControllablePlayer,
    message: Extract<PlayerSocketMessage, { type: "playerStatus" | "songStarted" | "songEnded" }>,
  ): Promise<void> {
    const { playerId } = player;
    const state = await repository.findState(this.deps.db, playerId);
    if (message.type === "playerStatus") {
      await repository.writeState(this.deps.db, playerId, {
        songId: message.songId,
        playlistId: message.playlistId,
        positionSeconds: message.positionSeconds,
        positionAt: new Date(),
        volume: Math.round(message.volume),
        playing: message.playing,
        heartbeatAt: new Date(),
        lastSeenAt: new Date(),
      });
    } else if (message.type === "songStarted") {
      const startedAt = new Date(message.startedAt);
      await this.deps.history.recordStarted({
        playId: message.playId,
        playerId,
        songId: message.songId,
        playlistId: message.playlistId,
        fallback: message.fallback,
        startedAt,
      });
      const recent = [...(state?.recentSongIds ?? []), message.songId].slice(-SHUFFLE_MEMORY);
      const order = {
        currentSongId: message.songId,
        loop: state?.loop ?? false,
        shuffle: state?.shuffle ?? false,
        recentSongIds: recent,
      };
      const tracks = await this.tracksOf(message.playlistId);
      await repository.writeState(this.deps.db, playerId, {
        songId: message.songId,
        playlistId: message.playlistId,
        previousSongId: state?.songId && state.songId !== message.songId ? state.songId : null,
        nextSongId: nextSong(tracks, order),
        currentPlayId: message.playId,
        recentSongIds: recent,
        positionSeconds: 0,
        positionAt: startedAt,
        playing: true,
      });
    } else {
      await this.deps.history.recordEnded(
        message.playId,
        new Date(message.endedAt),
        message.ending,
      );
      if (state?.currentPlayId === message.playId) {
        await repository.writeState(this.deps.db, playerId, {
          currentPlayId: null,
          ...(message.ending === "stopped" ? { playing: false } : {}),
        });
      }
    }
    await this.publishState(playerId, player.ownerId);
  }

  private async command(
    actor: Actor,
    player: ControllablePlayer,
    message: Command,
  ): Promise<ServerSocketMessage | null> {
    const { playerId, ownerId } = player;
    // Pause, play and volume set one column whatever was played: no read before the write.
    const state = ONE_COLUMN_COMMANDS.has(message.type)
      ? null
      : await repository.findState(this.deps.db, playerId);
    const order = {
      currentSongId: state?.songId ?? null,
      loop: state?.loop ?? false,
      shuffle: state?.shuffle ?? false,
      recentSongIds: state?.recentSongIds ?? [],
    };
    const follow: RealtimeMessage[] = [];
    let change: PlayerStateChange = {};
    switch (message.type) {
      case "pause":
        change = { playing: false };
        break;
      case "play":
      case "resumePlay":
        change = { playing: true };
        break;
      case "volume":
        change = { volume: Math.round(message.volume) };
        break;
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
    await this.publish(playerId, ownerId, message);
    for (const next of follow) await this.publish(playerId, ownerId, next);
    await this.publishState(playerId, ownerId, written);
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

  private async isOnline(playerId: string): Promise<boolean> {
    if (this.localDevices.has(playerId)) return true;
    const state = await repository.findState(this.deps.db, playerId);
    return isFresh(state?.heartbeatAt ?? null);
  }

  /** The players a device session plays: its owner's in its establishment. */
  private async devicePlayerIds(actor: Actor): Promise<string[]> {
    if (!actor.establishmentId) return [];
    const rows = await repository.playersWithState(this.deps.db, {
      ownerId: actor.userId,
      establishmentId: actor.establishmentId,
    });
    return rows.map((row) => row.playerId);
  }

  private ownerOf(playerId: string): Promise<string | null> {
    return repository.ownerOf(this.deps.db, playerId);
  }

  /** Tells a player's state to its rooms: `row` when the caller has just written it, else read. */
  private async publishState(
    playerId: string,
    ownerId?: string,
    row?: PlayerStateRow,
  ): Promise<void> {
    const owner = ownerId ?? (await this.ownerOf(playerId));
    if (!owner) return;
    await this.publish(playerId, owner, {
      type: "playerState",
      state: row ? present(playerId, row) : await this.stateOf(playerId),
    });
  }

  private publish(playerId: string, ownerId: string, message: RealtimeMessage): Promise<void> {
    return this.deps.bus.publish({
      kind: "message",
      rooms: [playerRoom(playerId), userRoom(ownerId)],
      message,
    });
  }
}

function isFresh(heartbeatAt: Date | null): boolean {
  return heartbeatAt !== null && Date.now() - heartbeatAt.getTime() < HEARTBEAT_FRESH_MS;
}

/** The wire form of a player's state; a player that never connected is paused and offline. */
function present(playerId: string, row: PlayerStateRow | null): PlayerLiveState {
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
