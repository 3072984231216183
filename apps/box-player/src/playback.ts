import { randomUUID } from "node:crypto";
import {
  type ClientSocketMessage,
  findSong,
  localNext,
  offlineBarAt,
  type PlayerPlan,
  SHUFFLE_MEMORY,
  scheduledAt,
  songSchema,
} from "@fonika/shared";
import type { AudioFiles } from "./audio-files.ts";
import type { BoxSong, EmitEvent } from "./events.ts";
import type { Incoming } from "./player-socket.ts";
import type { Timers } from "./timers.ts";

/**
 * What the box plays. Online it follows the schedule and the server's
 * commands, and asks for the next song when one finishes — the server
 * decides what comes next. With the server gone (issue 31) it goes on by
 * itself: the song that sounds plays to its end, and the next ones come
 * from its plan by the same rules (`local-order` of the shared package),
 * from the music it keeps, following the schedule by the venue's clock
 * and stopping where the plan says it may not play (the licence's end, a
 * week out of touch). Every play is reported (songStarted / songEnded);
 * the reports made offline wait in the outbox. Back online it goes on
 * from where it is, and the server hears what plays.
 */

export type Ending = "finished" | "skipped" | "stopped";

/** Offline, the plan's schedule is looked at this often. */
const OFFLINE_LOOK_MS = 1_000;

/** What plays now: the song, where in it, and its play id while it sounds. */
interface Current {
  song: BoxSong;
  playlistId: string | null;
  positionSeconds: number;
  playId: string | null;
  startedAtMs: number;
  timer: NodeJS.Timeout | null;
}

export interface PlaybackOptions {
  /** Plays N× faster than real time. */
  speed: number;
  timers: Timers;
  emit: EmitEvent;
  /** Sends through the outbox: play reports wait while the server is gone. */
  send(message: ClientSocketMessage): void;
  /** The player this box plays, once known. */
  playerId(): string | null;
  /** A GET in the session's name (a song's meta the plan does not hold). */
  authorized(path: string): Promise<unknown>;
  files: Pick<AudioFiles, "ensure" | "has" | "played">;
  /** The plan kept last, if any. */
  plan(): PlayerPlan | null;
  /** Whether the server hears the box (its socket open, its player's state come). */
  online(): boolean;
  isStopped(): boolean;
}

export class Playback {
  private current: Current | null = null;
  private playlistId: string | null = null;
  private fallback = false;
  private volume = 100;
  private paused = false;
  private shuffle = false;
  /** A song began since the playlist was last asked to start over (`stopPlay`). */
  private playedSinceRestart = true;
  /** The songs begun last, oldest first: the shuffle keeps them from coming back too soon. */
  private recent: string[] = [];
  private offlineTimer: NodeJS.Timeout | null = null;
  /** What the box last said it does offline, so that it says it once. */
  private offlineSaid = "";
  /**
   * Counts what changed the song to play (a `playSong`, a stop, its own
   * choice): a song still being fetched when a newer one was asked for, or
   * the music stopped, is not played once fetched.
   */
  private asked = 0;

  constructor(private readonly options: PlaybackOptions) {}

  /** Takes the volume the server keeps for the player (its first state after connecting). */
  adoptVolume(volume: number): void {
    this.volume = volume;
  }

  /**
   * Follows a message meant for what plays (schedule status, commands);
   * `playerId` is the player the box played when the message came, and
   * messages about other players are ignored. Others are left alone.
   */
  async receive(message: Incoming, playerId: string | null): Promise<void> {
    switch (message.type) {
      case "status": {
        if (message.playerId !== playerId) return;
        const { schedule } = message;
        const next = schedule.playlistId;
        this.fallback = schedule.fallback;
        this.options.emit({
          kind: "schedule",
          playlistId: next,
          fallback: this.fallback,
          licence: schedule.licence,
        });
        // The playlist it plays already (through an outage too) goes on where it is.
        if (next === this.playlistId && (this.current || this.paused)) return;
        this.playlistId = next;
        if (next)
          this.options.send({
            type: "playPlaylistRequested",
            playerId: message.playerId,
            playlistId: next,
          });
        else this.halt();
        return;
      }
      case "playSong":
        if (message.playerId === playerId) await this.playSong(message.songId, message.playlistId);
        return;
      case "pause":
        if (message.playerId !== playerId || !this.current?.playId) return;
        this.endPlay("stopped");
        this.paused = true;
        this.options.emit({ kind: "paused" });
        this.report(false);
        return;
      case "play":
      case "resumePlay":
        if (message.playerId !== playerId || !this.current || this.current.playId) return;
        this.paused = false;
        this.sound(this.current);
        return;
      case "stopPlay": {
        if (message.playerId !== playerId) return;
        // The playlist's end (loop off): while the schedule wants it, it starts over, as the
        // web player does — a venue's hour must not fall silent. Once per song played, so an
        // empty playlist does not ask again and again.
        const playlistId = this.playlistId;
        if (playlistId && this.playedSinceRestart && playerId) {
          this.playedSinceRestart = false;
          this.options.send({ type: "playPlaylistRequested", playerId, playlistId });
          return;
        }
        this.halt();
        return;
      }
      case "volume":
        if (message.playerId !== playerId) return;
        this.volume = Math.round(message.volume);
        this.options.emit({ kind: "volume", volume: this.volume });
        this.report(this.current?.playId != null);
        return;
      case "enableLoopPlayingRequested":
      case "disableLoopPlayingRequested":
        if (message.playerId === playerId)
          this.options.emit({ kind: "loop", loop: message.type === "enableLoopPlayingRequested" });
        return;
      case "shuffle":
        if (message.playerId !== playerId) return;
        this.shuffle = message.shuffled;
        this.options.emit({ kind: "shuffle", shuffle: message.shuffled });
        return;
      default:
        // Commands echoed back (next, prev, …): the server follows them with playSong.
        return;
    }
  }

  /** The server hears the box again: it is told what plays, and decides from here on. */
  online(): void {
    if (this.offlineTimer) this.options.timers.cancel(this.offlineTimer);
    this.offlineTimer = null;
    this.offlineSaid = "";
    this.report(this.current?.playId != null);
  }

  /**
   * The server is gone: what sounds plays on, and the plan decides what
   * comes next, looked at every second for the schedule's edges.
   */
  offline(): void {
    if (this.offlineTimer || this.options.isStopped()) return;
    this.offlineTimer = this.options.timers.every(OFFLINE_LOOK_MS, () => this.followPlan());
    this.followPlan();
  }

  /** Ends the sounding play (if any), keeping the song and where it was. */
  endPlay(ending: Ending): void {
    const current = this.current;
    if (!current?.playId) return;
    if (current.timer) {
      this.options.timers.cancel(current.timer);
      current.timer = null;
    }
    current.positionSeconds = Math.min(
      current.positionSeconds + ((Date.now() - current.startedAtMs) * this.options.speed) / 1000,
      current.song.durationMs / 1000,
    );
    const playerId = this.options.playerId();
    if (playerId) {
      this.options.send({
        type: "songEnded",
        playerId,
        playId: current.playId,
        endedAt: new Date().toISOString(),
        ending,
      });
    }
    this.options.emit({ kind: "ended", playId: current.playId, song: current.song, ending });
    current.playId = null;
  }

  private async playSong(songId: string, playlistId: string | undefined): Promise<void> {
    const asked = ++this.asked;
    this.endPlay("skipped");
    const plan = this.options.plan();
    const song =
      (plan && findSong(plan, songId)) ??
      songSchema.parse(await this.options.authorized(`/music/song/${songId}/meta`));
    await this.options.files.ensure(song);
    // «Next» twice: the first song, fetched last, would sound over the second.
    if (asked !== this.asked || this.options.isStopped()) return;
    if (playlistId) this.playlistId = playlistId;
    this.start(song, playlistId ?? this.playlistId);
  }

  private start(song: BoxSong, playlistId: string | null): void {
    this.paused = false;
    const current: Current = {
      song,
      playlistId,
      positionSeconds: 0,
      playId: null,
      startedAtMs: 0,
      timer: null,
    };
    this.current = current;
    this.sound(current);
  }

  /** Starts (or resumes) the current song: a new play, reported, ending when its time is up. */
  private sound(current: Current): void {
    const playerId = this.options.playerId();
    if (!playerId) return;
    current.playId = randomUUID();
    current.startedAtMs = Date.now();
    this.playedSinceRestart = true;
    this.recent = [...this.recent, current.song.id].slice(-SHUFFLE_MEMORY);
    this.options.files.played(current.song.id);
    this.options.send({
      type: "songStarted",
      playerId,
      playId: current.playId,
      songId: current.song.id,
      playlistId: current.playlistId,
      fallback: this.fallback,
      startedAt: new Date().toISOString(),
    });
    this.report(true);
    this.options.emit({
      kind: "playing",
      playId: current.playId,
      song: current.song,
      fromSeconds: current.positionSeconds,
      offline: !this.options.online(),
    });
    const leftMs = Math.max(current.song.durationMs - current.positionSeconds * 1000, 0);
    current.timer = this.options.timers.later(leftMs / this.options.speed, () => {
      current.timer = null;
      if (this.current !== current) return;
      this.endPlay("finished");
      const now = this.options.playerId();
      // The server decides what comes next; without it, the plan.
      if (this.options.online() && now)
        this.options.send({ type: "playNextSongRequested", playerId: now });
      else this.playFromPlan();
    });
  }

  /**
   * Offline, every second: the playlist the plan's schedule wants now
   * plays (from its next song), silence where it wants none or may not play.
   */
  private followPlan(): void {
    if (this.paused || this.options.isStopped() || this.options.online()) return;
    const plan = this.options.plan();
    if (!plan) {
      this.sayOffline("no-plan", {
        kind: "offline",
        playlistId: null,
        fallback: false,
        stop: "no-plan",
      });
      return;
    }
    const now = Date.now();
    const scheduled = scheduledAt(plan, now);
    const stop = scheduled.playlistId ? null : offlineBarAt(plan, now);
    this.sayOffline(`${scheduled.playlistId}:${stop}`, {
      kind: "offline",
      playlistId: scheduled.playlistId,
      fallback: scheduled.fallback,
      stop,
    });
    if (!scheduled.playlistId) {
      if (this.current) this.halt();
      return;
    }
    if (scheduled.playlistId !== this.playlistId || !this.current?.playId) this.playFromPlan();
  }

  /** The next song of the playlist the plan wants now, from the music kept; silence without one. */
  private playFromPlan(): void {
    const plan = this.options.plan();
    if (!plan) return;
    const now = Date.now();
    const scheduled = scheduledAt(plan, now);
    if (!scheduled.playlistId) {
      this.halt();
      return;
    }
    const switching = scheduled.playlistId !== this.playlistId;
    this.playlistId = scheduled.playlistId;
    this.fallback = scheduled.fallback;
    const song = localNext({
      plan,
      playlistId: scheduled.playlistId,
      currentSongId: switching ? null : (this.current?.song.id ?? null),
      shuffle: this.shuffle,
      recentSongIds: this.recent,
      playable: (songId) => this.options.files.has(songId),
      nowMs: now,
    });
    if (!song) {
      this.sayOffline(`nothing:${scheduled.playlistId}`, {
        kind: "nothingCached",
        playlistId: scheduled.playlistId,
      });
      this.halt();
      return;
    }
    this.asked += 1;
    this.endPlay("skipped");
    this.start(song, scheduled.playlistId);
  }

  /** Tells what it does offline once, not every second. */
  private sayOffline(what: string, event: Parameters<EmitEvent>[0]): void {
    if (this.offlineSaid === what) return;
    this.offlineSaid = what;
    this.options.emit(event);
  }

  /** Nothing to play (schedule over, end of playlist): stops and forgets the song. */
  private halt(): void {
    this.asked += 1;
    if (!this.current) return;
    this.endPlay("stopped");
    this.current = null;
    this.options.emit({ kind: "stopped" });
    this.report(false);
  }

  private report(playing: boolean): void {
    const playerId = this.options.playerId();
    if (!playerId) return;
    const current = this.current;
    this.options.send({
      type: "playerStatus",
      playerId,
      songId: current?.song.id ?? null,
      playlistId: current?.playlistId ?? null,
      positionSeconds: Math.round((current?.positionSeconds ?? 0) * 10) / 10,
      volume: this.volume,
      playing,
    });
  }
}
