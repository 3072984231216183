import { createHash, createHmac } from "node:crypto";
import { CODES, MESSAGES, TOKENS } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCodes, rateLimits, refreshTokens, sessions, users } from "../../db/schema.ts";
import {
  createEstablishment,
  createSignedInUser,
  randomIp,
  readUser,
  type SignedInUser,
  signIn,
  uniqueEmail,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { connect } from "../../test/socket-client.ts";
import { hashAddress } from "./auth.secrets.ts";
import { AuthStore } from "./auth.store.ts";

/**
 * Issue 5 of the accounts: device sessions with a player's powers only,
 * approval limits, the owner's list of sessions, revocation reaching tokens
 * and sockets on every path, the refresh grace window, the absolute
 * lifetime of browser sessions, the sign-in limits and the pruning job.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SESSION_LIFETIME_DAYS: "2" });
});

afterAll(async () => {
  await server?.close();
});

const ip = () => ({ "x-forwarded-for": randomIp() });
const post = (
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = ip(),
) => call(server, "POST", path, { body, token, headers });
const get = (path: string, token?: string) => call(server, "GET", path, { token });

/** An establishment id nobody has: refusals come before the establishment is looked at. */
const unknownEstablishment = "8b0f0c52-6a5c-4d7e-9d8e-1f2a3b4c5d6e";

/** A device code approved by `owner` and collected by the device. */
async function signInDevice(owner: SignedInUser, establishment?: string) {
  const establishmentId = establishment ?? (await createEstablishment(server, owner.id));
  const device = {
    ...ip(),
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0 Safari/537.36",
  };
  const created = await post("/auth/code/create-code", undefined, undefined, device);
  expect(created.status).toBe(200);
  const approved = await post(
    "/auth/code/approve-code",
    { code: created.body.code, establishmentId },
    owner.token,
  );
  expect(approved.status).toBe(200);
  const polled = await post(
    "/auth/code/wait-for-verification",
    { verificationId: created.body.verificationId },
    undefined,
    device,
  );
  expect(polled.body.status).toBe("APPROVED");
  return polled.body.tokens as { token: string; refreshToken: string };
}

async function sessionRowsOf(userId: string) {
  return server.app.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe("device sessions", () => {
  it("gives the device a player's session bound to the establishment, never the owner's powers", async () => {
    const owner = await createSignedInUser(server, { role: "role-client" });
    const establishmentId = await createEstablishment(server, owner.id);
    const device = await signInDevice(owner, establishmentId);
    const claims = decodeJwt(device.token);
    expect(claims).toMatchObject({
      sub: owner.id,
      authority: ["player-device"],
      kind: "device",
      establishmentId,
    });
    const [row] = (await sessionRowsOf(owner.id)).filter((session) => session.kind === "device");
    expect(row).toMatchObject({ establishmentId, expiresAt: null });

    // None of the owner's account powers: reads, approvals, account changes.
    const refused = [
      await get(`/personal-info/${owner.id}`, device.token),
      await get("/personal-info/users", device.token),
      await get("/auth/sessions", device.token),
      await post(
        "/auth/code/approve-code",
        { code: "123456", establishmentId: unknownEstablishment },
        device.token,
      ),
      await post(`/auth/role/${owner.id}/change`, { newRole: "role-admin" }, device.token),
      await post(`/auth/account/${owner.id}/delete-account`, undefined, device.token),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.type).toBe("forbidden");
    }
    expect((await readUser(server, owner.id))?.status).toBe("active");

    // What a player needs: its socket, and refreshing its tokens.
    const socket = await connect(server, device.token);
    socket.send({ type: "ping" });
    expect(await socket.next()).toEqual({ type: "pong" });
    socket.socket.close();
    const refreshed = await post("/auth/refresh-token", { refreshToken: device.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.token).authority).toEqual(["player-device"]);
  });

  it("lets only a client approve, and shows when and where the code was made first", async () => {
    const owner = await createSignedInUser(server, { role: "role-client" });
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const created = await post("/auth/code/create-code", undefined, undefined, {
      "x-forwarded-for": "203.0.113.7",
      "user-agent": "Mozilla/5.0 (Windows NT 10.0) Firefox/140.0",
    });
    const asAdmin = await post(
      "/auth/code/approve-code",
      { code: created.body.code, establishmentId: unknownEstablishment },
      admin.token,
    );
    expect(asAdmin.status).toBe(403);
    const inspectedByAdmin = await post(
      "/auth/code/inspect-code",
      { code: created.body.code },
      admin.token,
    );
    expect(inspectedByAdmin.status).toBe(403);

    const info = await post("/auth/code/inspect-code", { code: created.body.code }, owner.token);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 (Windows NT 10.0) Firefox/140.0",
      kind: "device",
    });
    const ttl = Date.parse(info.body.expiresAt) - Date.parse(info.body.createdAt);
    expect(Math.abs(ttl - CODES.deviceCodeTtlSeconds * 1000)).toBeLessThan(1000);
    const wrong = await post("/auth/code/inspect-code", { code: "000000" }, owner.token);
    expect([400, 404]).toContain(wrong.status);
    const malformed = await post("/auth/code/inspect-code", { code: "12ab" }, owner.token);
    expect(malformed.status).toBe(400);
  });

  it("limits look-ups and approvals per user and per IP", async () => {
    const owner = await createSignedInUser(server, { role: "role-client" });
    const sameIp = { "x-forwarded-for": randomIp() };
    for (let attempt = 0; attempt < CODES.approvePerUserMax; attempt++) {
      const answer = await post(
        "/auth/code/approve-code",
        { code: "000000", establishmentId: unknownEstablishment },
        owner.token,
        ip(),
      );
      expect(answer.status).toBe(400);
    }
    const over = await post("/auth/code/inspect-code", { code: "000000" }, owner.token, ip());
    expect(over.status).toBe(429);
    expect(over.body.type).toBe("rate-limited");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);

    // Per IP: many clients behind one address share its budget.
    const clients = await Promise.all(
      Array.from({ length: 4 }, () => createSignedInUser(server, { role: "role-client" })),
    );
    const statuses: number[] = [];
    for (let attempt = 0; attempt < CODES.approvePerIpMax + 1; attempt++) {
      const client = clients[attempt % clients.length] as SignedInUser;
      const answer = await post(
        "/auth/code/inspect-code",
        { code: "000000" },
        client.token,
        sameIp,
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("the owner's sessions", () => {
  it("lists browsers and devices, and ending one stops its token and socket at once", async () => {
    const owner = await createSignedInUser(server, { role: "role-client" });
    const device = await signInDevice(owner);
    const deviceSocket = await connect(server, device.token);
    deviceSocket.send({ type: "ping" });
    await deviceSocket.next();

    const listed = await get("/auth/sessions", owner.token);
    expect(listed.status).toBe(200);
    const kinds = listed.body.data.map((session: { kind: string }) => session.kind).sort();
    expect(kinds).toEqual(["browser", "device"]);
    const current = listed.body.data.find((session: { current: boolean }) => session.current);
    expect(current.kind).toBe("browser");
    const deviceSession = listed.body.data.find(
      (session: { kind: string }) => session.kind === "device",
    );
    expect(deviceSession.userAgent).toContain("Chrome");
    expect(deviceSession.expiresAt).toBeNull();
    expect(current.expiresAt).not.toBeNull();

    const ended = await post(`/auth/sessions/${deviceSession.id}/end`, undefined, owner.token);
    expect(ended.status).toBe(200);
    expect(await deviceSocket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await deviceSocket.closed).toBe(4401);
    const afterwards = await call(server, "GET", "/auth/sessions", { token: owner.token });
    expect(afterwards.body.data).toHaveLength(1);
    // Its refresh token is dead too, and a new socket is refused.
    expect((await post("/auth/refresh-token", { refreshToken: device.refreshToken })).status).toBe(
      401,
    );
    const again = await connect(server, device.token);
    expect(await again.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
  });

  it("does not let anyone end another user's session, and says nothing of it", async () => {
    const owner = await createSignedInUser(server, { role: "role-client" });
    const stranger = await createSignedInUser(server, { role: "role-admin" });
    const [session] = await sessionRowsOf(owner.id);
    const answer = await post(`/auth/sessions/${session?.id}/end`, undefined, stranger.token);
    expect(answer.status).toBe(404);
    expect((await get(`/personal-info/${owner.id}`, owner.token)).status).toBe(200);
    const malformed = await post("/auth/sessions/not-a-uuid/end", undefined, owner.token);
    expect(malformed.status).toBe(400);
    expect((await post(`/auth/sessions/${session?.id}/end`)).status).toBe(401);
  });
});

describe("revocation reaches the access token and the sockets", () => {
  async function signedInWithSocket() {
    const user = await createSignedInUser(server, { role: "role-client" });
    const socket = await connect(server, user.token);
    socket.send({ type: "ping" });
    await socket.next();
    return { user, socket };
  }

  async function expectSocketDenied(socket: Awaited<ReturnType<typeof connect>>) {
    expect(await socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await socket.closed).toBe(4401);
  }

  it("after logout", async () => {
    const { user, socket } = await signedInWithSocket();
    expect((await post("/auth/logout", { refreshToken: user.refreshToken })).status).toBe(200);
    await expectSocketDenied(socket);
    expect((await get(`/personal-info/${user.id}`, user.token)).status).toBe(401);
  });

  it("after a reuse revocation", async () => {
    const { user, socket } = await signedInWithSocket();
    const first = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    await post("/auth/refresh-token", { refreshToken: first.body.refreshToken });
    const reused = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(reused.body.type).toBe("token-reused");
    await expectSocketDenied(socket);
    expect((await get(`/personal-info/${user.id}`, first.body.token)).status).toBe(401);
  });

  it("after a block, with account-blocked for the token and 'Access denied error' for a new socket", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const { user, socket } = await signedInWithSocket();
    expect((await post(`/auth/account/${user.id}/block`, undefined, admin.token)).status).toBe(200);
    await expectSocketDenied(socket);
    const read = await get(`/personal-info/${user.id}`, user.token);
    expect(read.status).toBe(403);
    expect(read.body.type).toBe("account-blocked");
    const again = await connect(server, user.token);
    expect(await again.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await again.closed).toBe(4401);
    // Unblocked, the account signs in again; the old session stays ended.
    expect((await post(`/auth/account/${user.id}/unblock`, undefined, admin.token)).status).toBe(
      200,
    );
    expect((await get(`/personal-info/${user.id}`, user.token)).status).toBe(401);
    const fresh = await signIn(server, user.email);
    expect((await get(`/personal-info/${user.id}`, fresh.token)).status).toBe(200);
  });

  it("after a deletion, with account-deleted for the token and the socket denied", async () => {
    const { user, socket } = await signedInWithSocket();
    const deleted = await post(`/auth/account/${user.id}/delete-account`, undefined, user.token);
    expect(deleted.status).toBe(200);
    await expectSocketDenied(socket);
    const read = await get(`/personal-info/${user.id}`, user.token);
    expect(read.body.type).toBe("account-deleted");
    const again = await connect(server, user.token);
    expect(await again.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
  });

  it("after a role change, while the session stays for its refresh", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const { user, socket } = await signedInWithSocket();
    const changed = await post(
      `/auth/role/${user.id}/change`,
      { newRole: "role-support" },
      admin.token,
    );
    expect(changed.status).toBe(200);
    await expectSocketDenied(socket);
    expect((await get(`/personal-info/${user.id}`, user.token)).status).toBe(401);
    // The old token cannot open a new socket either; the refreshed one can.
    const again = await connect(server, user.token);
    expect(await again.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    const refreshed = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(refreshed.status).toBe(200);
    const reopened = await connect(server, refreshed.body.token);
    reopened.send({ type: "ping" });
    expect(await reopened.next()).toEqual({ type: "pong" });
    reopened.socket.close();
  });

  it("refuses block and unblock to the wrong roles, to oneself and for bad ids, changing nothing", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const staff = await createSignedInUser(server, { role: "role-support" });
    expect((await post(`/auth/account/${staff.id}/block`, undefined, client.token)).status).toBe(
      403,
    );
    expect((await post(`/auth/account/${staff.id}/block`, undefined, manager.token)).status).toBe(
      403,
    );
    expect((await post(`/auth/account/${manager.id}/block`, undefined, manager.token)).status).toBe(
      409,
    );
    expect((await post("/auth/account/nope/block", undefined, manager.token)).status).toBe(400);
    expect(
      (await post(`/auth/account/${crypto.randomUUID()}/block`, undefined, manager.token)).status,
    ).toBe(404);
    expect((await post(`/auth/account/${staff.id}/block`)).status).toBe(401);
    for (const id of [client.id, manager.id, staff.id]) {
      expect((await readUser(server, id))?.status).toBe("active");
    }
    // A client manager blocks a client.
    expect((await post(`/auth/account/${client.id}/block`, undefined, manager.token)).status).toBe(
      200,
    );
    expect((await readUser(server, client.id))?.status).toBe("blocked");
  });
});

describe("refresh grace window and session lifetime", () => {
  it("answers the same successor to a replay within the grace, and revokes after the successor was used", async () => {
    const user = await createSignedInUser(server);
    const first = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(first.status).toBe(200);
    // The answer was lost: the client replays the same token.
    const replay = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(replay.status).toBe(200);
    expect(replay.body.refreshToken).toBe(first.body.refreshToken);
    expect(decodeJwt(replay.body.token).sid).toBe(decodeJwt(first.body.token).sid);
    // The successor is used; a replay of the old token now is theft.
    const next = await post("/auth/refresh-token", { refreshToken: first.body.refreshToken });
    expect(next.status).toBe(200);
    const late = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(late.status).toBe(401);
    expect(late.body.type).toBe("token-reused");
  });

  it("revokes a replay that comes after the grace window", async () => {
    const user = await createSignedInUser(server);
    const first = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(first.status).toBe(200);
    const past = new Date(Date.now() - (TOKENS.refreshGraceSeconds + 1) * 1000);
    await server.app.db
      .update(refreshTokens)
      .set({ rotatedAt: past })
      .where(eq(refreshTokens.successorHash, sha256(first.body.refreshToken)));
    const late = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(late.status).toBe(401);
    expect(late.body.type).toBe("token-reused");
    expect(
      (await post("/auth/refresh-token", { refreshToken: first.body.refreshToken })).status,
    ).toBe(401);
  });

  it("ends a browser session at its absolute lifetime, whatever its rotations", async () => {
    const user = await createSignedInUser(server);
    const [session] = await sessionRowsOf(user.id);
    const lifetime = (session?.expiresAt?.getTime() ?? 0) - (session?.createdAt.getTime() ?? 0);
    expect(Math.round(lifetime / 3_600_000)).toBe(48);
    const rotated = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    const [after] = await sessionRowsOf(user.id);
    expect(after?.expiresAt?.getTime()).toBe(session?.expiresAt?.getTime());

    await server.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await server.app.accessEvents.changed({ sessionIds: [session?.id ?? ""] });
    expect(
      (await post("/auth/refresh-token", { refreshToken: rotated.body.refreshToken })).status,
    ).toBe(401);
    expect((await get(`/personal-info/${user.id}`, rotated.body.token)).status).toBe(401);
  });
});

describe("code limits", () => {
  async function sendCode(email: string, headers = ip()) {
    const sent = await post("/auth/email/send-code", { email }, undefined, headers);
    expect(sent.status).toBe(200);
    return server.lastCodeFor(email);
  }
  const wrongFor = (code: string) =>
    String((Number(code) + 1) % 10 ** CODES.length).padStart(6, "0");

  it("caps wrong tries per address across codes, with a growing wait", async () => {
    const email = uniqueEmail("guesser");
    let code = "";
    // Free tries spread over several codes.
    for (let attempt = 0; attempt < CODES.freeWrongTries; attempt++) {
      if (attempt % 2 === 0) code = await sendCode(email);
      const answer = await post("/auth/email/verify-code", { email, code: wrongFor(code) });
      expect(answer.status).toBe(400);
    }
    code = await sendCode(email);
    const sixth = await post("/auth/email/verify-code", { email, code: wrongFor(code) });
    expect(sixth.status).toBe(400);
    // Now the address waits, even for the right code, and says how long.
    const held = await call(server, "POST", "/auth/email/verify-code", {
      body: { email, code },
      headers: ip(),
    });
    expect(held.status).toBe(429);
    expect(held.body.type).toBe("rate-limited");
    expect(Number(held.headers["retry-after"])).toBeGreaterThanOrEqual(
      CODES.backoffBaseSeconds - 1,
    );
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("counts tries at an address with no live code against the caller's IP, never the address", async () => {
    const owner = uniqueEmail("owner");
    const scanner = ip();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= CODES.freeWrongTriesPerIp; attempt++) {
      const answer = await post(
        "/auth/email/verify-code",
        { email: owner, code: "123456" },
        undefined,
        scanner,
      );
      statuses.push(answer.status);
    }
    // The scanner's IP waits, growing; the address never noticed.
    expect(statuses.slice(0, CODES.freeWrongTriesPerIp).every((status) => status === 400)).toBe(
      true,
    );
    const held = await post(
      "/auth/email/verify-code",
      { email: owner, code: "123456" },
      undefined,
      scanner,
    );
    expect(held.status).toBe(429);
    expect(Number(held.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    const rows = await server.app.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `email:${owner}`));
    expect(rows).toEqual([]);
    // The owner asks for a code from elsewhere and signs in at once.
    const home = ip();
    const code = await sendCode(owner, home);
    const signedIn = await post("/auth/email/verify-code", { email: owner, code }, undefined, home);
    expect(signedIn.status).toBe(200);
  });

  it("keeps a fresh code usable by its owner while strangers guess at the address", async () => {
    const owner = uniqueEmail("target");
    const home = ip();
    const first = await sendCode(owner, home);
    // Strangers on many IPs use up the first code's tries…
    for (let attempt = 0; attempt < CODES.maxWrongTries; attempt++) {
      await post("/auth/email/verify-code", { email: owner, code: wrongFor(first) });
    }
    const killed = await post(
      "/auth/email/verify-code",
      { email: owner, code: first },
      undefined,
      home,
    );
    expect(killed.body.type).toBe("code-exhausted");
    // …and, guessing at the owner's fresh code, hold the address for every stranger.
    const fresh = await sendCode(owner, home);
    const guess = await post("/auth/email/verify-code", { email: owner, code: wrongFor(fresh) });
    expect(guess.status).toBe(400);
    const strangerWithRightCode = await post("/auth/email/verify-code", {
      email: owner,
      code: fresh,
    });
    expect(strangerWithRightCode.status).toBe(429);
    expect(strangerWithRightCode.body.type).toBe("rate-limited");
    // The owner, where the code was asked for, is not held.
    const signedIn = await post(
      "/auth/email/verify-code",
      { email: owner, code: fresh },
      undefined,
      home,
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toBeTruthy();
  });

  it("holds the send limits under a parallel burst, from one IP and from many", async () => {
    const burst = async (
      email: string,
      attempts: number,
      headers: () => Record<string, string>,
    ) => {
      const answers = await Promise.all(
        Array.from({ length: attempts }, () =>
          call(server, "POST", "/auth/email/send-code", { body: { email }, headers: headers() }),
        ),
      );
      const stored = await server.app.db
        .select()
        .from(authCodes)
        .where(eq(authCodes.addressHash, addressHashOf(email)));
      return {
        sent: answers.filter((answer) => answer.status === 200).length,
        refused: answers.filter((answer) => answer.status === 429).length,
        stored: stored.length,
      };
    };
    const oneIp = { "x-forwarded-for": randomIp() };
    expect(await burst(uniqueEmail("burst-ip"), 16, () => oneIp)).toEqual({
      sent: CODES.sendPerAddressFromIpMax,
      refused: 16 - CODES.sendPerAddressFromIpMax,
      stored: CODES.sendPerAddressFromIpMax,
    });
    const attempts = CODES.sendPerAddressMax + 8;
    expect(await burst(uniqueEmail("burst-many"), attempts, ip)).toEqual({
      sent: CODES.sendPerAddressMax,
      refused: attempts - CODES.sendPerAddressMax,
      stored: CODES.sendPerAddressMax,
    });
  });
});

describe("deletion erases personal data", () => {
  it("keeps the row for accounting, erases names and addresses, and still answers account-deleted", async () => {
    const user = await createSignedInUser(server, { role: "role-client" });
    await server.app.db
      .update(users)
      .set({ lastName: "Иванова", firstName: "Анна", contactPhone: "79161234567", company: "ООО" })
      .where(eq(users.id, user.id));
    expect(
      (await post(`/auth/account/${user.id}/delete-account`, undefined, user.token)).status,
    ).toBe(200);
    const row = await readUser(server, user.id);
    expect(row).toMatchObject({
      status: "deleted",
      email: null,
      phone: null,
      lastName: null,
      firstName: null,
      contactPhone: null,
      company: null,
      authority: ["role-client"],
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deletedAddressHash).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(user.email);
    const sessionsLeft = await sessionRowsOf(user.id);
    expect(
      sessionsLeft.every((session) => session.revokedAt && !session.ip && !session.userAgent),
    ).toBe(true);
    const again = await post("/auth/email/send-code", { email: user.email });
    expect(again.status).toBe(403);
    expect(again.body.type).toBe("account-deleted");
    expect(await userByEmail(user.email)).toBeUndefined();
  });
});

describe("keys", () => {
  it("hashes codes and signs tokens with separate keys derived from the secret", async () => {
    const email = uniqueEmail("keys");
    await post("/auth/email/send-code", { email });
    const code = server.lastCodeFor(email);
    const [stored] = await server.app.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.addressHash, addressHashOf(email)));
    const withRawSecret = createHmac("sha256", server.config.jwtSecret)
      .update(`email:${email}\n${code}`)
      .digest("base64url");
    expect(stored?.codeHash).not.toBe(withRawSecret);
    expect(
      Buffer.from(server.app.keys.codeHashing).equals(Buffer.from(server.app.keys.tokenSigning)),
    ).toBe(false);
    const user = await createSignedInUser(server);
    await expect(
      jwtVerify(user.token, new TextEncoder().encode(server.config.jwtSecret)),
    ).rejects.toThrow();
    await expect(jwtVerify(user.token, server.app.keys.tokenSigning)).resolves.toBeTruthy();
  });
});

async function userByEmail(email: string) {
  const [row] = await server.app.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** How codes of an e-mail are stored: under its keyed hash, never the address. */
function addressHashOf(email: string): string {
  return hashAddress(server.app.keys.addressHashing, "email", email);
}

function sha256(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

describe("pruning", () => {
  it("removes expired codes and long-ended sessions with their tokens, and keeps what is live", async () => {
    const { AuthTablePruner } = await import("./auth.pruning.ts");
    const live = await createSignedInUser(server);
    const ended = await createSignedInUser(server);
    const rotated = await post("/auth/refresh-token", { refreshToken: live.refreshToken });
    expect(rotated.status).toBe(200);
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await post("/auth/logout", { refreshToken: ended.refreshToken });
    await server.app.db
      .update(sessions)
      .set({ revokedAt: longAgo })
      .where(eq(sessions.userId, ended.id));
    await server.app.db
      .update(refreshTokens)
      .set({ rotatedAt: longAgo })
      .where(eq(refreshTokens.successorHash, sha256(rotated.body.refreshToken)));
    const email = uniqueEmail("stale");
    await post("/auth/email/send-code", { email });
    await server.app.db
      .update(authCodes)
      .set({ expiresAt: longAgo })
      .where(eq(authCodes.addressHash, addressHashOf(email)));

    const pruner = new AuthTablePruner(new AuthStore(server.app.db), server.app.log);
    const result = await pruner.prune();
    expect(result.codes).toBeGreaterThanOrEqual(1);
    expect(result.refreshTokens).toBeGreaterThanOrEqual(1);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionRowsOf(ended.id)).toHaveLength(0);
    // The live session keeps its exchanged token, shrunk to its hash.
    const [kept] = await server.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(live.refreshToken)));
    expect(kept?.rotatedAt).toBeInstanceOf(Date);
    expect(kept?.successorSealed).toBeNull();
    // Its newest refresh token still works.
    const again = await post("/auth/refresh-token", { refreshToken: rotated.body.refreshToken });
    expect(again.status).toBe(200);
    expect(
      await server.app.db
        .select()
        .from(authCodes)
        .where(eq(authCodes.addressHash, addressHashOf(email))),
    ).toHaveLength(0);
  });

  it("never forgets a standing session's exchanged tokens: a month-old one still reveals reuse", async () => {
    const { AuthTablePruner } = await import("./auth.pruning.ts");
    const owner = await createSignedInUser(server, { role: "role-client" });
    for (const start of [await signIn(server, owner.email), await signInDevice(owner)]) {
      const next = await post("/auth/refresh-token", { refreshToken: start.refreshToken });
      expect(next.status).toBe(200);
      const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
      await server.app.db
        .update(refreshTokens)
        .set({ rotatedAt: monthAgo })
        .where(eq(refreshTokens.tokenHash, sha256(start.refreshToken)));
      await new AuthTablePruner(new AuthStore(server.app.db), server.app.log).prune();

      const stolen = await post("/auth/refresh-token", { refreshToken: start.refreshToken });
      expect(stolen.status).toBe(401);
      expect(stolen.body.type).toBe("token-reused");
      const afterTheft = await post("/auth/refresh-token", {
        refreshToken: next.body.refreshToken,
      });
      expect(afterTheft.status).toBe(401);
    }
  });
});
