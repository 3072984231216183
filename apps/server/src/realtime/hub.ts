import { MESSAGES, type ServerSocketMessage } from "@fonika/shared";
import type { BusEvent, RealtimeMessage } from "./bus.ts";

/**
 * Room of a user's browser sockets: the owner's screens, which follow every
 * player of theirs. A command and its player's state go to this room and
 * the player's own, not to the owner's other devices.
 */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/**
 * Room of the sockets of a user's devices (the players at the venues):
 * each hears its own players' rooms, this room only carries the account's
 * end (block, deletion), which must close them too.
 */
export function userDevicesRoom(userId: string): string {
  return `devices:${userId}`;
}

/** Room of the browsers of staff who answer enquiries (SUPPORT_STAFF_ROLES): enquiries' news. */
export const SUPPORT_STAFF_ROOM = "support:staff";

/** Room of the browsers of staff who answer the chat (CHAT_STAFF_ROLES): chat messages and marks. */
export const CHAT_STAFF_ROOM = "support:chat";

/**
 * Room of the browsers of staff who run subscriptions (CLIENT_MANAGING_ROLES):
 * a subscription made or moved (issue 28), for their queue and its badge.
 */
export const SUBSCRIPTIONS_STAFF_ROOM = "subscriptions:staff";

/** Every room that holds some socket of these users: where an account's end is told. */
export function accountRooms(userIds: readonly string[]): string[] {
  return userIds.flatMap((userId) => [userRoom(userId), userDevicesRoom(userId)]);
}

/** Room of the sockets opened with one session's tokens. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/** Room of every socket that plays or watches one player. */
export function playerRoom(playerId: string): string {
  return `player:${playerId}`;
}

/** Close codes the hub uses (4000–4999 are for applications). */
export const CLOSE_CODES = {
  goingAway: 1001,
  /** RFC 6455: a message broke the server's policy (a flood past its FrameBudget). */
  policyViolation: 1008,
  accessDenied: 4401,
  /** A device named a player that is not of its venue. */
  playerNotFound: 4404,
  /** Another device began to play this device's player (issue 28). */
  playerTakenOver: 4409,
} as const;

/** A device socket's hold on the player it plays: which admission is newer wins. */
export interface DeviceClaim {
  playerId: string;
  claimId: string;
  admittedAt: number;
}

/** What the hub needs of a websocket; `ws`'s WebSocket fits. */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export const OPEN = 1;
const CLOSED = 3;

/**
 * The connection under a websocket (the upgrade request's `socket`):
 * corked, what is written to it goes out in one write when uncorked.
 */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

interface Connection {
  readonly rooms: Set<string>;
  lastSeenAt: number;
  /** A device socket bound to one player holds it until a newer one claims it. */
  claim?: DeviceClaim | undefined;
  /** Its connection, corked while one change's deliveries are written. */
  wire?: Corkable | undefined;
}

/** What an idle sweep that ended sockets saw: how late it ran, and the longest silence. */
export interface SweepDetails {
  lateMs: number;
  longestSilentMs: number;
}

export interface SocketHubOptions {
  /** A socket that sent nothing for this long is terminated (default 30 s). */
  idleTimeoutMs?: number;
  /** How often idle sockets are looked for (default 5 s). */
  sweepIntervalMs?: number;
  now?: () => number;
}

/**
 * The sockets of this process, by room. It only delivers: services publish
 * to the bus, the bus hands every event to `deliver`, and the hub writes it
 * to the local sockets of the event's rooms.
 */
export class SocketHub {
  private readonly connections = new Map<HubSocket, Connection>();
  private readonly rooms = new Map<string, Set<HubSocket>>();
  private readonly idleTimeoutMs: number;
  private readonly sweepIntervalMs: number;
  private readonly now: () => number;
  /** Runs only while some socket is held: an idle process has no timer here. */
  private sweepTimer: NodeJS.Timeout | undefined;
  /** Told how many sockets a periodic sweep terminated, when any. */
  private onTerminated: ((count: number, details: SweepDetails) => void) | undefined;
  /** When the idle sweep last ran: a sweep much later than its interval means the loop was held. */
  private lastSweepAt = 0;
  /** startSweeping was called and closeAll not yet. */
  private sweeping = false;
  /** Connections corked by the deliveries of the code now running, uncorked on the next tick. */
  private readonly corked = new Set<Corkable>();

  constructor(options: SocketHubOptions = {}) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** Number of sockets held. */
  get size(): number {
    return this.connections.size;
  }

  /**
   * Holds an authenticated socket in its user's room (a device's in the
   * user's devices room) and the given rooms.
   */
  add(
    socket: HubSocket,
    userId: string,
    rooms: readonly string[] = [],
    options: { device?: boolean; claim?: DeviceClaim; wire?: Corkable } = {},
  ): void {
    this.connections.set(socket, {
      rooms: new Set(),
      lastSeenAt: this.now(),
      claim: options.claim,
      wire: options.wire,
    });
    this.join(socket, options.device ? userDevicesRoom(userId) : userRoom(userId));
    for (const room of rooms) this.join(socket, room);
    this.armSweep();
  }

  join(socket: HubSocket, room: string): void {
    const connection = this.connections.get(socket);
    if (!connection) return;
    connection.rooms.add(room);
    let members = this.rooms.get(room);
    if (!members) {
      members = new Set();
      this.rooms.set(room, members);
    }
    members.add(socket);
  }

  /** Takes a socket out of one room (a staff member stops watching a client's players). */
  leave(socket: HubSocket, room: string): void {
    this.connections.get(socket)?.rooms.delete(room);
    const members = this.rooms.get(room);
    members?.delete(socket);
    if (members?.size === 0) this.rooms.delete(room);
  }

  /** Forgets a socket (on its close). */
  remove(socket: HubSocket): void {
    const connection = this.connections.get(socket);
    if (!connection) return;
    this.connections.delete(socket);
    for (const room of connection.rooms) {
      const members = this.rooms.get(room);
      members?.delete(socket);
      if (members?.size === 0) this.rooms.delete(room);
    }
    if (this.connections.size === 0) this.disarmSweep();
  }

  /** Records that the socket sent something: it is alive. */
  touch(socket: HubSocket): void {
    const connection = this.connections.get(socket);
    if (connection) connection.lastSeenAt = this.now();
  }

  /** Applies a bus event to the local sockets; answers how many it reached. */
  deliver(event: BusEvent): number {
    const targets = new Set<HubSocket>();
    for (const room of event.rooms) {
      for (const socket of this.rooms.get(room) ?? []) targets.add(socket);
    }
    // Written once for every socket it goes to: an owner's command reaches a dozen.
    const texts =
      event.kind === "messages" ? event.messages.map((message) => JSON.stringify(message)) : [];
    for (const socket of targets) {
      if (event.kind === "messages") {
        if (socket.readyState !== OPEN) continue;
        this.corkForTurn(socket);
        for (const text of texts) socket.send(text);
      } else if (event.kind === "access-changed") {
        // The socket's access is gone.
        send(socket, { type: "error", message: MESSAGES.accessDenied });
        socket.close(CLOSE_CODES.accessDenied, "Access denied");
        this.remove(socket);
      } else if (event.kind === "device-claimed") {
        const claim = this.connections.get(socket)?.claim;
        if (!claim || !isOlderClaim(claim, event)) continue;
        // Another device plays this player now: this one stops and says why.
        send(socket, { type: "error", message: MESSAGES.playerTakenOver });
        socket.close(CLOSE_CODES.playerTakenOver, "Player taken over");
        this.remove(socket);
      }
    }
    return targets.size;
  }

  /**
   * Corks a socket's connection until the code now running is done (the
   * next tick): the messages delivered to it meanwhile go out in one write.
   * A write is a system call that wakes the client, and one change often
   * holds several messages for one socket (a command and what it starts).
   * Not longer: held to the end of the event loop's turn, a burst's first
   * command waited for its last (burst p99 121 → 329 ms at 11 000 sockets).
   */
  private corkForTurn(socket: HubSocket): void {
    const wire = this.connections.get(socket)?.wire;
    if (!wire || this.corked.has(wire)) return;
    wire.cork();
    this.corked.add(wire);
    if (this.corked.size > 1) return;
    process.nextTick(() => {
      for (const corked of this.corked) corked.uncork();
      this.corked.clear();
    });
  }

  /** Terminates sockets silent for longer than the idle timeout. */
  sweep(): number {
    return this.terminateSilent().terminated;
  }

  /** One pass over the sockets: ends the silent ones, and says the longest silence among them. */
  private terminateSilent(): { terminated: number; longestSilentMs: number } {
    const now = this.now();
    const deadline = now - this.idleTimeoutMs;
    let terminated = 0;
    let longestSilentMs = 0;
    for (const [socket, connection] of this.connections) {
      if (connection.lastSeenAt < deadline) {
        longestSilentMs = Math.max(longestSilentMs, now - connection.lastSeenAt);
        socket.terminate();
        this.remove(socket);
        terminated++;
      }
    }
    return { terminated, longestSilentMs };
  }

  /**
   * Starts the periodic idle sweep, which runs while the hub holds a socket
   * (from the first one added until the last one goes); the timer never
   * keeps the process alive.
   */
  startSweeping(onTerminated?: (count: number, details: SweepDetails) => void): void {
    this.onTerminated = onTerminated;
    this.sweeping = true;
    this.armSweep();
  }

  /** Whether the sweep's timer is set now. */
  get sweepArmed(): boolean {
    return this.sweepTimer !== undefined;
  }

  private armSweep(): void {
    if (!this.sweeping || this.sweepTimer || this.connections.size === 0) return;
    this.lastSweepAt = this.now();
    this.sweepTimer = setInterval(() => {
      // Said beside what it ends: how late this sweep ran, and the longest
      // silence among the ended (a loop held for seconds reads as silence).
      const now = this.now();
      const lateMs = now - this.lastSweepAt - this.sweepIntervalMs;
      this.lastSweepAt = now;
      const { terminated, longestSilentMs } = this.terminateSilent();
      if (terminated > 0) this.onTerminated?.(terminated, { lateMs, longestSilentMs });
    }, this.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  private disarmSweep(): void {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /**
   * Closes every socket with 1001 (going away), waits up to `graceMs` for
   * the closing handshakes, then terminates what is left.
   */
  async closeAll(graceMs = 1_000): Promise<void> {
    this.sweeping = false;
    this.disarmSweep();
    const sockets = [...this.connections.keys()];
    for (const socket of sockets) socket.close(CLOSE_CODES.goingAway, "Server shutting down");
    const deadline = Date.now() + graceMs;
    while (sockets.some((socket) => socket.readyState !== CLOSED) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const socket of sockets) {
      if (socket.readyState !== CLOSED) socket.terminate();
      this.remove(socket);
    }
  }
}

/** Writes one message as a JSON text frame if the socket is open. */
export function send(socket: HubSocket, message: RealtimeMessage | ServerSocketMessage): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
}

/** Whether `held` is an older hold on the same player than `newer` (ties broken by id). */
function isOlderClaim(held: DeviceClaim, newer: DeviceClaim): boolean {
  if (held.playerId !== newer.playerId || held.claimId === newer.claimId) return false;
  if (held.admittedAt !== newer.admittedAt) return held.admittedAt < newer.admittedAt;
  return held.claimId < newer.claimId;
}
