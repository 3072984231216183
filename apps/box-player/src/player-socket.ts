import {
  API_BASE,
  type ClientSocketMessage,
  type IncomingSocketMessage,
  MESSAGES,
  PLAYER_SOCKET_PATH,
  parseIncomingSocketMessage,
  playerSocketProtocols,
} from "@fonika/shared";
import WebSocket from "ws";
import type { EmitEvent } from "./events.ts";
import type { Timers, Timings } from "./timers.ts";

/**
 * The box's player socket (SPEC.md §4): it connects with the access token
 * offered as a subprotocol, introduces its firmware version, pings, parses
 * what comes in, and reconnects after a drop (rotating the session first) — except when the
 * server denied access, or another device took its player over, when the
 * box gives up. What the messages mean is
 * the box's business, not the socket's.
 */

/** What the socket brings: the server's messages and the commands it relays. */
export type Incoming = IncomingSocketMessage;

export interface PlayerSocketOptions {
  /** The server's base address, without a trailing slash. */
  base: string;
  userAgent: string;
  /** The firmware version sent on connecting: the server answers with a newer one, if any. */
  version: string;
  timings: Pick<Timings, "ping" | "reconnect">;
  timers: Timers;
  emit: EmitEvent;
  isStopped(): boolean;
  /** The player this box plays when known before connecting (by its serial number). */
  playerId(): string | null;
  /** The current access token; no token, no connection. */
  token(): string | null;
  /** Rotates the session before a reconnect. */
  rotate(): Promise<unknown>;
  /** A parsed message; its failure is reported as an event. */
  receive(message: Incoming): Promise<void>;
  /** The socket dropped (before any reconnect or giving up): what plays goes silent. */
  dropped(): void;
  /** Access was denied: the session is gone and the box stops. */
  denied(): void;
  /** Another device took its player over (issue 28): the box stops, its session kept. */
  takenOver(): void;
  /** A ping went out; the server answered the oldest one (the outbox confirms reports by them). */
  pinged?(): void;
  ponged?(): void;
}

/**
 * Pings in a row that may go unanswered before the socket counts as dead:
 * a line cut without a close (the venue's router, a dead server's host)
 * leaves it open for minutes, and what is sent meanwhile goes nowhere.
 */
const STALE_PINGS = 3;

export class PlayerSocket {
  private socket: WebSocket | null = null;

  constructor(private readonly options: PlayerSocketOptions) {}

  /** Whether a socket is held (open, or still opening); false once dropped or closed. */
  get attached(): boolean {
    return this.socket !== null;
  }

  connect(): void {
    const token = this.options.token();
    if (this.options.isStopped() || !token) return;
    const url = new URL(
      `${API_BASE}${PLAYER_SOCKET_PATH}`,
      this.options.base.replace(/^http/, "ws"),
    );
    // A box of a known player (its serial number's) plays that one only.
    const playerId = this.options.playerId();
    if (playerId) url.searchParams.set("playerId", playerId);
    // The token goes as a subprotocol, never in the URL that proxies log (issue 31).
    const socket = new WebSocket(url, playerSocketProtocols(token), {
      headers: { "user-agent": this.options.userAgent },
    });
    this.socket = socket;
    let denied = false;
    let takenOver = false;
    let pinger: NodeJS.Timeout | null = null;
    let unanswered = 0;
    socket.on("open", () => {
      // Its version: the server answers with a newer firmware, if there is one.
      this.send({ type: "connect", version: this.options.version });
      pinger = this.options.timers.every(this.options.timings.ping, () => {
        if (unanswered >= STALE_PINGS) {
          // Dead without a close: let it go (the close below reconnects).
          socket.terminate();
          return;
        }
        unanswered += 1;
        if (this.send({ type: "ping" })) this.options.pinged?.();
      });
    });
    socket.on("message", (data) => {
      unanswered = 0;
      const message = parseIncomingSocketMessage(data.toString());
      if (!message) return;
      if (message.type === "pong") this.options.ponged?.();
      if (message.type === "error" && message.message === MESSAGES.accessDenied) denied = true;
      if (message.type === "error" && message.message === MESSAGES.playerTakenOver) {
        takenOver = true;
      }
      void this.options
        .receive(message)
        .catch((error: unknown) => this.options.emit({ kind: "failure", error }));
    });
    socket.on("error", (error) => this.options.emit({ kind: "failure", error }));
    socket.on("close", (code) => {
      if (pinger) this.options.timers.cancel(pinger);
      // Closed on purpose (`close`): nothing to do.
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.dropped();
      if (this.options.isStopped()) return;
      if (denied) {
        this.options.emit({ kind: "denied" });
        this.options.denied();
        return;
      }
      // Reconnecting would take the player back from the device that took it: it stays silent.
      if (takenOver) {
        this.options.emit({ kind: "takenOver" });
        this.options.takenOver();
        return;
      }
      this.options.emit({ kind: "disconnected", code });
      this.options.timers.later(this.options.timings.reconnect, async () => {
        await this.options.rotate();
        this.connect();
      });
    });
  }

  /** Sends when the socket is open, answering whether it did; a message while it is not is lost, as on a wire. */
  send(message: ClientSocketMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Closes the socket for good (no `dropped`, no reconnect); resolves once it is closed. */
  async close(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      const closed = new Promise((resolve) => socket.once("close", resolve));
      socket.close();
      await closed;
    }
  }
}
