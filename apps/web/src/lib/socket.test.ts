import { MESSAGES, playerSocketProtocols, serverSocketMessageSchema } from "@fonika/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playerSocketTarget } from "../config/paths.ts";
import { createPlayerSocket, type SocketConnection } from "./socket.ts";

const playerStateMessage = serverSocketMessageSchema;

import { browserTimers } from "./timers.ts";

/** Stands in for the browser's WebSocket: the test opens, closes and talks for the server. */
class FakeWebSocket implements SocketConnection {
  static instances: FakeWebSocket[] = [];
  readonly sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.(new Event("close") as CloseEvent);
  }
  serverOpens() {
    this.onopen?.(new Event("open"));
  }
  serverSends(message: unknown) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) }));
  }
  serverCloses() {
    this.closed = true;
    this.onclose?.(new Event("close") as CloseEvent);
  }
}

function setup() {
  let token = "token-1";
  const socket = createPlayerSocket({
    open: (url, protocols) => new FakeWebSocket(url, protocols),
    target: () => playerSocketTarget("http://localhost", token),
    userId: () => "user-1",
    timers: browserTimers,
  });
  return { socket, setToken: (next: string) => (token = next) };
}

const latest = () => {
  const instance = FakeWebSocket.instances.at(-1);
  if (!instance) throw new Error("no socket opened");
  return instance;
};

describe("player socket (SPEC.md §4)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("connects with the access token offered as a subprotocol and sends connect with the user id", () => {
    const { socket } = setup();
    socket.connect();
    expect(latest().url).toBe("ws://localhost/api/v1/player/ws");
    expect(latest().protocols).toEqual(["fonika.player.v1", "fonika.bearer.token-1"]);
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: "connect", userId: "user-1" }]);
    socket.close();
  });

  it("pings every 4 s while open", () => {
    const { socket } = setup();
    socket.connect();
    latest().serverOpens();
    vi.advanceTimersByTime(3_999);
    expect(latest().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(latest().sent.at(-1)).toEqual({ type: "ping" });
    vi.advanceTimersByTime(8_000);
    expect(
      latest().sent.filter((message) => (message as { type: string }).type === "ping"),
    ).toHaveLength(3);
    socket.close();
  });

  it("reconnects 5 s after a close, with the current token", () => {
    const { socket, setToken } = setup();
    socket.connect();
    latest().serverOpens();
    setToken("token-2");
    latest().serverCloses();
    vi.advanceTimersByTime(4_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // The fresh token, offered as a subprotocol; the URL holds none (issue 31).
    expect(latest().protocols).toEqual(playerSocketProtocols("token-2"));
    expect(latest().url).toBe("ws://localhost/api/v1/player/ws");
    socket.close();
  });

  it("lets go of a connection that answers no ping three times, and says so, then reconnects", () => {
    const changes: boolean[] = [];
    const socket = createPlayerSocket({
      open: (url, protocols) => new FakeWebSocket(url, protocols),
      target: () => playerSocketTarget("http://localhost", "t"),
      userId: () => "user-1",
      timers: browserTimers,
      onConnection: (open) => changes.push(open),
    });
    socket.connect();
    const first = latest();
    first.serverOpens();
    // Answered pings keep it: a pong after each.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(4_000);
      first.serverSends({ type: "pong" });
    }
    expect(first.closed).toBe(false);
    // The line is cut: no answer to three pings, and at the fourth tick it is let go.
    vi.advanceTimersByTime(12_000);
    expect(first.closed).toBe(false);
    vi.advanceTimersByTime(4_000);
    expect(first.closed).toBe(true);
    expect(changes).toEqual([true, false]);
    vi.advanceTimersByTime(5_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.close();
  });

  it("stops pinging once closed", () => {
    const { socket } = setup();
    socket.connect();
    const first = latest();
    first.serverOpens();
    first.serverCloses();
    const sentBefore = first.sent.length;
    vi.advanceTimersByTime(4_500);
    expect(first.sent).toHaveLength(sentBefore);
    socket.close();
  });

  it("abandons the socket on 'Access denied error': no reconnect", () => {
    const { socket } = setup();
    socket.connect();
    latest().serverOpens();
    latest().serverSends({ type: "error", message: "Access denied error" });
    expect(latest().closed).toBe(true);
    expect(socket.isAbandoned()).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("gives the player up to the device that took it over: no reconnect until asked (issue 28)", () => {
    const { socket } = setup();
    socket.connect();
    latest().serverOpens();
    latest().serverSends({ type: "error", message: MESSAGES.playerTakenOver });
    expect(latest().closed).toBe(true);
    expect(socket.isAbandoned()).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    // «Играть здесь»: asked again, it connects (and takes the player back).
    socket.connect();
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.close();
  });

  it("keeps going after other errors", () => {
    const { socket } = setup();
    socket.connect();
    latest().serverOpens();
    latest().serverSends({ type: "error", message: "Player not found" });
    expect(latest().closed).toBe(false);
    expect(socket.isAbandoned()).toBe(false);
    socket.close();
  });

  it("closes for good on logout", () => {
    const { socket } = setup();
    socket.connect();
    latest().serverOpens();
    socket.close();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("passes server messages to subscribers", () => {
    const { socket } = setup();
    const received: unknown[] = [];
    socket.subscribe((message) => received.push(message));
    socket.connect();
    latest().serverOpens();
    latest().serverSends({ type: "pong" });
    latest().serverSends({ type: "stopPlay", playerId: "p1" });
    latest().serverSends({ nonsense: true });
    expect(received).toEqual([{ type: "pong" }, { type: "stopPlay", playerId: "p1" }]);
    socket.close();
  });

  it("gives a page that subscribes late the players' states the socket already has", () => {
    const { socket } = setup();
    socket.connect();
    latest().serverOpens();
    const state = (playing: boolean) =>
      playerStateMessage.parse({
        type: "playerState",
        state: {
          playerId: "p1",
          songId: "s1",
          previousSongId: null,
          nextSongId: null,
          playlistId: "l1",
          positionSeconds: 12,
          positionAt: "2026-11-25T10:00:00.000Z",
          loop: false,
          shuffle: false,
          volume: 80,
          playing,
          online: true,
          lastSeenAt: "2026-11-25T10:00:00.000Z",
        },
      });
    latest().serverSends(state(true));
    latest().serverSends(state(false));
    const received: unknown[] = [];
    socket.subscribe((message) => received.push(message));
    expect(received).toEqual([state(false)]);
    // A new connection's snapshot starts over: nothing stale is replayed.
    latest().serverCloses();
    vi.advanceTimersByTime(5_000);
    latest().serverOpens();
    const later: unknown[] = [];
    socket.subscribe((message) => later.push(message));
    expect(later).toEqual([]);
    socket.close();
  });
});
