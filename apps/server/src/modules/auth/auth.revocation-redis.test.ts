import { MESSAGES } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../test/factories.ts";
import { call, startTwoProcesses, type TestServer } from "../../test/harness.ts";
import { connect } from "../../test/socket-client.ts";

/**
 * Two server processes on one PostgreSQL and one Redis (CI's second pass
 * provides both): a session ended or an account blocked on one process
 * stops the token and closes the socket held by the other at once.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!redisUrl || !postgresUrl)("revocation across two processes", () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    // One deployment: one signing key, one database, one Redis.
    [first, second] = await startTwoProcesses(redisUrl as string);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** A client signed in on the first process, reading and connected on the second. */
  async function clientOnSecond() {
    const user = await createSignedInUser(first, { role: "role-client" });
    const read = () => call(second, "GET", `/personal-info/${user.id}`, { token: user.token });
    expect((await read()).status).toBe(200);
    const socket = await connect(second, user.token);
    socket.send({ type: "ping" });
    await socket.next();
    return { user, read, socket };
  }

  it("a logout on one process stops the token and socket held by the other", async () => {
    const { user, read, socket } = await clientOnSecond();

    const out = await call(first, "POST", "/auth/logout", {
      body: { refreshToken: user.refreshToken },
    });
    expect(out.status).toBe(200);
    expect(await socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect((await read()).status).toBe(401);
  });

  it("a block on one process is seen by the other's next call and socket", async () => {
    const admin = await createSignedInUser(first, { role: "role-admin" });
    const { user, read, socket } = await clientOnSecond();

    const blocked = await call(first, "POST", `/auth/account/${user.id}/block`, {
      token: admin.token,
    });
    expect(blocked.status).toBe(200);
    expect(await socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await socket.closed).toBe(4401);
    const after = await read();
    expect(after.status).toBe(403);
    expect(after.body.type).toBe("account-blocked");
  });

  it("a profile changed on one process is read changed on the other (no stale copy in memory)", async () => {
    const user = await createSignedInUser(first, {
      role: "role-client",
      profile: { lastName: "Прежняя" },
    });
    const read = async () =>
      (await call(second, "GET", `/personal-info/${user.id}`, { token: user.token })).body.lastName;
    expect(await read()).toBe("Прежняя");
    const changed = await call(first, "POST", `/personal-info/${user.id}/change`, {
      token: user.token,
      body: { lastName: "Новая" },
    });
    expect(changed.status).toBe(200);
    // Redis carries the event in about a millisecond; give it a moment.
    await expect.poll(read, { timeout: 2000 }).toBe("Новая");
  });
});
