import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { ClientSocketMessage, ServerSocketMessage } from "@fonika/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { connectRedis, quitRedis, withTimeout } from "./redis.ts";

/**
 * The event bus: services publish events about rooms (`user:<id>`,
 * `player:<id>`) and every server process delivers them to its own sockets.
 * In-process by default; with REDIS_URL one Redis pub/sub channel fans the
 * events out to every process (CONTRACT.md: "on whichever server process
 * each is connected").
 *
 * Delivery is best effort, like the sockets themselves: an event published
 * while Redis is unreachable reaches the local sockets and is logged as lost
 * for the others. Realtime messages only name what changed (docs/architecture.md), so a
 * client that missed one catches up on its next fetch or reconnect.
 */

/** A player-control request relayed to the player's sockets. */
export type PlayerControlMessage = Exclude<
  ClientSocketMessage,
  { type: "ping" | "connect" | "playerStatus" | "songStarted" | "songEnded" }
>;

/** What may travel to a socket through the bus. */
export type RealtimeMessage = ServerSocketMessage | PlayerControlMessage;

export type BusEvent =
  /** Send `message` once to every socket in any of `rooms`. */
  /**
   * Messages for the sockets in `rooms`, sent in this order: what one change
   * tells (a command, the song it starts, the state it leaves) goes as one
   * event, so its messages arrive together and in order on every process.
   */
  | { kind: "messages"; rooms: string[]; messages: RealtimeMessage[] }
  /**
   * What some users or sessions may do changed (a logout, a block, a role
   * change…): every process forgets what it knew of them, and the sockets
   * in `rooms` (their user and session rooms, or none) are told access is gone.
   */
  | { kind: "access-changed"; rooms: string[]; userIds: string[]; sessionIds: string[] }
  /**
   * Songs changed in what their file answers rest on (removed, brought
   * back, a new cover): every process forgets what it knew of them. No
   * socket hears it (`rooms` is always empty).
   */
  | { kind: "songs-changed"; rooms: []; songIds: string[] }
  /**
   * What these players play changed (a window added, changed or removed, a
   * fallback set, a playlist taken off): whoever drives them decides again
   * now, without a restart. No socket hears the event itself (`rooms` is
   * always empty); the player socket turns it into its own message.
   */
  | { kind: "schedule-changed"; rooms: []; playerIds: string[] }
  /**
   * Who may hear which music changed (a subscription, a grant, a tariff's
   * playlists, a playlist's version): every process forgets every user's
   * allowed songs. No socket hears it (`rooms` is always empty).
   */
  | { kind: "music-access-changed"; rooms: [] }
  /**
   * These players are gone (removed, or their client deleted): every
   * process forgets where they stood. No socket hears it.
   */
  | { kind: "players-removed"; rooms: []; playerIds: string[] }
  /**
   * These establishments changed in what their players may play (the
   * explicit filter) or when (the time zone their schedules are read in):
   * every process forgets what it knew of them. No socket hears it.
   */
  | { kind: "establishments-changed"; rooms: []; establishmentIds: string[] }
  /**
   * Songs wait for their loudness to be measured (uploaded, imported,
   * brought back, or handed back by a worker that stopped): every process's
   * loudness worker looks now. No socket hears it.
   */
  | { kind: "loudness-pending"; rooms: [] }
  /**
   * A device's socket began to play this player (issue 28): on every
   * process, a device socket of the same player admitted before it
   * (`admittedAt`, then `claimId`, tell which is older) is told the player
   * was taken over and closed, so one player never has two devices playing
   * and filing history at once. `rooms` is the player's room.
   */
  /**
   * The devices of these players, connected to the publishing process, were
   * heard alive (their heartbeat written at `at`) or are gone (left, or
   * silent since `at`): the other processes answer "is it connected?" from
   * it without a read (players/live/devices-elsewhere.ts). No socket hears it.
   */
  | {
      kind: "devices-heard";
      rooms: [];
      alive: boolean;
      beats: Array<{ playerId: string; at: number }>;
    }
  | {
      kind: "device-claimed";
      rooms: string[];
      playerId: string;
      claimId: string;
      admittedAt: number;
    };

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  readonly kind: "in-process" | "redis";
  /**
   * Delivers the event to this process's listeners at once and, on a shared
   * bus, to every other process. Never throws: a fan-out failure is logged.
   */
  publish(event: BusEvent): Promise<void>;
  /** Adds a listener of every event; answers its removal. */
  subscribe(listener: BusListener): () => void;
  /**
   * Adds a listener called when events from other processes may have been
   * missed (Redis came back after a loss), so that caches kept current by
   * the bus can drop what they hold.
   */
  onGap(listener: () => void): void;
  /** Throws when the shared bus does not answer (readiness); the in-process one always answers. */
  ping(): Promise<void>;
  /**
   * How late events travel through the shared bus, in seconds (metrics): the
   * last probe's trip from publish to delivery, or longer while a probe is
   * still on its way. The in-process bus delivers at once: 0.
   */
  lagSeconds(): number;
  /** Stops delivering and releases connections. Idempotent. */
  close(): Promise<void>;
}

/** Listeners of one process; shared by both implementations. */
class LocalListeners {
  private readonly listeners = new Set<BusListener>();

  constructor(private readonly log: FastifyBaseLogger | undefined) {}

  add(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: BusEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log?.error({ err: error }, "realtime listener failed");
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** The bus of a single process: events go straight to its listeners. */
export class InProcessBus implements EventBus {
  readonly kind = "in-process" as const;
  private readonly local: LocalListeners;
  private closed = false;

  constructor(log?: FastifyBaseLogger) {
    this.local = new LocalListeners(log);
  }

  async publish(event: BusEvent): Promise<void> {
    if (!this.closed) this.local.emit(event);
  }

  subscribe(listener: BusListener): () => void {
    return this.local.add(listener);
  }

  /** One process misses nothing. */
  onGap(): void {}

  async ping(): Promise<void> {}

  lagSeconds(): number {
    return 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.local.clear();
  }
}

export interface RedisBusOptions {
  /** The pub/sub channel; processes of one deployment share it. */
  channel?: string;
  log?: FastifyBaseLogger;
  /** How long opening may wait for Redis before start fails. */
  connectTimeoutMs?: number;
  /** How often the bus times a probe of its own through Redis (default 5 s). */
  probeIntervalMs?: number;
}

/** What travels on the channel: an event, or a process's lag probe (its send time, its own clock). */
type WireEvent = { origin: string; event: BusEvent } | { origin: string; probeSentAt: number };

/**
 * The bus of several processes: one Redis connection publishes, a second
 * one subscribes (a subscribed Redis connection can do nothing else). Local
 * listeners get an event at once; the copy that comes back from Redis is
 * recognised by its origin and skipped.
 */
export class RedisBus implements EventBus {
  readonly kind = "redis" as const;
  private readonly origin = randomUUID();
  private readonly local: LocalListeners;
  private readonly channel: string;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly gapListeners: Array<() => void> = [];
  private closed = false;
  private readonly probeIntervalMs: number;
  private probeTimer: NodeJS.Timeout | undefined;
  /** When the probe now on its way was sent (performance.now()); undefined: none is. */
  private probeSentAt: number | undefined;
  private lastLagMs = 0;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    options: RedisBusOptions,
  ) {
    this.channel = options.channel ?? "fonika:realtime";
    this.log = options.log;
    this.local = new LocalListeners(options.log);
    subscriber.on("message", (channel: string, payload: string) => {
      if (channel === this.channel) this.receive(payload);
    });
    // The subscriber is ready again after a loss: what was published
    // meanwhile never came (ioredis resubscribes by itself).
    subscriber.on("ready", () => {
      if (this.closed) return;
      // A probe on its way during the loss never comes back.
      this.probeSentAt = undefined;
      for (const listener of this.gapListeners) listener();
    });
    this.probeIntervalMs = options.probeIntervalMs ?? 5_000;
  }

  /**
   * Connects both connections and subscribes. Rejects when Redis does not
   * answer within `connectTimeoutMs`, so a wrong REDIS_URL stops the start
   * instead of silently splitting the processes.
   */
  static async open(url: string, options: RedisBusOptions = {}): Promise<RedisBus> {
    const publisher = await connectRedis(url, "realtime-publisher", options.log);
    const subscriber = await connectRedis(url, "realtime-subscriber", options.log);
    try {
      await withTimeout(
        Promise.all([publisher.connect(), subscriber.connect()]),
        options.connectTimeoutMs ?? 10_000,
        `Redis at ${redactUrl(url)} did not answer`,
      );
      const bus = new RedisBus(publisher, subscriber, options);
      await subscriber.subscribe(bus.channel);
      bus.startProbing();
      return bus;
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw error;
    }
  }

  async publish(event: BusEvent): Promise<void> {
    if (this.closed) return;
    this.local.emit(event);
    const wire: WireEvent = { origin: this.origin, event };
    try {
      await this.publisher.publish(this.channel, JSON.stringify(wire));
    } catch (error) {
      this.log?.warn(
        { err: error, rooms: event.rooms },
        "realtime event not fanned out through Redis",
      );
    }
  }

  subscribe(listener: BusListener): () => void {
    return this.local.add(listener);
  }

  onGap(listener: () => void): void {
    this.gapListeners.push(listener);
  }

  /** Redis's PING on both connections, each within PING_TIMEOUT_MS (a lost Redis queues commands, never fails them). */
  async ping(): Promise<void> {
    await Promise.all(
      [this.publisher, this.subscriber].map((redis) => withinTimeout(redis.ping())),
    );
  }

  lagSeconds(): number {
    const waitingMs = this.probeSentAt === undefined ? 0 : performance.now() - this.probeSentAt;
    return Math.max(this.lastLagMs, waitingMs) / 1000;
  }

  /**
   * Each process publishes a probe and times it coming back through Redis,
   * on its own clock (no other process reads it). Started once subscribed:
   * a probe sent before would never come back.
   */
  private startProbing(): void {
    this.probeTimer = setInterval(() => this.sendProbe(), this.probeIntervalMs);
    this.probeTimer.unref();
  }

  /** Publishes a probe unless one is still on its way (then the lag grows with its wait). */
  private sendProbe(): void {
    if (this.closed || this.probeSentAt !== undefined) return;
    const sentAt = performance.now();
    this.probeSentAt = sentAt;
    const wire: WireEvent = { origin: this.origin, probeSentAt: sentAt };
    this.publisher.publish(this.channel, JSON.stringify(wire)).catch(() => {
      // Redis is gone: its loss is logged by the connection, the lag grows until it is back.
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.probeTimer);
    this.local.clear();
    await Promise.all([quitRedis(this.subscriber), quitRedis(this.publisher)]);
  }

  private receive(payload: string): void {
    if (this.closed) return;
    let wire: WireEvent;
    try {
      wire = JSON.parse(payload) as WireEvent;
    } catch {
      this.log?.warn("malformed realtime event from Redis dropped");
      return;
    }
    if (typeof wire !== "object" || wire === null) {
      this.log?.warn("malformed realtime event from Redis dropped");
      return;
    }
    if ("probeSentAt" in wire) {
      // Another process's probe is not for this one.
      if (wire.origin === this.origin && wire.probeSentAt === this.probeSentAt) {
        this.lastLagMs = performance.now() - wire.probeSentAt;
        this.probeSentAt = undefined;
      }
      return;
    }
    if (wire.origin === this.origin) return;
    if (!isBusEvent(wire.event)) {
      this.log?.warn("malformed realtime event from Redis dropped");
      return;
    }
    this.local.emit(wire.event);
  }
}

/** The bus of CONTRACT.md's REDIS_URL: Redis when set, else in-process. */
export async function openEventBus(
  redisUrl: string | undefined,
  log?: FastifyBaseLogger,
): Promise<EventBus> {
  return redisUrl ? RedisBus.open(redisUrl, { log }) : new InProcessBus(log);
}

function isBusEvent(value: unknown): value is BusEvent {
  if (typeof value !== "object" || value === null) return false;
  const event = value as Partial<BusEvent> & { message?: { type?: unknown } };
  if (!Array.isArray(event.rooms) || !event.rooms.every((room) => typeof room === "string")) {
    return false;
  }
  if (event.kind === "access-changed") {
    const changed = event as { userIds?: unknown; sessionIds?: unknown };
    return isStringArray(changed.userIds) && isStringArray(changed.sessionIds);
  }
  if (event.kind === "songs-changed") {
    return event.rooms.length === 0 && isStringArray((event as { songIds?: unknown }).songIds);
  }
  if (event.kind === "schedule-changed" || event.kind === "players-removed") {
    return event.rooms.length === 0 && isStringArray((event as { playerIds?: unknown }).playerIds);
  }
  if (event.kind === "music-access-changed" || event.kind === "loudness-pending") {
    return event.rooms.length === 0;
  }
  if (event.kind === "establishments-changed") {
    const changed = event as { establishmentIds?: unknown };
    return event.rooms.length === 0 && isStringArray(changed.establishmentIds);
  }
  if (event.kind === "devices-heard") {
    const heard = event as { alive?: unknown; beats?: unknown };
    return (
      event.rooms.length === 0 &&
      typeof heard.alive === "boolean" &&
      Array.isArray(heard.beats) &&
      heard.beats.every(
        (beat: { playerId?: unknown; at?: unknown } | null) =>
          typeof beat?.playerId === "string" && typeof beat.at === "number",
      )
    );
  }
  if (event.kind === "device-claimed") {
    const claim = event as { playerId?: unknown; claimId?: unknown; admittedAt?: unknown };
    return (
      typeof claim.playerId === "string" &&
      typeof claim.claimId === "string" &&
      typeof claim.admittedAt === "number"
    );
  }
  return (
    event.kind === "messages" &&
    Array.isArray(event.messages) &&
    event.messages.length > 0 &&
    event.messages.every((message) => typeof message?.type === "string")
  );
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === "string");
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "REDIS_URL";
  }
}

/** How long a readiness PING may take before Redis counts as gone. */
const PING_TIMEOUT_MS = 2_000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Redis did not answer PING")), PING_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
