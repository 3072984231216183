import { API_BASE, MESSAGES, PLAYER_SOCKET_PATH } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { userRoom } from "../realtime/hub.ts";
import { SOCKET_ERRORS } from "../realtime/socket-session.ts";
import { createSignedInUser, type SignedInUser } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/harness.ts";
import { connect } from "../test/socket-client.ts";

let server: TestServer;
let client: SignedInUser;
let serverClosed = false;

beforeAll(async () => {
  server = await startTestServer();
  client = await createSignedInUser(server, { role: "role-client" });
});

afterAll(async () => {
  if (!serverClosed) await server.close();
});

describe("player socket", () => {
  it("answers ping with pong and connect with the token's user", async () => {
    const player = await connect(server, client.token);
    player.send({ type: "ping" });
    expect(await player.next()).toEqual({ type: "pong" });
    player.send({ type: "connect", userId: client.id });
    expect(await player.next()).toEqual({ type: "connected", userId: client.id });
    player.socket.close();
    // The socket URL carries the token; the log must not.
    expect(server.logs.some((line) => JSON.stringify(line).includes(client.token))).toBe(false);
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
