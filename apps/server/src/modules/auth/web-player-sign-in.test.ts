import { MESSAGES } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deviceCodes, players, sessions } from "../../db/schema.ts";
import { CLOSE_CODES } from "../../realtime/hub.ts";
import {
  createEstablishment,
  createSignedInUser,
  randomIp,
  type SignedInUser,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { connect, nextOfType, type SocketClient } from "../../test/socket-client.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  playlistOf,
  subscribedClient,
} from "../../test/venues.ts";

/**
 * Opening a web player at the venue (issue 14) on the real server: a web
 * player's device code names or makes the web player it plays, an owner
 * plays a web player in the browser at hand (play-here), and such a device
 * session plays its one player only, until the player is removed.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };

/** A POST from its own client address, so per-IP limits do not mix tests. */
function post(path: string, body?: unknown, token?: string): Promise<Answer> {
  return call(server, "POST", path, {
    body,
    token,
    headers: { "x-forwarded-for": randomIp(), "user-agent": "Test browser 1.0" },
  });
}

const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

/** A client with one establishment at a known address. */
async function owner(): Promise<{ client: SignedInUser; establishmentId: string }> {
  const client = await createSignedInUser(server, { role: "role-client" });
  const establishmentId = await createEstablishment(server, client.id, {
    address: "Казань, Баумана, 12",
  });
  return { client, establishmentId };
}

async function webPlayerCode(): Promise<{ verificationId: string; code: string }> {
  const created = await post("/auth/code/create-code", { kind: "webPlayer" });
  expect(created.status).toBe(200);
  return created.body;
}

async function playersOfEstablishment(establishmentId: string) {
  return server.app.db.select().from(players).where(eq(players.establishmentId, establishmentId));
}

/** What a socket heard before its next pong. */
async function messagesUntilPong(socket: SocketClient): Promise<Array<Record<string, unknown>>> {
  const heard: Array<Record<string, unknown>> = [];
  for (;;) {
    const message = await socket.next();
    if (message.type === "pong") return heard;
    heard.push(message);
  }
}

/** The player a socket message is about. */
function playerIdOf(message: Record<string, unknown>): unknown {
  const state = message.state as { playerId?: unknown } | undefined;
  return message.playerId ?? state?.playerId;
}

const unknownId = "5b0c8f8e-3a71-4d52-9f0e-6c2b1d3e4f5a";

describe("a device code's kind", () => {
  it("is stored and inspected: no body is a device, as older boxes send", async () => {
    const { client } = await owner();
    const plain = await post("/auth/code/create-code");
    const named = await post("/auth/code/create-code", { kind: "device" });
    const web = await post("/auth/code/create-code", { kind: "webPlayer" });
    const kinds = [];
    for (const created of [plain, named, web]) {
      expect(created.status).toBe(200);
      const [row] = await server.app.db
        .select()
        .from(deviceCodes)
        .where(eq(deviceCodes.id, created.body.verificationId));
      const inspected = await post(
        "/auth/code/inspect-code",
        { code: created.body.code },
        client.token,
      );
      expect(inspected.status).toBe(200);
      expect(inspected.body.kind).toBe(row?.kind);
      kinds.push(row?.kind);
    }
    expect(kinds).toEqual(["device", "device", "webPlayer"]);

    const bad = await post("/auth/code/create-code", { kind: "tv" });
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe("validation-error");
  });
});

describe("approving a web player's code", () => {
  it("gives a new web player music at once: the first playable playlist by name, as its fallback", async () => {
    const staff = await createVenueStaff(server);
    const [later, first] = [
      await playlistOf(server, staff.contentManager, [], "Ясный день"),
      await playlistOf(server, staff.contentManager, [], "Акустика"),
    ];
    const { client, establishmentId } = await subscribedClient(server, staff, [later.id, first.id]);
    const code = await webPlayerCode();
    const approved = await post(
      "/auth/code/approve-code",
      { code: code.code, establishmentId },
      client.token,
    );
    expect(approved.status).toBe(200);
    const made = await get(`/music/player/${approved.body.playerId}`, client.token);
    expect(made.body.fallbackPlaylistId).toBe(first.id);
    const onPlayer = await get(
      `/music/player/${approved.body.playerId}/playlist/all`,
      client.token,
    );
    expect(onPlayer.status).toBe(200);
    expect(JSON.stringify(onPlayer.body)).toContain(first.id);
    expect(JSON.stringify(onPlayer.body)).not.toContain(later.id);

    // A client who may play nothing gets a player with nothing on it, not an error.
    const { client: bare, establishmentId: bareVenue } = await owner();
    const bareCode = await webPlayerCode();
    const bareApproved = await post(
      "/auth/code/approve-code",
      { code: bareCode.code, establishmentId: bareVenue },
      bare.token,
    );
    expect(bareApproved.status).toBe(200);
    const bareMade = await get(`/music/player/${bareApproved.body.playerId}`, bare.token);
    expect(bareMade.body.fallbackPlaylistId).toBeNull();
  });

  it("without a player makes a new web player «Веб-плеер N» at the establishment's address", async () => {
    const { client, establishmentId } = await owner();
    // A box and a web player of another name are there already: the web players are numbered.
    await addPlayer(server, client, {
      establishmentId,
      type: "boxPlayer",
      serialBoxNumber: `WP-${Date.now()}`,
    });
    await addPlayer(server, client, { establishmentId, name: "Веб-плеер 1" });

    const first = await webPlayerCode();
    const approved = await post(
      "/auth/code/approve-code",
      { code: first.code, establishmentId },
      client.token,
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ ok: true, playerId: expect.any(String) });
    const playerId = approved.body.playerId;

    const made = await get(`/music/player/${playerId}`, client.token);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      name: "Веб-плеер 2",
      type: "web",
      establishmentId,
      address: "Казань, Баумана, 12",
      userId: client.id,
    });
    const listed = await get(`/music/player/${client.id}/all`, client.token);
    expect(listed.body.data.map((player: { id: string }) => player.id)).toContain(playerId);

    const polled = await post("/auth/code/wait-for-verification", {
      verificationId: first.verificationId,
    });
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({ status: "APPROVED", playerId });
    const sid = decodeJwt(polled.body.tokens.token).sid as string;
    const [session] = await server.app.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(session).toMatchObject({ kind: "device", establishmentId, playerId });

    // The next one takes the next free number.
    const second = await webPlayerCode();
    const again = await post(
      "/auth/code/approve-code",
      { code: second.code, establishmentId },
      client.token,
    );
    const next = await get(`/music/player/${again.body.playerId}`, client.token);
    expect(next.body.name).toBe("Веб-плеер 3");
  });

  it("with one of the establishment's web players binds the device to it, making none", async () => {
    const { client, establishmentId } = await owner();
    const playerId = await addPlayer(server, client, { establishmentId, name: "Бар" });
    const { code, verificationId } = await webPlayerCode();
    const approved = await post(
      "/auth/code/approve-code",
      { code, establishmentId, playerId },
      client.token,
    );
    expect(approved).toEqual({ status: 200, body: { ok: true, playerId } });
    expect(await playersOfEstablishment(establishmentId)).toHaveLength(1);
    const [row] = await server.app.db
      .select()
      .from(deviceCodes)
      .where(eq(deviceCodes.id, verificationId));
    expect(row).toMatchObject({ kind: "webPlayer", playerId, establishmentId });

    const polled = await post("/auth/code/wait-for-verification", { verificationId });
    expect(polled.body).toMatchObject({ status: "APPROVED", playerId });
    // Handed out once, as for every device.
    const twice = await post("/auth/code/wait-for-verification", { verificationId });
    expect(twice.body).toEqual({ status: "EXPIRED" });
  });

  it("refuses a box, another establishment's, another owner's or an unknown player, changing nothing", async () => {
    const { client, establishmentId } = await owner();
    const boxId = await addPlayer(server, client, {
      establishmentId,
      type: "boxPlayer",
      serialBoxNumber: `WPR-${Date.now()}`,
    });
    const otherEstablishment = await createEstablishment(server, client.id);
    const elsewhereId = await addPlayer(server, client, { establishmentId: otherEstablishment });
    const stranger = await owner();
    const strangersId = await addPlayer(server, stranger.client, {
      establishmentId: stranger.establishmentId,
    });
    const { code, verificationId } = await webPlayerCode();

    const refusals: Array<[unknown, number, string]> = [
      [{ code, establishmentId, playerId: boxId }, 400, "validation-error"],
      [{ code, establishmentId, playerId: elsewhereId }, 400, "validation-error"],
      [{ code, establishmentId, playerId: strangersId }, 404, "not-found"],
      [{ code, establishmentId, playerId: unknownId }, 404, "not-found"],
      [{ code, establishmentId, playerId: "not-a-uuid" }, 400, "validation-error"],
      // Someone else's establishment: no player is made there or anywhere.
      [{ code, establishmentId: stranger.establishmentId }, 404, "not-found"],
    ];
    for (const [body, status, type] of refusals) {
      const answer = await post("/auth/code/approve-code", body, client.token);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.type).toBe(type);
      expect(answer.body.reason).toMatch(/[а-я]/);
    }
    expect(await playersOfEstablishment(establishmentId)).toHaveLength(1);
    expect(await playersOfEstablishment(stranger.establishmentId)).toHaveLength(1);
    const [row] = await server.app.db
      .select()
      .from(deviceCodes)
      .where(eq(deviceCodes.id, verificationId));
    expect(row).toMatchObject({ approvedAt: null, playerId: null });
    const pending = await post("/auth/code/wait-for-verification", { verificationId });
    expect(pending.body).toEqual({ status: "PENDING" });

    // The code still works for a right answer.
    const approved = await post("/auth/code/approve-code", { code, establishmentId }, client.token);
    expect(approved.status).toBe(200);
  });

  it("refuses a player for a device's code; a device's code binds no player", async () => {
    const { client, establishmentId } = await owner();
    const playerId = await addPlayer(server, client, { establishmentId });
    const created = await post("/auth/code/create-code");
    const { code, verificationId } = created.body;
    const refused = await post(
      "/auth/code/approve-code",
      { code, establishmentId, playerId },
      client.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe("validation-error");
    const pending = await post("/auth/code/wait-for-verification", { verificationId });
    expect(pending.body).toEqual({ status: "PENDING" });

    const approved = await post("/auth/code/approve-code", { code, establishmentId }, client.token);
    expect(approved.body).toEqual({ ok: true, playerId: null });
    expect(await playersOfEstablishment(establishmentId)).toHaveLength(1);
    const polled = await post("/auth/code/wait-for-verification", { verificationId });
    expect(polled.body).toMatchObject({ status: "APPROVED", playerId: null });
  });

  it("answers EXPIRED when its player was removed before the device polled", async () => {
    const { client, establishmentId } = await owner();
    const { code, verificationId } = await webPlayerCode();
    const approved = await post("/auth/code/approve-code", { code, establishmentId }, client.token);
    const removed = await post(
      `/music/player/${approved.body.playerId}/${client.id}/remove`,
      {},
      client.token,
    );
    expect(removed.status).toBe(200);
    const polled = await post("/auth/code/wait-for-verification", { verificationId });
    expect(polled.body).toEqual({ status: "EXPIRED" });
  });
});

describe("play-here", () => {
  it("gives the owner a device session bound to their web player", async () => {
    const { client, establishmentId } = await owner();
    const playerId = await addPlayer(server, client, { establishmentId });
    const answer = await post(`/music/player/${playerId}/play-here`, {}, client.token);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      playerId,
      tokens: { token: expect.any(String), refreshToken: expect.any(String) },
    });
    const claims = decodeJwt(answer.body.tokens.token);
    expect(claims).toMatchObject({ sub: client.id, kind: "device", authority: ["player-device"] });
    const [session] = await server.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claims.sid as string));
    expect(session).toMatchObject({
      kind: "device",
      establishmentId,
      playerId,
      userAgent: "Test browser 1.0",
      expiresAt: null,
    });
    // It refreshes like any device session.
    const refreshed = await post("/auth/refresh-token", {
      refreshToken: answer.body.tokens.refreshToken,
    });
    expect(refreshed.status).toBe(200);
  });

  it("refuses everyone but the owner, a box player and bad ids, starting no session", async () => {
    const { client, establishmentId } = await owner();
    const playerId = await addPlayer(server, client, { establishmentId });
    const boxId = await addPlayer(server, client, {
      establishmentId,
      type: "boxPlayer",
      serialBoxNumber: `PH-${Date.now()}`,
    });
    const stranger = await createSignedInUser(server, { role: "role-client" });
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const device = await deviceTokenFor(server, client, establishmentId);
    const before = await server.app.db.select().from(sessions);

    const refusals: Array<[string, string | undefined, number, string]> = [
      [playerId, undefined, 401, "unauthorized"],
      [playerId, stranger.token, 404, "not-found"],
      [playerId, manager.token, 403, "forbidden"],
      [playerId, admin.token, 403, "forbidden"],
      [playerId, device, 403, "forbidden"],
      [boxId, client.token, 400, "validation-error"],
      [unknownId, client.token, 404, "not-found"],
      ["not-a-uuid", client.token, 400, "validation-error"],
    ];
    for (const [id, token, status, type] of refusals) {
      const answer = await post(`/music/player/${id}/play-here`, {}, token);
      expect(answer.status, `${id} ${status}`).toBe(status);
      expect(answer.body.type).toBe(type);
    }
    expect(await server.app.db.select().from(sessions)).toHaveLength(before.length);
  });
});

describe("a device session bound to a web player", () => {
  it("plays that player only: its state, its socket, its reads", async () => {
    const { client, establishmentId } = await owner();
    const playerId = await addPlayer(server, client, { establishmentId, name: "Зал" });
    const otherId = await addPlayer(server, client, { establishmentId, name: "Терраса" });
    const { tokens } = (await post(`/music/player/${playerId}/play-here`, {}, client.token)).body;

    const socket = await connect(server, tokens.token);
    // Everything it heard up to a ping's answer is about its player only.
    socket.send({ type: "ping" });
    const heard = await messagesUntilPong(socket);
    const about = heard.map((message) => playerIdOf(message));
    expect(about).toContain(playerId);
    expect(about.every((id) => id === playerId)).toBe(true);
    socket.socket.close();

    const named = await connect(server, tokens.token, { playerId });
    expect(await nextOfType(named, "playerState")).toMatchObject({ state: { playerId } });
    named.socket.close();

    const foreign = await connect(server, tokens.token, { playerId: otherId });
    expect(await foreign.next()).toEqual({ type: "error", message: MESSAGES.playerNotFound });
    expect(await foreign.closed).toBe(CLOSE_CODES.playerNotFound);

    // Commands about the other player are refused too.
    const again = await connect(server, tokens.token);
    await nextOfType(again, "playerState");
    again.send({ type: "pause", playerId: otherId });
    expect(await nextOfType(again, "error")).toMatchObject({ message: MESSAGES.playerNotFound });
    again.socket.close();

    expect((await get(`/music/player/${otherId}`, tokens.token)).status).toBe(404);
    expect((await get(`/music/player/${playerId}`, tokens.token)).status).toBe(200);
    const listed = await get(`/music/player/${client.id}/all`, tokens.token);
    expect(listed.body.data.map((player: { id: string }) => player.id)).toEqual([playerId]);
    expect(listed.body.total).toBe(1);

    // A device of the venue that is bound to none still sees both.
    const venueDevice = await deviceTokenFor(server, client, establishmentId);
    const venueList = await get(`/music/player/${client.id}/all`, venueDevice);
    expect(venueList.body.total).toBe(2);
  });

  it("ends when its player is removed: its socket closes and its tokens stop", async () => {
    const { client, establishmentId } = await owner();
    const playerId = await addPlayer(server, client, { establishmentId });
    const otherId = await addPlayer(server, client, { establishmentId });
    const bound = (await post(`/music/player/${playerId}/play-here`, {}, client.token)).body.tokens;
    const survivor = (await post(`/music/player/${otherId}/play-here`, {}, client.token)).body
      .tokens;
    const socket = await connect(server, bound.token);
    await nextOfType(socket, "playerState");
    const otherSocket = await connect(server, survivor.token);
    await nextOfType(otherSocket, "playerState");

    const removed = await post(`/music/player/${playerId}/${client.id}/remove`, {}, client.token);
    expect(removed.status).toBe(200);
    expect(await nextOfType(socket, "error")).toEqual({
      type: "error",
      message: MESSAGES.accessDenied,
    });
    expect(await socket.closed).toBe(CLOSE_CODES.accessDenied);
    expect((await get(`/music/player/${client.id}/all`, bound.token)).status).toBe(401);
    const refresh = await post("/auth/refresh-token", { refreshToken: bound.refreshToken });
    expect(refresh.status).toBe(401);

    // The other player's browser plays on.
    otherSocket.send({ type: "ping" });
    expect(await nextOfType(otherSocket, "pong")).toEqual({ type: "pong" });
    expect((await get(`/music/player/${otherId}`, survivor.token)).status).toBe(200);
    otherSocket.socket.close();
  });
});
