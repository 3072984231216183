import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEstablishment,
  createSignedInUser,
  type SignedInUser,
} from "../../../test/factories.ts";
import { call, startTwoProcesses, type TestServer } from "../../../test/harness.ts";
import { uploadFile } from "../../../test/library.ts";
import { connect } from "../../../test/socket-client.ts";

/**
 * Two server processes on one PostgreSQL database and one Redis (CI gives
 * TEST_REDIS_URL and TEST_DATABASE_URL): an update uploaded on one is
 * announced to a box connected to the other.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DATABASE_URL;

describe.skipIf(!redisUrl || !sharedDatabase)("player updates across processes (REDIS_URL)", () => {
  let first: TestServer;
  let second: TestServer;
  let admin: SignedInUser;

  beforeAll(async () => {
    // One deployment: one signing key, one database, one Redis.
    [first, second] = await startTwoProcesses(redisUrl as string);
    admin = await createSignedInUser(first, { role: "role-admin" });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a box on one process hears of an update uploaded on the other", async () => {
    const owner = await createSignedInUser(first, { role: "role-client" });
    const establishmentId = await createEstablishment(first, owner.id);
    const created = await call(first, "POST", "/auth/code/create-code");
    await call(first, "POST", "/auth/code/approve-code", {
      token: owner.token,
      body: { code: created.body.code, establishmentId },
    });
    const polled = await call(first, "POST", "/auth/code/wait-for-verification", {
      body: { verificationId: created.body.verificationId },
    });
    const box = await connect(second, polled.body.tokens.token);
    box.send({ type: "connect", version: "1.0.0" });
    expect(await box.next()).toMatchObject({ type: "connected" });

    const uploaded = await uploadFile(first, "/music/player/update", Buffer.from("firmware"), {
      token: admin.token,
      filename: "fonika-box-1.1.0.bin",
    });
    expect(uploaded.status).toBe(201);
    expect(await box.next()).toMatchObject({
      type: "playerUpdateAvailable",
      updateId: uploaded.body.updateId,
      version: "1.1.0",
    });
    box.socket.close();
  });
});
