import {
  type ClientSocketMessage,
  type IncomingSocketMessage,
  MESSAGES,
  parseIncomingSocketMessage,
} from "@fonika/shared";
import { TIMING } from "../config/constants.ts";
import type { Timers } from "./timers.ts";

/** The part of the browser's WebSocket the player socket uses. */
export interface SocketConnection {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** A player socket's address and the subprotocols it offers (`playerSocketTarget`). */
export interface SocketTarget {
  url: string;
  protocols: string[];
}

export interface PlayerSocketOptions {
  /** Opens a connection; the browser's `new WebSocket(url, protocols)` by default. */
  open?: (url: string, protocols: string[]) => SocketConnection;
  /**
   * Where to connect now and the subprotocols to offer (the fresh token
   * among them, never in the URL: issue 31), or null when signed out.
   */
  target: () => SocketTarget | null;
  userId: () => string | null;
  timers: Timers;
  pingMs?: number;
  reconnectMs?: number;
  /** Told when a connection opens (after `connect` went out) and when it closes. */
  onConnection?: (open: boolean) => void;
}

export interface PlayerSocket {
  connect(): void;
  /** Closes for good (logout): no reconnect. */
  close(): void;
  /** Writes a message; false when no connection is open (it is not sent). */
  send(message: ClientSocketMessage): boolean;
  subscribe(listener: (message: IncomingSocketMessage) => void): () => void;
  /** Told of every ping sent, whose `pong` answers what was written before it. */
  onPing(listener: () => void): () => void;
  /** True once the server said 'Access denied error', or that another device took the player over. */
  isAbandoned(): boolean;
}

/**
 * Pings in a row that may go unanswered before the connection counts as
 * dead: a line cut at the venue's router leaves the socket open for many
 * minutes without a close, and a web player must know within seconds.
 */
const STALE_PINGS = 3;

/** Errors after which the socket does not reconnect on its own. */
const GIVE_UP = new Set<string>([MESSAGES.accessDenied, MESSAGES.playerTakenOver]);

/**
 * SPEC.md §4 Player socket: connect with the user id, ping every 4 s,
 * reconnect 5 s after a close (or after three pings heard nothing), and
 * give up on 'Access denied error' (and on a player taken over by another
 * device, issue 28).
 */
export function createPlayerSocket({
  open = (url, protocols) => new WebSocket(url, protocols),
  target,
  userId,
  timers,
  pingMs = TIMING.socketPingMs,
  reconnectMs = TIMING.socketReconnectMs,
  onConnection,
}: PlayerSocketOptions): PlayerSocket {
  const listeners = new Set<(message: IncomingSocketMessage) => void>();
  const pingListeners = new Set<() => void>();
  /**
   * The latest state of each player this socket was told of: the snapshot
   * comes when the socket connects, often before a page that shows players
   * subscribes, so a new listener gets what is known at once.
   */
  const playerStates = new Map<string, IncomingSocketMessage>();
  let connection: SocketConnection | null = null;
  let pingHandle: unknown;
  let reconnectHandle: unknown;
  let wanted = false;
  let abandoned = false;
  /** Pings sent since the server was last heard. */
  let unanswered = 0;

  const stopPing = () => {
    if (pingHandle !== undefined) timers.clearInterval(pingHandle);
    pingHandle = undefined;
  };
  const stopReconnect = () => {
    if (reconnectHandle !== undefined) timers.clearTimeout(reconnectHandle);
    reconnectHandle = undefined;
  };
  const sendRaw = (message: ClientSocketMessage): boolean => {
    if (!connection) return false;
    try {
      connection.send(JSON.stringify(message));
      return true;
    } catch (error) {
      console.warn("Player socket send failed", error);
      return false;
    }
  };

  const handleMessage = (current: SocketConnection, data: unknown) => {
    unanswered = 0;
    const message = parseIncomingSocketMessage(String(data));
    if (!message) return;
    // Signed out, or another device took the player over: reconnecting would only be refused, or take it back.
    if (message.type === "error" && GIVE_UP.has(message.message)) {
      abandoned = true;
      wanted = false;
      stopPing();
      stopReconnect();
      current.close();
    }
    if (message.type === "playerState") playerStates.set(message.state.playerId, message);
    for (const listener of listeners) listener(message);
  };

  function openConnection(): void {
    reconnectHandle = undefined;
    if (!wanted || abandoned) return;
    const address = target();
    const user = userId();
    if (!address || !user) return;
    const current = open(address.url, address.protocols);
    connection = current;
    current.onopen = () => {
      if (connection !== current) return;
      // A new connection's snapshot says anew what is known.
      playerStates.clear();
      sendRaw({ type: "connect", userId: user });
      stopPing();
      unanswered = 0;
      pingHandle = timers.setInterval(() => {
        if (unanswered >= STALE_PINGS) {
          // Dead without a close: let it go and connect anew.
          current.onclose = null;
          current.close();
          dropped(current);
          return;
        }
        unanswered += 1;
        if (sendRaw({ type: "ping" })) for (const listener of pingListeners) listener();
      }, pingMs);
      onConnection?.(true);
    };
    current.onmessage = (event) => {
      if (connection === current) handleMessage(current, event.data);
    };
    current.onerror = () => {
      // A failed connection also closes; the close handler decides what next.
    };
    current.onclose = () => dropped(current);
  }

  /** A connection ended (closed, or dead): reconnect later unless closed for good. */
  function dropped(current: SocketConnection): void {
    if (connection !== current) return;
    connection = null;
    stopPing();
    onConnection?.(false);
    if (wanted && !abandoned) {
      stopReconnect();
      reconnectHandle = timers.setTimeout(openConnection, reconnectMs);
    }
  }

  return {
    connect() {
      if (connection || reconnectHandle !== undefined) return;
      wanted = true;
      abandoned = false;
      openConnection();
    },
    close() {
      wanted = false;
      playerStates.clear();
      stopPing();
      stopReconnect();
      const current = connection;
      connection = null;
      current?.close();
      if (current) onConnection?.(false);
    },
    send: sendRaw,
    subscribe(listener) {
      listeners.add(listener);
      for (const state of playerStates.values()) listener(state);
      return () => listeners.delete(listener);
    },
    onPing(listener) {
      pingListeners.add(listener);
      return () => pingListeners.delete(listener);
    },
    isAbandoned: () => abandoned,
  };
}
