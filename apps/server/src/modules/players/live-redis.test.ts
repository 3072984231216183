import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readyToSubscribe, tariffInput } from "../../test/clients.ts";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { connect, type SocketClient } from "../../test/socket-client.ts";

/**
 * Two server processes on one PostgreSQL database and one Redis (CI gives
 * TEST_REDIS_URL and TEST_DATABASE_URL): the player's device socket on one,
 * the owner's remote control on the other.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DATABASE_URL;

describe.skipIf(!redisUrl || !sharedDatabase)("live state across processes (REDIS_URL)", () => {
  let first: TestServer;
  let second: TestServer;
  let admin: SignedInUser;
  let clientManager: SignedInUser;

  beforeAll(async () => {
    // One deployment: one signing key, one database, one Redis.
    const JWT_SECRET = randomBytes(32).toString("hex");
    first = await startTestServer({ REDIS_URL: redisUrl, JWT_SECRET });
    second = await startTestServer({
      REDIS_URL: redisUrl,
      JWT_SECRET,
      DATABASE_URL: first.config.databaseUrl,
    });
    admin = await createSignedInUser(first, { role: "role-admin" });
    clientManager = await createSignedInUser(first, { role: "role-client-manager" });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function nextOfType(socket: SocketClient, type: string) {
    for (;;) {
      const message = await socket.next();
      if (message.type === type) return message;
    }
  }

  it("a command sent to one process reaches the device on the other, and its reports come back", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
    const post = (path: string, token: string, body?: unknown): Promise<{ body: any }> =>
      call(first, "POST", path, { token, body });
    const client = await createSignedInUser(first, { role: "role-client" });
    const ready = await readyToSubscribe(first, client);
    const tariff = await post("/tariff/add", admin.token, tariffInput({ playlistIds: [] }));
    const subscription = await post(`/subscription/${client.id}/add`, client.token, {
      ...ready,
      tariffId: tariff.body.id,
      itemIds: [],
      periodMonths: 1,
    });
    await post(`/subscription/${subscription.body.id}/activate`, clientManager.token);
    const player = await post("/music/player/add", client.token, {
      name: "Зал",
      type: "web",
      address: "Москва, Тверская, 7",
      establishmentId: ready.establishmentId,
    });
    const playerId = player.body.id as string;
    const created = await call(first, "POST", "/auth/code/create-code");
    await post("/auth/code/approve-code", client.token, {
      code: created.body.code,
      establishmentId: ready.establishmentId,
    });
    const polled = await call(first, "POST", "/auth/code/wait-for-verification", {
      body: { verificationId: created.body.verificationId },
    });

    const remote = await connect(second, client.token);
    expect(await remote.next()).toMatchObject({ type: "playerState", state: { online: false } });
    const device = await connect(first, polled.body.tokens.token);
    expect(await device.next()).toMatchObject({ type: "playerState", state: { playerId } });
    // The device is online for the other process too (the heartbeat in the table).
    expect(await nextOfType(remote, "playerState")).toMatchObject({ state: { online: true } });
    expect(await remote.next()).toMatchObject({ type: "status", playerId });

    remote.send({ type: "volume", playerId, volume: 20 });
    expect(await nextOfType(device, "volume")).toEqual({ type: "volume", playerId, volume: 20 });
    expect(await remote.next()).toEqual({ type: "volume", playerId, volume: 20 });
    expect(await remote.next()).toMatchObject({ type: "playerState", state: { volume: 20 } });

    device.send({
      type: "playerStatus",
      playerId,
      songId: null,
      playlistId: null,
      positionSeconds: 0,
      volume: 20,
      playing: false,
    });
    expect(await remote.next()).toMatchObject({
      type: "playerState",
      state: { volume: 20, positionSeconds: 0, playing: false, online: true },
    });

    device.socket.close();
    expect(await nextOfType(remote, "playerState")).toMatchObject({ state: { online: false } });
    remote.send({ type: "play", playerId });
    expect(await remote.next()).toEqual({ type: "needToStartPlayerError", playerId });
    remote.socket.close();
  });
});
