import {
  API_BASE,
  MESSAGES,
  PLAYER_SOCKET_PATH,
  PLAYER_SOCKET_PROTOCOL,
  playerSocketProtocols,
} from "@fonika/shared";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { sessions, users } from "../db/schema.ts";
import { FRAME_BUDGET } from "../realtime/frame-budget.ts";
import { userRoom } from "../realtime/hub.ts";
import { SOCKET_ERRORS } from "../realtime/socket-session.ts";
import { createSignedInUser, type SignedInUser } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/harness.ts";
import { connect, nextOfType } from "../test/socket-client.ts";

let server: TestServer;
let client: SignedInUser;
let serverClosed = false;

beforeAll(async () => {
  // Sessions of open sockets are read again every second here (at most a minute in production).
  server = await startTestServer({ SOCKET_SESSION_CHECK_SECONDS: "1" });
  client = await createSignedInUser(server, { role: "role-client" });
});

afterAll(async () => {
  if (!serverClosed) await server.close();
});

describe("player socket session check", () => {
  async function openSocket() {
    const user = await createSignedInUser(server, { role: "role-client" });
    const socket = await connect(server, user.token);
    socket.send({ type: "ping" });
    expect(await socket.next()).toEqual({ type: "pong" });
    return { user, socket, sessionId: String(decodeJwt(user.token).sid) };
  }

  it("closes a socket whose session was ended in the database without a bus message", async () => {
    const { socket, sessionId } = await openSocket();
    await server.app.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: "ended" })
      .where(eq(sessions.id, sessionId));
    expect(await socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await socket.closed).toBe(4401);
  });

  it("closes the socket of an account blocked in the database, and keeps a standing one open", async () => {
    const blocked = await openSocket();
    const standing = await openSocket();
    await server.app.db
      .update(users)
      .set({ status: "blocked" })
      .where(eq(users.id, blocked.user.id));
    expect(await blocked.socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await blocked.socket.closed).toBe(4401);
    // A later check has passed (it closed another account blocked after):
    // the standing session's socket still answers.
    const later = await openSocket();
    await server.app.db.update(users).set({ status: "blocked" }).where(eq(users.id, later.user.id));
    expect(await later.socket.closed).toBe(4401);
    standing.socket.send({ type: "ping" });
    expect(await standing.socket.next()).toEqual({ type: "pong" });
    standing.socket.socket.close();
  });
});

describe("player socket limits", () => {
  const floodLines = () =>
    server.logs.filter(
      (line) => line.msg === "player socket closed: more messages than its budget",
    );
  const oversizedLines = () =>
    server.logs.filter((line) => line.msg === "player socket closed: a frame over the size limit");

  it("takes a burst as large as the web player's resend after an outage", async () => {
    const player = await connect(server, client.token);
    const frames = 5_100;
    for (let frame = 0; frame < frames; frame++) player.send({ type: "ping" });
    for (let frame = 0; frame < frames; frame++) {
      expect(await player.next(), `answer ${frame}`).toEqual({ type: "pong" });
    }
    player.socket.close();
    expect(await player.closed).toBe(1005);
    expect(floodLines()).toEqual([]);
  });

  it("tells a flood why and closes it with 1008, logging it once", async () => {
    const before = floodLines().length;
    const player = await connect(server, client.token);
    for (let frame = 0; frame < FRAME_BUDGET.burst + 500; frame++) player.send({ type: "ping" });
    expect(await nextOfType(player, "error")).toEqual({
      type: "error",
      message: SOCKET_ERRORS.flood,
    });
    expect(await player.closed).toBe(1008);
    expect(floodLines().length - before).toBe(1);
    expect(floodLines().at(-1)?.level).toBe(40);
  });

  it("closes a socket that sends a frame over 16 KB with 1009, logged once at warn without a stack", async () => {
    const before = server.logs.length;
    const player = await connect(server, client.token);
    player.send({ type: "ping" });
    expect(await player.next()).toEqual({ type: "pong" });
    player.send(JSON.stringify({ type: "connect", padding: "x".repeat(17 * 1024) }));
    expect(await player.closed).toBe(1009);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = server.logs.slice(before);
    expect(oversizedLines()).toHaveLength(1);
    const [line] = oversizedLines();
    expect(line?.level).toBe(40);
    expect(JSON.stringify(line)).not.toContain("stack");
    expect(after.filter((entry) => Number(entry.level) >= 50)).toEqual([]);
  });
});

describe("player socket", () => {
  it("answers ping with pong and connect with the token's user", async () => {
    const player = await connect(server, client.token);
    player.send({ type: "ping" });
    expect(await player.next()).toEqual({ type: "pong" });
    player.send({ type: "connect", userId: client.id });
    expect(await player.next()).toEqual({ type: "connected", userId: client.id });
    player.socket.close();
    // The token travels as an offered subprotocol; the server chose the socket's own.
    expect(player.socket.protocol).toBe(PLAYER_SOCKET_PROTOCOL);
    expect(player.socket.url).not.toContain(client.token);
    expect(server.logs.some((line) => JSON.stringify(line).includes(client.token))).toBe(false);
  });

  it("still takes the token in the URL, as boxes of the earlier release send it, and logs it redacted", async () => {
    const player = await connect(server, client.token, {}, { tokenIn: "url" });
    player.send({ type: "connect", userId: client.id });
    expect(await player.next()).toEqual({ type: "connected", userId: client.id });
    expect(player.socket.protocol).toBe("");
    player.socket.close();
    expect(server.logs.some((line) => JSON.stringify(line).includes(client.token))).toBe(false);
  });

  it("refuses a forged or empty token offered as a subprotocol with 'Access denied error'", async () => {
    for (const token of [`${client.token.slice(0, -4)}AAAA`, ""]) {
      const socket = await connect(server, token);
      expect(await socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
      expect(await socket.closed).toBe(4401);
    }
  });

  it("does not echo the token's subprotocol: without the socket's own offered, the handshake fails", async () => {
    const url = `${server.url.replace("http", "ws")}${API_BASE}${PLAYER_SOCKET_PATH}`;
    const socket = new WebSocket(url, [playerSocketProtocols(client.token)[1]]);
    const failure = await new Promise<Error>((resolve) => socket.once("error", resolve));
    expect(failure.message).toMatch(/Server sent no subprotocol/);
  });

  it("handles frames sent before the token check finished, in order", async () => {
    const player = await connect(server, client.token);
    player.send({ type: "connect" });
    player.send({ type: "ping" });
    expect(await player.next()).toEqual({ type: "connected", userId: client.id });
    expect(await player.next()).toEqual({ type: "pong" });
    player.socket.close();
  });

  it.each([
    ["a bad token", "not-a-jwt"],
    ["a missing token", undefined],
    ["a forged token", `${"eyJhbGciOiJIUzI1NiJ9"}.${"eyJzdWIiOiJ4In0"}.c2ln`],
  ])("refuses %s with 'Access denied error' and closes", async (_, token) => {
    const stranger = await connect(server, token);
    expect(await stranger.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await stranger.closed).toBe(4401);
  });

  it("writes its prepared pong in its place among the other answers", async () => {
    const player = await connect(server, client.token);
    // Sent together: the pongs (written as a prepared frame) and the answers `ws` frames keep their order.
    player.send({ type: "ping" });
    player.send({ type: "dance" });
    player.send({ type: "ping" });
    player.send({ type: "connect", userId: client.id });
    player.send({ type: "ping" });
    expect([
      await player.next(),
      await player.next(),
      await player.next(),
      await player.next(),
      await player.next(),
    ]).toEqual([
      { type: "pong" },
      { type: "error", message: SOCKET_ERRORS.unknownType },
      { type: "pong" },
      { type: "connected", userId: client.id },
      { type: "pong" },
    ]);
    expect(player.socket.readyState).toBe(WebSocket.OPEN);
    player.socket.close();
  });

  it("answers a malformed or unknown message with an error and stays open", async () => {
    const player = await connect(server, client.token);
    player.send("{not json");
    expect(await player.next()).toEqual({ type: "error", message: SOCKET_ERRORS.notJson });
    player.send({ type: "dance" });
    expect(await player.next()).toEqual({ type: "error", message: SOCKET_ERRORS.unknownType });
    player.send({ type: "volume", playerId: "p1", volume: 900 });
    expect(await player.next()).toEqual({ type: "error", message: SOCKET_ERRORS.invalidFields });
    player.send({ type: "ping" });
    expect(await player.next()).toEqual({ type: "pong" });
    // A ping written otherwise than the apps write it is a ping too (parsed, not known by its text).
    player.send('{ "type" : "ping" }');
    expect(await player.next()).toEqual({ type: "pong" });
    player.send('{"type":"ping","extra":1}');
    expect(await player.next()).toEqual({ type: "pong" });
    expect(player.socket.readyState).toBe(WebSocket.OPEN);
    player.socket.close();
  });

  it("answers a control message for an unknown player with 'Плеер не найден'", async () => {
    const player = await connect(server, client.token);
    player.send({ type: "pause", playerId: "no-such-player" });
    expect(await player.next()).toEqual({ type: "error", message: "Плеер не найден" });
    player.socket.close();
  });

  it("delivers a publish to every socket of that user and no one else", async () => {
    const other = await createSignedInUser(server, { role: "role-client" });
    const firstTab = await connect(server, client.token);
    const secondTab = await connect(server, client.token);
    const stranger = await connect(server, other.token);
    for (const socket of [firstTab, secondTab, stranger]) {
      socket.send({ type: "ping" });
      await socket.next();
    }

    await server.app.realtime.publish(userRoom(client.id), { type: "stopPlay", playerId: "p1" });

    expect(await firstTab.next()).toEqual({ type: "stopPlay", playerId: "p1" });
    expect(await secondTab.next()).toEqual({ type: "stopPlay", playerId: "p1" });
    stranger.send({ type: "ping" });
    expect(await stranger.next()).toEqual({ type: "pong" });
    for (const socket of [firstTab, secondTab, stranger]) socket.socket.close();
  });

  it("an access change closes the user's sockets with 'Access denied error'", async () => {
    const other = await createSignedInUser(server, { role: "role-client" });
    const socket = await connect(server, other.token);
    socket.send({ type: "ping" });
    await socket.next();

    await server.app.accessEvents.changed({ userIds: [other.id] });

    expect(await socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await socket.closed).toBe(4401);
  });

  it("reads the session again once a socket is in its rooms: a role changed meanwhile refuses it at once", async () => {
    const newcomer = await createSignedInUser(server, { role: "role-client" });
    // The token is checked (its session state now remembered)…
    const first = await connect(server, newcomer.token);
    first.send({ type: "ping" });
    expect(await first.next()).toEqual({ type: "pong" });
    first.socket.close();
    // …and the role changes with no word on the bus reaching this socket's
    // admission, as when the change lands while it is being let in.
    await server.app.db
      .update(users)
      .set({ authority: ["wait-activation"] })
      .where(eq(users.id, newcomer.id));

    const stale = await connect(server, newcomer.token);
    stale.send({ type: "ping" });
    // Refused as it is let in, not at the next session check: its ping is never answered.
    expect(await stale.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await stale.closed).toBe(4401);
  });

  it("deleting an account closes its open sockets at once", async () => {
    const leaving = await createSignedInUser(server, { role: "role-client" });
    const socket = await connect(server, leaving.token);
    socket.send({ type: "ping" });
    await socket.next();

    const answer = await fetch(
      `${server.url}${API_BASE}/auth/account/${leaving.id}/delete-account`,
      { method: "POST", headers: { authorization: `Bearer ${leaving.token}` } },
    );
    expect(answer.status).toBe(200);

    expect(await socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await socket.closed).toBe(4401);
  });

  it("answers a plain GET with 426 and the error body", async () => {
    const response = await fetch(`${server.url}${API_BASE}${PLAYER_SOCKET_PATH}`);
    expect(response.status).toBe(426);
    expect(await response.json()).toMatchObject({ type: "validation-error" });
  });

  it("closing the app closes open sockets with 1001", async () => {
    const player = await connect(server, client.token);
    player.send({ type: "ping" });
    await player.next();

    await server.close();
    serverClosed = true;

    expect(await player.closed).toBe(1001);
  });
});
