import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTwoProcesses, type TestServer } from "../../test/harness.ts";
import { connect } from "../../test/socket-client.ts";

/**
 * Two server processes on one PostgreSQL database and one Redis (CI gives
 * TEST_REDIS_URL and TEST_DATABASE_URL): a chat message sent to one
 * reaches the sockets on the other, once.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DATABASE_URL;

describe.skipIf(!redisUrl || !sharedDatabase)("support chat across processes (REDIS_URL)", () => {
  let first: TestServer;
  let second: TestServer;
  let support: SignedInUser;
  let client: SignedInUser;

  beforeAll(async () => {
    // One deployment: one signing key, one database, one Redis.
    [first, second] = await startTwoProcesses(redisUrl as string);
    support = await createSignedInUser(first, { role: "role-support" });
    client = await createSignedInUser(first, { role: "role-client" });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a message sent on one process reaches support's and the client's sockets on the other, once", async () => {
    const supportSocket = await connect(second, support.token);
    const clientSocket = await connect(second, client.token);
    for (const socket of [supportSocket, clientSocket]) {
      socket.send({ type: "ping" });
      expect(await socket.next()).toEqual({ type: "pong" });
    }

    const sent = await call(first, "POST", `/support/chat/${client.id}/messages`, {
      token: client.token,
      body: { text: "Не играет", clientMessageId: "redis-1" },
    });
    expect(sent.status).toBe(201);
    for (const socket of [supportSocket, clientSocket]) {
      expect(await socket.next()).toEqual({ type: "chatMessage", message: sent.body });
      socket.send({ type: "ping" });
      expect(await socket.next()).toEqual({ type: "pong" });
      socket.socket.close();
    }
  });
});
