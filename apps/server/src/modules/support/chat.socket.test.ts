import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_ERRORS } from "../../realtime/socket-session.ts";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { connect, nextOfType, type SocketClient } from "../../test/socket-client.ts";
import { addPlayer, deviceTokenFor, subscribedClient, type VenueStaff } from "../../test/venues.ts";
import { CHAT_SOCKET_TEXTS } from "./chat.errors.ts";

/** The support chat on the real socket (issue 15): who hears what, once. */

let server: TestServer;
let support: SignedInUser;
let admin: SignedInUser;
let clientManager: SignedInUser;
let contentManager: SignedInUser;
const open: SocketClient[] = [];
let idCounter = 0;

beforeAll(async () => {
  server = await startTestServer();
  [support, admin, clientManager, contentManager] = await Promise.all([
    createSignedInUser(server, { role: "role-support" }),
    createSignedInUser(server, { role: "role-admin" }),
    createSignedInUser(server, { role: "role-client-manager" }),
    createSignedInUser(server, { role: "role-content-manager" }),
  ]);
});

afterAll(async () => {
  for (const socket of open) socket.socket.close();
  await server.close();
});

const newClient = () => createSignedInUser(server, { role: "role-client" });

/** A socket that has answered a ping: admitted, its snapshot (if any) read by `skip`. */
async function socketOf(user: SignedInUser, skip = 0): Promise<SocketClient> {
  const socket = await connect(server, user.token);
  open.push(socket);
  for (let index = 0; index < skip; index++) await socket.next();
  socket.send({ type: "ping" });
  expect(await socket.next()).toEqual({ type: "pong" });
  return socket;
}

/** Proves the socket holds nothing more: its next message is the pong of a ping sent now. */
async function expectNothingMore(socket: SocketClient) {
  socket.send({ type: "ping" });
  expect(await socket.next()).toEqual({ type: "pong" });
}

async function send(user: SignedInUser, clientId: string, text: string) {
  idCounter += 1;
  const answer = await call(server, "POST", `/support/chat/${clientId}/messages`, {
    token: user.token,
    body: { text, clientMessageId: `socket-${idCounter}` },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe("chat messages on the socket", () => {
  it("reach the client's tabs and chat staff once each, and no one else", async () => {
    const client = await newClient();
    const stranger = await newClient();
    const [firstTab, secondTab, supportSocket, adminSocket, strangerSocket, managerSocket] =
      await Promise.all([
        socketOf(client),
        socketOf(client),
        socketOf(support),
        socketOf(admin),
        socketOf(stranger),
        socketOf(clientManager),
      ]);

    const sent = await send(client, client.id, "Не играет музыка");
    for (const socket of [firstTab, secondTab, supportSocket, adminSocket]) {
      expect(await socket.next()).toEqual({ type: "chatMessage", message: sent });
      await expectNothingMore(socket);
    }
    // Another client and staff who do not answer the chat hear nothing.
    await expectNothingMore(strangerSocket);
    await expectNothingMore(managerSocket);

    const reply = await send(support, client.id, "Уже смотрим");
    expect(reply.author).toMatchObject({ id: support.id, side: "staff" });
    for (const socket of [firstTab, secondTab, supportSocket, adminSocket]) {
      expect(await socket.next()).toEqual({ type: "chatMessage", message: reply });
      await expectNothingMore(socket);
    }
    await expectNothingMore(strangerSocket);
  });

  it("after a disconnect, `after` the last seq seen answers exactly the missed messages", async () => {
    const client = await newClient();
    const socket = await socketOf(client);
    const seen = await send(client, client.id, "Здравствуйте");
    expect(await socket.next()).toMatchObject({ type: "chatMessage", message: { seq: seen.seq } });
    socket.socket.close();
    await socket.closed;

    const missed = [
      await send(support, client.id, "Добрый день"),
      await send(admin, client.id, "Ещё"),
    ];
    const back = await socketOf(client);
    const caughtUp = await call(
      server,
      "GET",
      `/support/chat/${client.id}/messages?after=${seen.seq}`,
      { token: client.token },
    );
    expect(caughtUp.body).toEqual({ data: missed, hasMore: false });
    // The new socket is not sent the old messages again.
    await expectNothingMore(back);
  });

  it("tells both sides how far the other has read", async () => {
    const client = await newClient();
    const [clientSocket, supportSocket] = await Promise.all([socketOf(client), socketOf(support)]);
    const sent = await send(client, client.id, "Вопрос");
    await clientSocket.next();
    await supportSocket.next();
    const read = await call(server, "POST", `/support/chat/${client.id}/read`, {
      token: support.token,
      body: { upTo: sent.seq },
    });
    expect(read.status).toBe(200);
    const told = { type: "chatRead", clientId: client.id, side: "staff", upTo: sent.seq };
    expect(await clientSocket.next()).toEqual(told);
    expect(await supportSocket.next()).toEqual(told);
    // Reading again what is read already tells no one.
    await call(server, "POST", `/support/chat/${client.id}/read`, {
      token: support.token,
      body: { upTo: sent.seq },
    });
    await expectNothingMore(clientSocket);
  });
});

describe("typing marks", () => {
  it("reach the other side and the typist's own tabs, not other clients; one per 2 s per socket", async () => {
    const client = await newClient();
    const stranger = await newClient();
    const [typing, otherTab, supportSocket, strangerSocket] = await Promise.all([
      socketOf(client),
      socketOf(client),
      socketOf(support),
      socketOf(stranger),
    ]);

    typing.send({ type: "chatTyping", clientId: client.id });
    const mark = {
      type: "chatTyping",
      clientId: client.id,
      author: { id: client.id, name: client.email, side: "client" },
    };
    expect(await supportSocket.next()).toEqual(mark);
    expect(await otherTab.next()).toEqual(mark);
    expect(await typing.next()).toEqual(mark);
    // A second mark within 2 s is dropped.
    typing.send({ type: "chatTyping", clientId: client.id });
    await expectNothingMore(typing);
    await expectNothingMore(supportSocket);
    await expectNothingMore(strangerSocket);

    supportSocket.send({ type: "chatTyping", clientId: client.id });
    const staffMark = await otherTab.next();
    expect(staffMark).toMatchObject({
      type: "chatTyping",
      clientId: client.id,
      author: { id: support.id, side: "staff" },
    });
    await expectNothingMore(strangerSocket);
  });

  it("answers an error to a mark in a conversation that is not the sender's", async () => {
    const client = await newClient();
    const stranger = await newClient();
    const clientSocket = await socketOf(client);
    const refused = { type: "error", message: CHAT_SOCKET_TEXTS.typingForbidden };
    for (const user of [stranger, clientManager, contentManager]) {
      const socket = await socketOf(user);
      socket.send({ type: "chatTyping", clientId: client.id });
      expect(await socket.next()).toEqual(refused);
    }
    await expectNothingMore(clientSocket);
  });
});

describe("watching a client's players", () => {
  let staff: Pick<VenueStaff, "admin" | "clientManager">;

  beforeAll(() => {
    staff = { admin, clientManager };
  });

  it("gives support the client's players' states, then their changes, until it stops", async () => {
    const { client, establishmentId } = await subscribedClient(server, staff, []);
    const playerId = await addPlayer(server, client, { establishmentId });
    const owner = await socketOf(client, 1);
    const watcher = await socketOf(support);

    watcher.send({ type: "watchClientPlayers", clientId: client.id });
    expect(await watcher.next()).toMatchObject({
      type: "playerState",
      state: { playerId, online: false },
    });

    const device = await connect(server, await deviceTokenFor(server, client, establishmentId));
    open.push(device);
    expect(await nextOfType(watcher, "playerState")).toMatchObject({
      state: { playerId, online: true },
    });
    // The schedule's word to the player's room follows its coming online.
    expect(await watcher.next()).toMatchObject({ type: "status", playerId });
    expect(await nextOfType(owner, "playerState")).toMatchObject({ state: { online: true } });

    watcher.send({ type: "watchClientPlayers", clientId: null });
    await expectNothingMore(watcher);
    device.socket.close();
    expect(await nextOfType(owner, "playerState")).toMatchObject({ state: { online: false } });
    await expectNothingMore(watcher);
  });

  it("moves to another client's players and leaves the first one's", async () => {
    const first = await subscribedClient(server, staff, []);
    const second = await subscribedClient(server, staff, []);
    const firstPlayer = await addPlayer(server, first.client, {
      establishmentId: first.establishmentId,
    });
    const secondPlayer = await addPlayer(server, second.client, {
      establishmentId: second.establishmentId,
    });
    const firstOwner = await socketOf(first.client, 1);
    const watcher = await socketOf(clientManager);

    watcher.send({ type: "watchClientPlayers", clientId: first.client.id });
    expect(await watcher.next()).toMatchObject({ state: { playerId: firstPlayer } });
    watcher.send({ type: "watchClientPlayers", clientId: second.client.id });
    expect(await watcher.next()).toMatchObject({ state: { playerId: secondPlayer } });

    const device = await connect(
      server,
      await deviceTokenFor(server, first.client, first.establishmentId),
    );
    open.push(device);
    expect(await nextOfType(firstOwner, "playerState")).toMatchObject({ state: { online: true } });
    await expectNothingMore(watcher);
    device.socket.close();
  });

  it("refuses a client's socket, which joins nothing", async () => {
    const { client, establishmentId } = await subscribedClient(server, staff, []);
    await addPlayer(server, client, { establishmentId });
    const owner = await socketOf(client, 1);
    const stranger = await newClient();
    const strangerSocket = await socketOf(stranger);

    strangerSocket.send({ type: "watchClientPlayers", clientId: client.id });
    expect(await strangerSocket.next()).toEqual({
      type: "error",
      message: SOCKET_ERRORS.watchForbidden,
    });
    const device = await connect(server, await deviceTokenFor(server, client, establishmentId));
    open.push(device);
    expect(await nextOfType(owner, "playerState")).toMatchObject({ state: { online: true } });
    await expectNothingMore(strangerSocket);
    device.socket.close();
  });
});
