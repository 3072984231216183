import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  API_BASE,
  authApi,
  type ClientSocketMessage,
  clientSocketMessageSchema,
  MESSAGES,
  PLAYER_SOCKET_PATH,
  playersApi,
  type ServerSocketMessage,
  type Song,
  serverSocketMessageSchema,
  songSchema,
  type TokenPair,
  tokenPairSchema,
} from "@fonika/shared";
import WebSocket from "ws";
import {
  BOX_PLAYER_VERSION,
  describeUpdateEvent,
  FirmwareUpdates,
  type UpdateEvent,
} from "./updates.ts";

/**
 * A box player as a hardware maker would build one (issue 13): it signs in
 * by device code, keeps its session in a file, holds the player socket
 * open, plays what the schedule and the server say, fetches each track
 * with HTTP Range and reports its plays. It knows the server only through
 * `@fonika/shared` contracts — never the server's internals.
 */

export interface BoxPlayerOptions {
  /** The server's base address, e.g. http://localhost:3000. */
  server: string;
  /**
   * The box's serial number: it plays the venue's box player of this
   * number (the owner typed it when adding the player) and introduces
   * itself with it (User-Agent). Without one it plays the venue's first
   * player.
   */
  serial?: string;
  /** Where the device session is kept between runs; none: kept in memory only. */
  stateFile?: string;
  /** Plays N× faster than real time (tests, demos). */
  speed?: number;
  /** The web app's address shown for approving the code (PUBLIC_URL); the server's by default. */
  publicUrl?: string;
  /** Overrides of the protocol's timings, in ms (tests). */
  timings?: Partial<Timings>;
  /** Bytes asked per ranged request of a song's file; 256 KiB by default. */
  chunkBytes?: number;
  /** The firmware version it reports (BOX_PLAYER_VERSION by default). */
  version?: string;
  /** Where downloaded firmware updates are kept; a folder under the system's temp by default. */
  updatesDir?: string;
}

export interface Timings {
  /** Polling wait-for-verification. */
  poll: number;
  /** Rotating the access token, as the web app does (SPEC.md §9). */
  refresh: number;
  /** Socket pings (SPEC.md §4). */
  ping: number;
  /** Waiting before reconnecting a dropped socket. */
  reconnect: number;
}

const DEFAULT_TIMINGS: Timings = { poll: 4_000, refresh: 50_000, ping: 4_000, reconnect: 5_000 };

/** A song's file is fetched in ranged requests of this many bytes, as a streaming client does. */
const RANGE_CHUNK = 256 * 1024;

export type BoxPlayerEvent =
  | { kind: "code"; code: string; approveAt: string; expiresInSeconds: number }
  | { kind: "signedIn"; resumed: boolean }
  | { kind: "connected"; playerId: string | null }
  | { kind: "disconnected"; code: number }
  | { kind: "denied" }
  | { kind: "schedule"; playlistId: string | null; fallback: boolean }
  | { kind: "fetched"; songId: string; bytes: number; requests: number; ranged: boolean }
  | { kind: "playing"; playId: string; song: Song; fromSeconds: number }
  | { kind: "ended"; playId: string; song: Song; ending: "finished" | "skipped" | "stopped" }
  | { kind: "paused" }
  | { kind: "stopped" }
  | { kind: "volume"; volume: number }
  | { kind: "loop"; loop: boolean }
  | { kind: "shuffle"; shuffle: boolean }
  | { kind: "serverError"; message: string }
  | { kind: "failure"; error: unknown }
  | UpdateEvent;

export interface BoxPlayerHandle {
  /** Every event, also as `events.on(kind, …)`; `event` carries all of them. */
  events: EventEmitter;
  /** The player this box plays, once the socket told it. */
  playerId(): string | null;
  /** Resolves once signed in (tokens at hand). */
  signedIn: Promise<void>;
  /** Ends the current play as stopped, closes the socket and every timer. */
  stop(): Promise<void>;
}

/** What the socket brings: the server's messages and the commands it relays. */
type Incoming = ServerSocketMessage | ClientSocketMessage;

/** What plays now: the song, where in it, and its play id while it sounds. */
interface Current {
  song: Song;
  playlistId: string | null;
  positionSeconds: number;
  playId: string | null;
  startedAtMs: number;
  timer: NodeJS.Timeout | null;
}

export function startBoxPlayer(options: BoxPlayerOptions): BoxPlayerHandle {
  const player = new BoxPlayer(options);
  const signedIn = player.run();
  // A failed sign-in is reported as an event; `signedIn` still rejects for who awaits it.
  signedIn.catch((error: unknown) => player.emit({ kind: "failure", error }));
  return {
    events: player.events,
    playerId: () => player.playerId,
    signedIn,
    stop: () => player.stop(),
  };
}

class BoxPlayer {
  readonly events = new EventEmitter();
  playerId: string | null = null;
  private readonly base: string;
  private readonly timings: Timings;
  private readonly speed: number;
  private readonly userAgent: string;
  private tokens: TokenPair | null = null;
  private socket: WebSocket | null = null;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private current: Current | null = null;
  private playlistId: string | null = null;
  private fallback = false;
  private volume = 100;
  /** Whether `connected` was told for the player (its first state came). */
  private announced = false;
  private readonly version: string;
  private readonly updates: FirmwareUpdates;

  constructor(private readonly options: BoxPlayerOptions) {
    this.base = options.server.replace(/\/$/, "");
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.speed = options.speed && options.speed > 0 ? options.speed : 1;
    this.version = options.version ?? BOX_PLAYER_VERSION;
    this.userAgent = `FonikaBoxPlayer/${this.version}${options.serial ? ` (serial ${options.serial})` : ""}`;
    this.updates = new FirmwareUpdates({
      base: this.base,
      version: this.version,
      dir: options.updatesDir ?? join(tmpdir(), "fonika-box-player-updates"),
      chunkBytes: options.chunkBytes,
      userAgent: this.userAgent,
      token: () => this.tokens?.token ?? null,
      emit: (event) => this.emit(event),
    });
    // An EventEmitter throws on an unheard 'error'; ours are named 'failure'.
    this.events.setMaxListeners(50);
  }

  emit(event: BoxPlayerEvent): void {
    this.events.emit(event.kind, event);
    this.events.emit("event", event);
  }

  async run(): Promise<void> {
    this.tokens = await this.loadTokens();
    if (this.tokens) {
      // A stored session may have an expired access token: rotate it first.
      const rotated = await this.rotate();
      if (!rotated) this.tokens = null;
    }
    const resumed = this.tokens !== null;
    while (!this.tokens && !this.stopped) {
      try {
        this.tokens = await this.signInByCode();
      } catch (error) {
        // A box has no one to ask: it says why and tries again (server down, network out).
        if (this.stopped) break;
        this.emit({ kind: "failure", error });
        await this.sleep(this.timings.reconnect);
      }
    }
    if (this.stopped) return;
    await this.saveTokens();
    this.emit({ kind: "signedIn", resumed });
    this.every(this.timings.refresh, () => void this.rotate());
    if (this.options.serial) await this.findPlayerBySerial(this.options.serial);
    this.connect();
  }

  /**
   * Finds the venue's box player of this serial number; until the owner
   * adds it, the box says so and looks again after the reconnect delay.
   */
  private async findPlayerBySerial(serial: string): Promise<void> {
    while (!this.stopped && this.tokens) {
      try {
        const userId = tokenSubject(this.tokens.token);
        const players = playersApi.listUserPlayers.response.parse(
          await this.authorized(`/music/player/${userId}/all?limit=500&offset=0`),
        ).data;
        const mine = players.find(
          (player) => player.type === "boxPlayer" && player.serialBoxNumber === serial,
        );
        if (mine) {
          this.playerId = mine.id;
          return;
        }
        this.emit({
          kind: "failure",
          error: new Error(`no box player with serial number ${serial} at this venue yet`),
        });
      } catch (error) {
        this.emit({ kind: "failure", error });
      }
      await this.sleep(this.timings.reconnect);
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.endPlay("stopped");
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      const closed = new Promise((resolve) => socket.once("close", resolve));
      socket.close();
      await closed;
    }
  }

  // --- Signing in (RFC 8628 device grant, SPEC.md §9) ---

  private async signInByCode(): Promise<TokenPair> {
    for (;;) {
      const created = authApi.createDeviceCode.response.parse(
        await this.request(authApi.createDeviceCode.path),
      );
      const approveAt = `${(this.options.publicUrl ?? this.base).replace(/\/$/, "")}/cabinet`;
      this.emit({
        kind: "code",
        code: created.code,
        approveAt,
        expiresInSeconds: created.expiresInSeconds,
      });
      for (;;) {
        await this.sleep(this.timings.poll);
        if (this.stopped) throw new Error("stopped before the code was approved");
        const polled = authApi.waitForVerification.response.parse(
          await this.request(authApi.waitForVerification.path, {
            verificationId: created.verificationId,
          }),
        );
        if (polled.status === "APPROVED" && polled.tokens) return polled.tokens;
        if (polled.status === "EXPIRED") break;
      }
    }
  }

  /** Rotates the token pair; false when the session is gone (signed out elsewhere). */
  private async rotate(): Promise<boolean> {
    if (!this.tokens || this.stopped) return false;
    try {
      const answer = await fetch(`${this.base}${API_BASE}${authApi.refreshToken.path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": this.userAgent },
        body: JSON.stringify({ refreshToken: this.tokens.refreshToken }),
      });
      if (answer.status === 401 || answer.status === 400) return false;
      if (!answer.ok) throw new Error(`refresh answered ${answer.status}`);
      this.tokens = tokenPairSchema.parse(await answer.json());
      await this.saveTokens();
      return true;
    } catch (error) {
      // A network hiccup: keep the pair and try again at the next turn.
      this.emit({ kind: "failure", error });
      return true;
    }
  }

  private async loadTokens(): Promise<TokenPair | null> {
    if (!this.options.stateFile) return null;
    try {
      const parsed = tokenPairSchema.safeParse(
        JSON.parse(await readFile(this.options.stateFile, "utf8")),
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private async saveTokens(): Promise<void> {
    if (!this.options.stateFile || !this.tokens) return;
    // Written aside and renamed, so a crash never leaves half a file.
    const aside = `${this.options.stateFile}.tmp`;
    await writeFile(aside, JSON.stringify(this.tokens), { mode: 0o600 });
    await rename(aside, this.options.stateFile);
  }

  // --- The socket (SPEC.md §4) ---

  private connect(): void {
    if (this.stopped || !this.tokens) return;
    const url = new URL(`${API_BASE}${PLAYER_SOCKET_PATH}`, this.base.replace(/^http/, "ws"));
    url.searchParams.set("access_token", this.tokens.token);
    const socket = new WebSocket(url, { headers: { "user-agent": this.userAgent } });
    this.socket = socket;
    let denied = false;
    let pinger: NodeJS.Timeout | null = null;
    socket.on("open", () => {
      // Its version: the server answers with a newer firmware, if there is one.
      this.send({ type: "connect", version: this.version });
      pinger = this.every(this.timings.ping, () => this.send({ type: "ping" }));
    });
    socket.on("message", (data) => {
      let message: Incoming;
      try {
        // The server's own messages, and the commands it relays (SPEC.md §4).
        const json: unknown = JSON.parse(data.toString());
        const own = serverSocketMessageSchema.safeParse(json);
        const relayed = own.success ? null : clientSocketMessageSchema.safeParse(json);
        if (own.success) message = own.data;
        else if (relayed?.success) message = relayed.data;
        else return;
      } catch {
        return;
      }
      if (message.type === "error" && message.message === MESSAGES.accessDenied) denied = true;
      void this.receive(message).catch((error: unknown) => this.emit({ kind: "failure", error }));
    });
    socket.on("error", (error) => this.emit({ kind: "failure", error }));
    socket.on("close", (code) => {
      if (pinger) {
        clearInterval(pinger);
        this.timers.delete(pinger);
      }
      if (this.socket !== socket) return;
      this.socket = null;
      // The server ends a play of a device that left (offline); so does the box.
      this.silence();
      if (this.stopped) return;
      if (denied) {
        this.emit({ kind: "denied" });
        void this.stop();
        return;
      }
      this.emit({ kind: "disconnected", code });
      this.later(this.timings.reconnect, async () => {
        await this.rotate();
        this.connect();
      });
    });
  }

  private send(message: ClientSocketMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private async receive(message: Incoming): Promise<void> {
    const playerId = this.playerId;
    switch (message.type) {
      case "playerState": {
        // Without a serial number, the first state after connecting names the player this box plays.
        if (!this.playerId && !this.options.serial) this.playerId = message.state.playerId;
        if (!this.announced && message.state.playerId === this.playerId) {
          this.announced = true;
          this.volume = message.state.volume;
          this.emit({ kind: "connected", playerId: this.playerId });
        }
        return;
      }
      case "status": {
        if (message.playerId !== playerId) return;
        const schedule = message.schedule as { playlistId?: string | null; fallback?: boolean };
        const next = schedule.playlistId ?? null;
        this.fallback = schedule.fallback === true;
        this.emit({ kind: "schedule", playlistId: next, fallback: this.fallback });
        if (next === this.playlistId) return;
        this.playlistId = next;
        if (next)
          this.send({
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
        this.emit({ kind: "paused" });
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
        this.emit({ kind: "volume", volume: this.volume });
        this.report(this.current?.playId != null);
        return;
      case "enableLoopPlayingRequested":
      case "disableLoopPlayingRequested":
        if (message.playerId === playerId)
          this.emit({ kind: "loop", loop: message.type === "enableLoopPlayingRequested" });
        return;
      case "shuffle":
        if (message.playerId === playerId)
          this.emit({ kind: "shuffle", shuffle: message.shuffled });
        return;
      case "error":
        this.emit({ kind: "serverError", message: message.message });
        return;
      case "playerUpdateAvailable":
        await this.updates.offer(message);
        return;
      default:
        // Commands echoed back (next, prev, …): the server follows them with playSong.
        return;
    }
  }

  // --- Playing ---

  private async playSong(songId: string, playlistId: string | undefined): Promise<void> {
    this.endPlay("skipped");
    const song = songSchema.parse(await this.authorized(`/music/song/${songId}/meta`));
    await this.download(song);
    if (this.stopped || !this.socket) return;
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
    if (!this.playerId) return;
    current.playId = randomUUID();
    current.startedAtMs = Date.now();
    this.send({
      type: "songStarted",
      playerId: this.playerId,
      playId: current.playId,
      songId: current.song.id,
      playlistId: current.playlistId,
      fallback: this.fallback,
      startedAt: new Date().toISOString(),
    });
    this.report(true);
    this.emit({
      kind: "playing",
      playId: current.playId,
      song: current.song,
      fromSeconds: current.positionSeconds,
    });
    const leftMs = Math.max(current.song.durationMs - current.positionSeconds * 1000, 0);
    current.timer = this.later(leftMs / this.speed, () => {
      current.timer = null;
      if (this.current !== current) return;
      this.endPlay("finished");
      // The server decides what comes next.
      if (this.playerId) this.send({ type: "playNextSongRequested", playerId: this.playerId });
    });
  }

  /** Ends the sounding play (if any), keeping the song and where it was. */
  private endPlay(ending: "finished" | "skipped" | "stopped"): void {
    const current = this.current;
    if (!current?.playId) return;
    if (current.timer) {
      clearTimeout(current.timer);
      this.timers.delete(current.timer);
      current.timer = null;
    }
    current.positionSeconds = Math.min(
      current.positionSeconds + ((Date.now() - current.startedAtMs) * this.speed) / 1000,
      current.song.durationMs / 1000,
    );
    if (this.playerId) {
      this.send({
        type: "songEnded",
        playerId: this.playerId,
        playId: current.playId,
        endedAt: new Date().toISOString(),
        ending,
      });
    }
    this.emit({ kind: "ended", playId: current.playId, song: current.song, ending });
    current.playId = null;
  }

  /** Nothing to play (schedule over, end of playlist): stops and forgets the song. */
  private halt(): void {
    if (!this.current) return;
    this.endPlay("stopped");
    this.current = null;
    this.emit({ kind: "stopped" });
    this.report(false);
  }

  /** The socket dropped: the play ends silently (the server files it as offline). */
  private silence(): void {
    const current = this.current;
    if (current?.timer) {
      clearTimeout(current.timer);
      this.timers.delete(current.timer);
    }
    this.current = null;
    this.playlistId = null;
    // The next connection names its player again (the one of the serial number stays).
    this.announced = false;
    if (!this.options.serial) this.playerId = null;
  }

  private report(playing: boolean): void {
    if (!this.playerId) return;
    const current = this.current;
    this.send({
      type: "playerStatus",
      playerId: this.playerId,
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
      const answer = await fetch(`${this.base}${API_BASE}/music/song/${song.id}/file`, {
        headers: {
          authorization: `Bearer ${this.tokens?.token ?? ""}`,
          range: `bytes=${bytes}-${end}`,
          "user-agent": this.userAgent,
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
    this.emit({ kind: "fetched", songId: song.id, bytes, requests, ranged });
  }

  // --- Plumbing ---

  private async request(path: string, body?: unknown): Promise<unknown> {
    const answer = await fetch(`${this.base}${API_BASE}${path}`, {
      method: "POST",
      headers: {
        "user-agent": this.userAgent,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return answer.json();
  }

  private async authorized(path: string): Promise<unknown> {
    const answer = await fetch(`${this.base}${API_BASE}${path}`, {
      headers: {
        authorization: `Bearer ${this.tokens?.token ?? ""}`,
        "user-agent": this.userAgent,
      },
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return answer.json();
  }

  private later(ms: number, action: () => void | Promise<void>): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void Promise.resolve(action()).catch((error: unknown) =>
        this.emit({ kind: "failure", error }),
      );
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private every(ms: number, action: () => void): NodeJS.Timeout {
    const timer = setInterval(action, ms);
    this.timers.add(timer);
    return timer;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }
}

/** One readable line per event, for an integrator watching the protocol. */
export function describeEvent(event: BoxPlayerEvent): string | null {
  switch (event.kind) {
    case "code":
      return `code ${event.code}: approve it at ${event.approveAt} (valid ${event.expiresInSeconds} s)`;
    case "signedIn":
      return event.resumed ? "signed in (session from the state file)" : "signed in";
    case "connected":
      return `connected, player ${event.playerId ?? "none"}`;
    case "disconnected":
      return `disconnected (${event.code}), reconnecting`;
    case "denied":
      return "access denied: the session is gone, giving up";
    case "schedule":
      return event.playlistId
        ? `schedule: playlist ${event.playlistId}${event.fallback ? " (fallback)" : ""}`
        : "schedule: nothing to play now";
    case "fetched":
      return `fetched ${event.bytes} bytes in ${event.requests} ${event.ranged ? "ranged " : ""}request(s)`;
    case "playing":
      return `playing «${event.song.title}» — ${event.song.artists.join(", ") || "unknown artist"}${
        event.fromSeconds > 0 ? ` from ${event.fromSeconds.toFixed(1)} s` : ""
      }`;
    case "ended":
      return `ended «${event.song.title}»: ${event.ending}`;
    case "paused":
      return "paused";
    case "stopped":
      return "stopped";
    case "volume":
      return `volume ${event.volume}`;
    case "loop":
      return event.loop ? "loop on" : "loop off";
    case "shuffle":
      return event.shuffle ? "shuffle on" : "shuffle off";
    case "serverError":
      return `server said: ${event.message}`;
    case "failure":
      return `failure: ${event.error instanceof Error ? event.error.message : String(event.error)}`;
    default:
      return describeUpdateEvent(event);
  }
}

/** The user a token speaks for (its `sub`): a device session's is the venue's owner. */
function tokenSubject(token: string): string {
  const payload: unknown = JSON.parse(
    Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"),
  );
  const sub = (payload as { sub?: unknown }).sub;
  if (typeof sub !== "string") throw new Error("the access token names no user");
  return sub;
}
