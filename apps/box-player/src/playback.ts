import { randomUUID } from "node:crypto";
import { API_BASE, type ClientSocketMessage, type Song, songSchema } from "@fonika/shared";
import type { EmitEvent } from "./events.ts";
import type { Incoming } from "./player-socket.ts";
import type { Timers } from "./timers.ts";

/**
 * What the box plays: it follows the schedule and the server's commands,
 * fetches each song's file by Range before sounding it, reports every play
 * (songStarted / songEnded) and its state (playerStatus), and asks for the
 * next song when one finishes — the server decides what comes next.
 */

/** A song's file is fetched in ranged requests of this many bytes, as a streaming client does. */
const RANGE_CHUNK = 256 * 1024;

export type Ending = "finished" | "skipped" | "stopped";

/** What plays now: the song, where in it, and its play id while it sounds. */
interface Current {
  song: Song;
  playlistId: string | null;
  positionSeconds: number;
  playId: string | null;
  startedAtMs: number;
  timer: NodeJS.Timeout | null;
}

export interface PlaybackOptions {
  /** The server's base address, without a trailing slash. */
  base: string;
  userAgent: string;
  /** Plays N× faster than real time. */
  speed: number;
  /** Bytes asked per ranged request of a song's file. */
  chunkBytes?: number;
  timers: Timers;
  emit: EmitEvent;
  send(message: ClientSocketMessage): void;
  /** The player this box plays, once known. */
  playerId(): string | null;
  token(): string | null;
  /** A GET in the session's name (the song's meta). */
  authorized(path: string): Promise<unknown>;
  /** Whether the box still runs with a socket: a song fetched after it dropped is not played. */
  isLive(): boolean;
}

export class Playback {
  private current: Current | null = null;
  private playlistId: string | null = null;
  private fallback = false;
  private volume = 100;
  /**
   * Counts what changed the song to play (a `playSong`, a stop, a drop): a
   * song still being fetched when a newer one was asked for, or the music
   * stopped, is not played once fetched.
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
        if (next === this.playlistId) return;
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
        this.options.emit({ kind: "paused" });
        this.report(false);
        return;
      case "play":
      case "resumePlay":
        if (message.playerId !== playerId || !this.current || this.current.playId) return;
        this.sound(this.current);
        return;
      case "stopPlay":
        if (message.playerId === playerId) this.halt();
        return;
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
        if (message.playerId === playerId)
          this.options.emit({ kind: "shuffle", shuffle: message.shuffled });
        return;
      default:
        // Commands echoed back (next, prev, …): the server follows them with playSong.
        return;
    }
  }

  private async playSong(songId: string, playlistId: string | undefined): Promise<void> {
    const asked = ++this.asked;
    this.endPlay("skipped");
    const song = songSchema.parse(await this.options.authorized(`/music/song/${songId}/meta`));
    await this.download(song);
    // «Next» twice: the first song, fetched last, would sound over the second.
    if (asked !== this.asked || !this.options.isLive()) return;
    if (playlistId) this.playlistId = playlistId;
    const current: Current = {
      song,
      playlistId: playlistId ?? this.playlistId,
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
    });
    const leftMs = Math.max(current.song.durationMs - current.positionSeconds * 1000, 0);
    current.timer = this.options.timers.later(leftMs / this.options.speed, () => {
      current.timer = null;
      if (this.current !== current) return;
      this.endPlay("finished");
      // The server decides what comes next.
      const now = this.options.playerId();
      if (now) this.options.send({ type: "playNextSongRequested", playerId: now });
    });
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

  /** Nothing to play (schedule over, end of playlist): stops and forgets the song. */
  private halt(): void {
    this.asked += 1;
    if (!this.current) return;
    this.endPlay("stopped");
    this.current = null;
    this.options.emit({ kind: "stopped" });
    this.report(false);
  }

  /** The socket dropped: the play ends silently (the server files it as offline). */
  silence(): void {
    this.asked += 1;
    const current = this.current;
    if (current?.timer) this.options.timers.cancel(current.timer);
    this.current = null;
    this.playlistId = null;
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

  /** Fetches the audio as a streaming client does: a first range, then the rest in chunks. */
  private async download(song: Song): Promise<void> {
    let bytes = 0;
    let requests = 0;
    let total: number | null = null;
    let ranged = false;
    while (total === null || bytes < total) {
      const end = bytes + (this.options.chunkBytes ?? RANGE_CHUNK) - 1;
      const answer = await fetch(`${this.options.base}${API_BASE}/music/song/${song.id}/file`, {
        headers: {
          authorization: `Bearer ${this.options.token() ?? ""}`,
          range: `bytes=${bytes}-${end}`,
          "user-agent": this.options.userAgent,
        },
      });
      requests += 1;
      const body = new Uint8Array(await answer.arrayBuffer());
      if (answer.status === 200) {
        // A server that ignores Range sends it all at once.
        bytes = body.byteLength;
        break;
      }
      if (answer.status !== 206) throw new Error(`the song's file answered ${answer.status}`);
      ranged = true;
      const size = /\/(\d+)$/.exec(answer.headers.get("content-range") ?? "");
      total = size ? Number(size[1]) : bytes + body.byteLength;
      bytes += body.byteLength;
      if (body.byteLength === 0) break;
    }
    this.options.emit({ kind: "fetched", songId: song.id, bytes, requests, ranged });
  }
}
