import { nextSong, type OrderedTrack, SHUFFLE_MEMORY } from "@fonika/shared";
import type { ServiceLog } from "../../../kernel/service-log.ts";
import type { PlayRecorder } from "../../history/history.ts";
import type { PlayersStore } from "../players.store.ts";
import type { ControllablePlayer } from "../registry/players.service.ts";
import type { DevicesElsewhere } from "./devices-elsewhere.ts";
import { DEVICE_SILENT_MS, HEARTBEAT_FRESH_MS, onlineSince } from "./live.policy.ts";
import type { PlayerStateRow } from "./live.repository.ts";
import type { PlayerSocketMessage } from "./live.socket.ts";
import type { LiveStates } from "./live-states.ts";
import type { ToldSongs } from "./told-songs.ts";

/**
 * What a player's device reports of itself (SPEC.md §4): its status, the
 * plays it starts and ends — each filed in the broadcast history — and the
 * plays a device left open when it went away, ended `offline` whether it
 * closed its socket or went silent.
 */

/** A message only a player's own device sends: what it does. */
export type DeviceReport = Extract<
  PlayerSocketMessage,
  { type: "playerStatus" | "songStarted" | "songEnded" }
>;

/** Whether a socket message is a device's report rather than a command. */
export function isDeviceReport(message: PlayerSocketMessage): message is DeviceReport {
  return (
    message.type === "playerStatus" ||
    message.type === "songStarted" ||
    message.type === "songEnded"
  );
}

export interface DeviceReportsDependencies {
  store: PlayersStore;
  log: ServiceLog;
  /**
   * The broadcast history (its face's recorder): every play a player
   * reports, checked against where it came from (issue 27); a refused
   * start is not in the history, so it changes nothing here either.
   */
  history: PlayRecorder;
  /** The library's public face: each playlist's current version tracks in order. */
  playlistTracks(ids: readonly string[]): Promise<Map<string, OrderedTrack[]>>;
  states: LiveStates;
  /** What the devices here were told to play: a report of a song a newer command replaced is stale. */
  told: ToldSongs;
  /** The other processes, told that the devices here are gone. */
  elsewhere: DevicesElsewhere;
}

export class DeviceReports {
  /** Looks for devices gone without a word (see `endLapsedPlays`). */
  private lapseSweep: NodeJS.Timeout | undefined;
  /**
   * The play each player of this process's devices is on, as its state row
   * says too: a player removed while its device plays loses that row with
   * it, and the play still ends when the device leaves.
   */
  private readonly currentPlays = new Map<string, string>();

  constructor(private readonly deps: DeviceReportsDependencies) {}

  /**
   * Starts looking for plays left open. When the database belongs to this
   * process alone (PGlite: DATA_DIR is locked to one process), every play
   * open at start was left by this process's own death, and they are ended
   * once, now; nothing polls after. On a shared database another process
   * may die at any time, and every process sweeps every DEVICE_SILENT_MS for
   * the plays of devices whose heartbeat is cleared (gone silent) or older
   * than twice the online rule (their process died).
   */
  async start(devicesDieWithProcess: boolean): Promise<void> {
    if (devicesDieWithProcess) {
      await this.endLapsedPlays(new Date());
      return;
    }
    this.lapseSweep = setInterval(
      () => void this.endLapsedPlays(onlineSince(Date.now() - HEARTBEAT_FRESH_MS)),
      DEVICE_SILENT_MS,
    );
    this.lapseSweep.unref();
  }

  /**
   * Files a report of the player's device, sent under the device session
   * `sessionId`: its state, the history, and the news of both. A start the
   * history refuses changes nothing.
   */
  async report(
    player: ControllablePlayer,
    message: DeviceReport,
    sessionId: string,
  ): Promise<void> {
    const { playerId } = player;
    const state = await this.deps.store.live.findState(playerId);
    if (message.type === "playerStatus") {
      if (this.deps.told.judgeStatus(playerId, message.songId) === "stale") {
        // Sent before the device heard a newer command: what plays is that command's.
        await this.deps.store.live.writeState(playerId, {
          volume: Math.round(message.volume),
          heartbeatAt: new Date(),
          lastSeenAt: new Date(),
        });
        return;
      }
      await this.deps.store.live.writeState(playerId, {
        songId: message.songId,
        playlistId: message.playlistId,
        positionSeconds: message.positionSeconds,
        positionAt: new Date(),
        volume: Math.round(message.volume),
        playing: message.playing,
        // It plays again, whatever paused it.
        ...(message.playing ? { pausedAt: null } : {}),
        heartbeatAt: new Date(),
        lastSeenAt: new Date(),
      });
    } else if (message.type === "songStarted") {
      const startedAt = new Date(message.startedAt);
      if (this.deps.told.judgeStart(playerId, message.songId) === "stale") {
        // Begun before the device heard a newer command («next» twice): it
        // sounded, so it is filed and ended as any play, but what plays is
        // the newer command's song, which the device starts next. Written,
        // it would bring the song back and the next command would repeat it.
        await this.deps.store.live.writeState(playerId, { currentPlayId: message.playId });
      } else {
        await this.writeStarted(player, message, state);
      }
      this.currentPlays.set(playerId, message.playId);
      const refusal = await this.deps.history.recordStarted(
        {
          playId: message.playId,
          playerId,
          songId: message.songId,
          playlistId: message.playlistId,
          fallback: message.fallback,
          startedAt,
        },
        { sessionId },
      );
      if (refusal === undefined && state?.currentPlayId && state.currentPlayId !== message.playId) {
        // The play before was never ended by its device (it came back after its server died):
        // it ended, at the latest, when this one began.
        await this.deps.history.recordEnded(state.currentPlayId, startedAt, "offline");
      }
      return;
    } else {
      await this.deps.history.recordEnded(
        message.playId,
        new Date(message.endedAt),
        message.ending,
        { playerId },
      );
      if (this.currentPlays.get(playerId) === message.playId) this.currentPlays.delete(playerId);
      if (state?.currentPlayId === message.playId) {
        await this.deps.store.live.writeState(playerId, {
          currentPlayId: null,
          ...(message.ending === "stopped" ? { playing: false } : {}),
        });
      }
    }
    await this.deps.states.publishState(playerId, player.ownerId);
  }

  /**
   * The devices of these players left this process (one presence turn):
   * what each played ends `offline`, and they show offline, in one write
   * for all. A player removed meanwhile (its state row went with it) has
   * its play ended and nothing written.
   */
  async devicesLeft(playerIds: readonly string[]): Promise<void> {
    const states = await this.deps.store.live.findStates(playerIds);
    const now = new Date();
    for (const playerId of playerIds) {
      const state = states.get(playerId);
      const playId = state ? state.currentPlayId : this.currentPlays.get(playerId);
      this.currentPlays.delete(playerId);
      if (playId) await this.deps.history.recordEnded(playId, now, "offline");
    }
    const written = await this.deps.store.live.writeDevicesLeft([...states.keys()], now);
    await this.deps.states.publishRows(written);
    await this.deps.elsewhere.gone(playerIds.map((playerId) => ({ playerId, at: now.getTime() })));
  }

  /**
   * Ends the plays of devices that went silent without closing their socket
   * (their server process died, the venue's line was cut): each is filed
   * as ended `offline` when the device was last heard from, and the player
   * is shown offline. Any process may do it; each play is ended once. A
   * device's own process clears its heartbeat after DEVICE_SILENT_MS of
   * silence; the sweep takes a dead process's devices after twice
   * HEARTBEAT_FRESH_MS, so a device merely late with its pings on a busy
   * process keeps its play.
   */
  async endLapsedPlays(freshSince: Date, playerIds?: readonly string[]): Promise<void> {
    try {
      const lapsed = await this.deps.store.live.takeLapsedPlays(freshSince, playerIds);
      for (const play of lapsed) {
        await this.deps.history.recordEnded(play.playId, play.lastSeenAt ?? new Date(), "offline");
        await this.deps.states.publishState(play.playerId);
      }
    } catch (error) {
      this.deps.log.error({ err: error }, "ending lapsed plays failed");
    }
  }

  /** Stops the sweep of this process (the app closes). */
  stop(): void {
    clearInterval(this.lapseSweep);
  }

  /**
   * The device began a song as it was told or by its own choice: what plays
   * is written and told first (the owner's next command reads it, and a
   * command that read the song before would repeat it). The history then
   * judges the play as proof; what it refuses is not filed.
   */
  private async writeStarted(
    player: ControllablePlayer,
    message: Extract<DeviceReport, { type: "songStarted" }>,
    state: PlayerStateRow | null,
  ): Promise<void> {
    const { playerId } = player;
    const recent = [...(state?.recentSongIds ?? []), message.songId].slice(-SHUFFLE_MEMORY);
    const order = {
      currentSongId: message.songId,
      loop: state?.loop ?? false,
      shuffle: state?.shuffle ?? false,
      recentSongIds: recent,
    };
    const tracks = await this.tracksOf(message.playlistId);
    const written = await this.deps.store.live.writeState(playerId, {
      songId: message.songId,
      playlistId: message.playlistId,
      previousSongId: state?.songId && state.songId !== message.songId ? state.songId : null,
      nextSongId: nextSong(tracks, order),
      currentPlayId: message.playId,
      recentSongIds: recent,
      positionSeconds: 0,
      positionAt: new Date(message.startedAt),
      playing: true,
      pausedAt: null,
    });
    await this.deps.states.publishState(playerId, player.ownerId, written);
  }

  private async tracksOf(playlistId: string | null): Promise<OrderedTrack[]> {
    if (!playlistId) return [];
    return (await this.deps.playlistTracks([playlistId])).get(playlistId) ?? [];
  }
}
