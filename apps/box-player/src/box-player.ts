import { EventEmitter } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { playersApi, upcomingSongs } from "@fonika/shared";
import { AudioFiles } from "./audio-files.ts";
import { DeviceSession } from "./device-session.ts";
import type { BoxPlayerEvent } from "./events.ts";
import { PlanKeeper } from "./plan-keeper.ts";
import { Playback } from "./playback.ts";
import { type Incoming, PlayerSocket } from "./player-socket.ts";
import { ReportOutbox } from "./report-outbox.ts";
import { DEFAULT_TIMINGS, Timers, type Timings } from "./timers.ts";
import { BOX_PLAYER_VERSION, FirmwareUpdates } from "./updates.ts";

/**
 * A box player as a hardware maker would build one (issue 13): it signs in
 * by device code, keeps its session in a file, holds the player socket
 * open, plays what the schedule and the server say, fetches each track
 * with HTTP Range and reports its plays. It knows the server only through
 * `@fonika/shared` contracts — never the server's internals.
 *
 * This file is the box's face and its wiring: the session
 * (`device-session.ts`), the socket (`player-socket.ts`), what plays
 * (`playback.ts`) and firmware updates (`updates.ts`) each stand alone and
 * meet only here.
 */

export { type BoxPlayerEvent, describeEvent } from "./events.ts";
export type { Timings } from "./timers.ts";

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
  /**
   * Where the box keeps its plan, the plays waiting for the network and
   * the music for an outage (issue 31): `<stateFile>.data` by default, a
   * fresh folder under the system's temp without a state file.
   */
  dataDir?: string;
  /** The most the music kept for an outage may take, MB (2048 by default). */
  cacheMb?: number;
}

/** What the box keeps for an outage by default: a working day and more at 320 kbit/s. */
const DEFAULT_CACHE_MB = 2048;
/** The plan is read again this often while online, even without news (a new day's tracks). */
const PLAN_EVERY_MS = 10 * 60_000;
/** How far ahead the music kept looks (it keeps what fits the cap of it). */
const CACHE_HORIZON_MS = 8 * 3600_000;

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
  private readonly timings: Timings;
  private stopped = false;
  /** Whether `connected` was told for the player (its first state came). */
  private announced = false;
  private readonly timers: Timers;
  private readonly session: DeviceSession;
  private readonly socket: PlayerSocket;
  private readonly playback: Playback;
  private readonly updates: FirmwareUpdates;
  private readonly plans: PlanKeeper;
  private readonly files: AudioFiles;
  private readonly outbox: ReportOutbox;
  /** What the box last said it keeps for an outage. */
  private keptSaid = { songs: 0, bytes: 0 };

  constructor(private readonly options: BoxPlayerOptions) {
    const base = options.server.replace(/\/$/, "");
    const version = options.version ?? BOX_PLAYER_VERSION;
    const userAgent = `FonikaBoxPlayer/${version}${options.serial ? ` (serial ${options.serial})` : ""}`;
    const emit = (event: BoxPlayerEvent) => this.emit(event);
    const isStopped = () => this.stopped;
    const dataDir =
      options.dataDir ??
      (options.stateFile
        ? `${options.stateFile}.data`
        : mkdtempSync(join(tmpdir(), "fonika-box-")));
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.timers = new Timers((error) => this.emit({ kind: "failure", error }));
    this.session = new DeviceSession({
      base,
      userAgent,
      publicUrl: options.publicUrl,
      stateFile: options.stateFile,
      timings: this.timings,
      timers: this.timers,
      emit,
      isStopped,
    });
    this.socket = new PlayerSocket({
      base,
      userAgent,
      version,
      timings: this.timings,
      timers: this.timers,
      emit,
      isStopped,
      token: () => this.session.token(),
      playerId: () => (this.options.serial ? this.playerId : null),
      rotate: () => this.session.rotate(),
      receive: (message) => this.receive(message),
      dropped: () => this.dropped(),
      denied: () => void this.stop(),
      takenOver: () => void this.stop(),
      pinged: () => this.outbox.pinged(),
      ponged: () => this.outbox.ponged(),
    });
    const failed = (error: unknown) => this.emit({ kind: "failure", error });
    this.outbox = new ReportOutbox(
      join(dataDir, "outbox.json"),
      (message) => this.socket.send(message),
      failed,
    );
    this.plans = new PlanKeeper({
      file: join(dataDir, "plan.json"),
      serial: options.serial ?? null,
      authorized: (path) => this.session.authorized(path),
      emit,
    });
    this.files = new AudioFiles({
      dir: join(dataDir, "music"),
      capBytes: (options.cacheMb ?? DEFAULT_CACHE_MB) * 1024 ** 2,
      base,
      userAgent,
      chunkBytes: options.chunkBytes,
      token: () => this.session.token(),
      emit,
    });
    this.playback = new Playback({
      speed: options.speed && options.speed > 0 ? options.speed : 1,
      timers: this.timers,
      emit,
      send: (message) => this.outbox.send(message),
      playerId: () => this.playerId,
      authorized: (path) => this.session.authorized(path),
      files: this.files,
      plan: () => this.plans.plan(),
      online: () => this.announced,
      isStopped,
    });
    this.updates = new FirmwareUpdates({
      base,
      version,
      dir: options.updatesDir ?? join(tmpdir(), "fonika-box-player-updates"),
      chunkBytes: options.chunkBytes,
      userAgent,
      token: () => this.session.token(),
      emit,
    });
    // An EventEmitter throws on an unheard 'error'; ours are named 'failure'.
    this.events.setMaxListeners(50);
  }

  emit(event: BoxPlayerEvent): void {
    this.events.emit(event.kind, event);
    this.events.emit("event", event);
  }

  async run(): Promise<void> {
    // What an earlier run kept: a box rebooted in an outage plays from it.
    const [kept] = await Promise.all([this.plans.load(), this.files.open(), this.outbox.load()]);
    const signedIn = await this.session.signIn();
    if (!signedIn) return;
    this.emit({ kind: "signedIn", resumed: signedIn.resumed });
    this.timers.every(this.timings.refresh, () => void this.session.rotate());
    this.timers.every(PLAN_EVERY_MS, () => void this.readPlan());
    if (this.options.serial) await this.findPlayerBySerial(this.options.serial, kept?.playerId);
    else if (kept) this.playerId = kept.playerId;
    this.socket.connect();
  }

  /**
   * Finds the venue's box player of this serial number; until the owner
   * adds it, the box says so and looks again after the reconnect delay.
   * With the server out of reach, the player of the plan it kept for this
   * serial number is the one (it plays that plan meanwhile).
   */
  private async findPlayerBySerial(serial: string, keptPlayerId?: string): Promise<void> {
    while (!this.stopped && this.session.token()) {
      try {
        const userId = this.session.userId();
        const players = playersApi.listUserPlayers.response.parse(
          await this.session.authorized(`/music/player/${userId}/all?limit=500&offset=0`),
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
        if (keptPlayerId) {
          this.playerId = keptPlayerId;
          return;
        }
      }
      await this.timers.sleep(this.timings.reconnect);
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.playback.endPlay("stopped");
    this.stopped = true;
    this.timers.clear();
    await this.socket.close();
    this.outbox.closed();
    await Promise.all([this.outbox.flushed(), this.plans.flushed()]);
  }

  /** Reads the plan again and keeps the music of the coming hours it wants. */
  private async readPlan(): Promise<void> {
    const playerId = this.playerId;
    if (!playerId || !this.announced) return;
    const plan = await this.plans.refresh(playerId);
    if (!plan || this.stopped) return;
    await this.files.fill(upcomingSongs(plan, Date.now(), CACHE_HORIZON_MS, null));
    const kept = this.files.size();
    // Said when it changed: two reads at once (connected, then the schedule) fill once.
    if (kept.songs !== this.keptSaid.songs || kept.bytes !== this.keptSaid.bytes) {
      this.keptSaid = kept;
      this.emit({ kind: "kept", ...kept });
    }
  }

  private async receive(message: Incoming): Promise<void> {
    const playerId = this.playerId;
    switch (message.type) {
      case "playerState": {
        // Without a serial number, the first state after connecting names the player this box plays.
        if (!this.playerId && !this.options.serial) this.playerId = message.state.playerId;
        if (!this.announced && message.state.playerId === this.playerId) {
          this.announced = true;
          this.playback.adoptVolume(message.state.volume);
          this.emit({ kind: "connected", playerId: this.playerId });
          // The plays made meanwhile go first; then the server hears what plays now.
          this.outbox.opened();
          this.playback.online();
          void this.readPlan();
        }
        return;
      }
      case "status":
        await this.playback.receive(message, playerId);
        // The schedule or the licence changed: the plan says what it may play now.
        void this.readPlan();
        return;
      case "error":
        this.emit({ kind: "serverError", message: message.message });
        return;
      case "playerUpdateAvailable":
        await this.updates.offer(message);
        return;
      default:
        await this.playback.receive(message, playerId);
        return;
    }
  }

  /**
   * The socket dropped (or could not open): the box plays on by its plan,
   * its reports waiting, until the server hears it again.
   */
  private dropped(): void {
    this.announced = false;
    this.outbox.closed();
    this.playback.offline();
  }
}
