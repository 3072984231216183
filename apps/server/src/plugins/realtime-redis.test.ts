import { API_BASE, PLAYER_SOCKET_PATH } from "@fonika/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { RedisBus } from "../realtime/bus.ts";
import { userRoom } from "../realtime/hub.ts";
import { createSignedInUser, randomIp, type SignedInUser } from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";

/**
 * The server with REDIS_URL (CI provides TEST_REDIS_URL): a second process
 * is stood in for by a RedisBus of its own on the same Redis, since two
 * servers cannot share one embedded database.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("with REDIS_URL", () => {
  let server: TestServer;
  let client: SignedInUser;
  let otherProcess: RedisBus;

  beforeAll(async () => {
    server = await startTestServer({ REDIS_URL: redisUrl });
    client = await createSignedInUser(server, { role: "role-client" });
    otherProcess = await RedisBus.open(redisUrl as string);
  });

  afterAll(async () => {
    await otherProcess?.close();
    await server?.close();
  });

  it("an event published by another process reaches this process's socket", async () => {
    expect(server.app.realtime.busKind).toBe("redis");
    const url = `${server.url.replace("http", "ws")}${API_BASE}${PLAYER_SOCKET_PATH}?access_token=${client.token}`;
    const socket = new WebSocket(url);
    const messages: unknown[] = [];
    socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once("open", resolve));
    socket.send(JSON.stringify({ type: "ping" }));
    await waitUntil(() => messages.length === 1);

    await otherProcess.publish({
      kind: "messages",
      rooms: [userRoom(client.id)],
      messages: [{ type: "stopPlay", playerId: "p1" }],
    });

    await waitUntil(() => messages.length === 2);
    expect(messages).toEqual([{ type: "pong" }, { type: "stopPlay", playerId: "p1" }]);
    socket.close();
  });

  it("counts rate limits in Redis", async () => {
    const ip = randomIp();
    const form = { name: "Анна", phone: "+79991234567", company: "Кофейня" };
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) {
      const sent = await call(server, "POST", "/integration/amo/form", {
        body: form,
        headers: { "x-forwarded-for": ip },
      });
      statuses.push(sent.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const redis = new Redis(redisUrl as string);
    try {
      const keys = await redis.keys("fonika:rate-limit:*");
      expect(keys.some((key) => key.includes(ip))).toBe(true);
    } finally {
      redis.disconnect();
    }
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
