import { EventEmitter } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { playersApi } from "@fonika/shared";
import { DeviceSession } from "./device-session.ts";
import type { BoxPlayerEvent } from "./events.ts";
import { Playback } from "./playback.ts";
import { type Incoming, PlayerSocket } from "./player-socket.ts";
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
}

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

  constructor(private readonly options: BoxPlayerOptions) {
    const base = options.server.replace(/\/$/, "");
    const version = options.version ?? BOX_PLAYER_VERSION;
    const userAgent = `FonikaBoxPlayer/${version}${options.serial ? ` (serial ${options.serial})` : ""}`;
    const emit = (event: BoxPlayerEvent) => this.emit(event);
    const isStopped = () => this.stopped;
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
    });
    this.playback = new Playback({
      base,
      userAgent,
      speed: options.speed && options.speed > 0 ? options.speed : 1,
      chunkBytes: options.chunkBytes,
      timers: this.timers,
      emit,
      send: (message) => this.socket.send(message),
      playerId: () => this.playerId,
      token: () => this.session.token(),
      authorized: (path) => this.session.authorized(path),
      isLive: () => !this.stopped && this.socket.attached,
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
    const signedIn = await this.session.signIn();
    if (!signedIn) return;
    this.emit({ kind: "signedIn", resumed: signedIn.resumed });
    this.timers.every(this.timings.refresh, () => void this.session.rotate());
    if (this.options.serial) await this.findPlayerBySerial(this.options.serial);
    this.socket.connect();
  }

  /**
   * Finds the venue's box player of this serial number; until the owner
   * adds it, the box says so and looks again after the reconnect delay.
   */
  private async findPlayerBySerial(serial: string): Promise<void> {
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
        }
        return;
      }
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

  /** The socket dropped: the play ends silently, and the next connection names its player again. */
  private dropped(): void {
    this.playback.silence();
    this.announced = false;
    // The one of the serial number stays.
    if (!this.options.serial) this.playerId = null;
  }
}
