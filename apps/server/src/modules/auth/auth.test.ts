import { createHash } from "node:crypto";
import { CODES } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authCodes,
  deviceCodes,
  rateLimits,
  refreshTokens,
  sessions,
  users,
} from "../../db/schema.ts";
import {
  createEstablishment,
  createSignedInUser,
  createUser,
  randomIp,
  readUser,
  setUserStatus,
  signIn,
  uniqueEmail,
  uniquePhone,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { hashAddress } from "./auth.secrets.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** A POST from its own client address, so per-IP limits do not mix tests. */
function post(path: string, body?: unknown, options: { token?: string; ip?: string } = {}) {
  return call(server, "POST", path, {
    body,
    token: options.token,
    headers: { "x-forwarded-for": options.ip ?? randomIp() },
  });
}

async function sendEmailCode(email: string, ip?: string) {
  const sent = await post("/auth/email/send-code", { email }, { ip });
  expect(sent.status).toBe(200);
  return server.lastCodeFor(email.toLowerCase());
}

function wrongCodeFor(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

/** The stored codes of an e-mail or phone, found by its keyed hash (the address is not stored). */
async function codesOf(address: string) {
  const channel = address.includes("@") ? "email" : "phone";
  const addressHash = hashAddress(server.app.keys.addressHashing, channel, address);
  return server.app.db.select().from(authCodes).where(eq(authCodes.addressHash, addressHash));
}

async function userByEmail(email: string) {
  const [row] = await server.app.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("e-mail sign-in", () => {
  it("sends a 6-digit code, stores only its hash, and signs a new address up", async () => {
    const email = uniqueEmail("new");
    const sent = await post("/auth/email/send-code", { email: email.toUpperCase() });
    expect(sent).toEqual({
      status: 200,
      body: { status: "SENT", expiresInSeconds: CODES.ttlSeconds },
    });
    const code = server.lastCodeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await codesOf(email);
    expect(stored?.codeHash).toBeDefined();
    expect(stored?.codeHash).not.toContain(code);

    const verified = await post("/auth/email/verify-code", { email: email.toUpperCase(), code });
    expect(verified.status).toBe(200);
    expect(typeof verified.body.token).toBe("string");
    expect(typeof verified.body.refreshToken).toBe("string");
    const user = await userByEmail(email);
    expect(user?.authority).toEqual(["edit-personal-info", "sign-agreement"]);
    const payload = decodeJwt(verified.body.token);
    expect(payload.sub).toBe(user?.id);
    expect(payload.authority).toEqual(["edit-personal-info", "sign-agreement"]);
    expect(typeof payload.exp).toBe("number");
  });

  it("signs an existing account in with its own authority", async () => {
    const user = await createUser(server, { role: "role-support" });
    const tokens = await signIn(server, user.email as string);
    expect(decodeJwt(tokens.token)).toMatchObject({ sub: user.id, authority: ["role-support"] });
  });

  it("refuses a wrong code with invalid-code and counts the try", async () => {
    const email = uniqueEmail("wrong");
    const code = await sendEmailCode(email);
    const answer = await post("/auth/email/verify-code", { email, code: wrongCodeFor(code) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: "invalid-code", reason: "Неверный код" });
    expect((await codesOf(email))[0]?.wrongTries).toBe(1);
    expect(await userByEmail(email)).toBeUndefined();
    // The right code still works after one wrong try.
    expect((await post("/auth/email/verify-code", { email, code })).status).toBe(200);
  });

  it("consumes a code once", async () => {
    const email = uniqueEmail("once");
    const code = await sendEmailCode(email);
    expect((await post("/auth/email/verify-code", { email, code })).status).toBe(200);
    const again = await post("/auth/email/verify-code", { email, code });
    expect(again.status).toBe(400);
    expect(again.body.type).toBe("invalid-code");
  });

  it("answers invalid-code when no code was ever sent", async () => {
    const answer = await post("/auth/email/verify-code", {
      email: uniqueEmail("never"),
      code: "123456",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe("invalid-code");
  });

  it("makes older codes useless when a new one is sent", async () => {
    const email = uniqueEmail("newer");
    const first = await sendEmailCode(email);
    const second = await sendEmailCode(email);
    if (first !== second) {
      const old = await post("/auth/email/verify-code", { email, code: first });
      expect(old.status).toBe(400);
      expect(old.body.type).toBe("invalid-code");
    }
    expect((await post("/auth/email/verify-code", { email, code: second })).status).toBe(200);
  });

  it("refuses an expired code with code-expired", async () => {
    const email = uniqueEmail("expired");
    const code = await sendEmailCode(email);
    await server.app.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(authCodes.addressHash, hashAddress(server.app.keys.addressHashing, "email", email)),
      );
    const answer = await post("/auth/email/verify-code", { email, code });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: "code-expired" });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("kills a code after the allowed wrong tries, even for the right code", async () => {
    const email = uniqueEmail("exhausted");
    const code = await sendEmailCode(email);
    const wrong = wrongCodeFor(code);
    for (let attempt = 1; attempt < CODES.maxWrongTries; attempt++) {
      const answer = await post("/auth/email/verify-code", { email, code: wrong });
      expect(answer.status).toBe(400);
      expect(answer.body.type).toBe("invalid-code");
    }
    const last = await post("/auth/email/verify-code", { email, code: wrong });
    expect(last.status).toBe(429);
    expect(last.body.type).toBe("code-exhausted");
    const right = await post("/auth/email/verify-code", { email, code });
    expect(right.status).toBe(429);
    expect(right.body.type).toBe("code-exhausted");
    expect(await userByEmail(email)).toBeUndefined();
    // A new code starts over.
    const fresh = await sendEmailCode(email);
    expect((await post("/auth/email/verify-code", { email, code: fresh })).status).toBe(200);
  });

  it("answers 400 to malformed, missing and too long input and stores nothing", async () => {
    const email = uniqueEmail("bad");
    const bodies: unknown[] = [
      {},
      { email: "not-an-email" },
      { email: `${"a".repeat(250)}@test.fonika` },
      { email: 42 },
    ];
    for (const body of bodies) {
      const answer = await post("/auth/email/send-code", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.type).toBe("validation-error");
      expect(typeof answer.body.reason).toBe("string");
    }
    const code = await sendEmailCode(email);
    for (const bad of [
      { email },
      { email, code: "12345" },
      { email, code: "12a456" },
      { email, code: "1234567" },
      { code },
    ]) {
      const answer = await post("/auth/email/verify-code", bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.type).toBe("validation-error");
    }
    const [stored] = await codesOf(email);
    expect(stored?.wrongTries).toBe(0);
    expect(stored?.consumedAt).toBeNull();
    const malformedJson = await fetch(`${server.url}/api/v1/auth/email/send-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformedJson.status).toBe(400);
  });

  it("limits sends to an address per IP: a stranger's burst leaves its owner codes from another network", async () => {
    const email = uniqueEmail("victim");
    const stranger = randomIp();
    for (let index = 0; index < CODES.sendPerAddressFromIpMax; index++) {
      await sendEmailCode(email, stranger);
    }
    // The stranger keeps trying well past every limit: all refused.
    for (let index = 0; index < CODES.sendPerIpMax + 5; index++) {
      const refused = await post("/auth/email/send-code", { email }, { ip: stranger });
      expect(refused.status).toBe(429);
      expect(refused.body.type).toBe("rate-limited");
      expect(refused.body.reason).toMatch(/[а-я]/);
    }
    expect(await codesOf(email)).toHaveLength(CODES.sendPerAddressFromIpMax);

    // The owner, from their own network, still gets a code and signs in with it.
    const code = await sendEmailCode(email, randomIp());
    const signedIn = await post("/auth/email/verify-code", { email, code }, { ip: randomIp() });
    expect(signedIn.status).toBe(200);
    // The same is true for a phone.
    const phone = uniquePhone();
    const phoneStranger = randomIp();
    for (let index = 0; index < CODES.sendPerAddressFromIpMax; index++) {
      const sent = await post("/auth/phone/send-code", { phone }, { ip: phoneStranger });
      expect(sent.status).toBe(200);
    }
    const phoneRefused = await post("/auth/phone/send-code", { phone }, { ip: phoneStranger });
    expect(phoneRefused.status).toBe(429);
    expect((await post("/auth/phone/send-code", { phone }, { ip: randomIp() })).status).toBe(200);
  });

  it("caps sends to one address from all IPs together in an hour", async () => {
    const email = uniqueEmail("flooded");
    for (let index = 0; index < CODES.sendPerAddressMax; index++) {
      await sendEmailCode(email, randomIp());
    }
    const answer = await post("/auth/email/send-code", { email }, { ip: randomIp() });
    expect(answer.status).toBe(429);
    expect(answer.body.type).toBe("rate-limited");
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(CODES.sendWindowSeconds);
    expect(Number(answer.headers["retry-after"])).toBeLessThanOrEqual(
      CODES.sendPerAddressWindowSeconds,
    );
    expect(await codesOf(email)).toHaveLength(CODES.sendPerAddressMax);
    // The cap is high enough for a stranger's IP and its owner together.
    expect(CODES.sendPerAddressMax).toBeGreaterThanOrEqual(3 * CODES.sendPerAddressFromIpMax);
  });

  it("keeps codes and limits under a keyed hash of the address, never the address", async () => {
    const email = uniqueEmail("hashed");
    const phone = uniquePhone();
    const code = await sendEmailCode(email);
    expect((await post("/auth/phone/send-code", { phone })).status).toBe(200);
    const wrong = await post("/auth/email/verify-code", { email, code: wrongCodeFor(code) });
    expect(wrong.body.type).toBe("invalid-code");
    const emailHash = hashAddress(server.app.keys.addressHashing, "email", email);
    const phoneHash = hashAddress(server.app.keys.addressHashing, "phone", phone);
    const codes = await server.app.db.select().from(authCodes);
    const counters = await server.app.db.select().from(rateLimits);
    const stored = JSON.stringify([codes, counters]);
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(phone);
    expect(codes.map((row) => row.addressHash)).toEqual(
      expect.arrayContaining([emailHash, phoneHash]),
    );
    const scopesOf = (key: string) =>
      counters.filter((row) => row.key === key).map((row) => row.scope);
    expect(scopesOf(emailHash).sort()).toEqual(["send-address", "verify-address", "wrong-address"]);
    expect(scopesOf(phoneHash)).toEqual(["send-address"]);
    // The key is the server's: a plain hash of the address is not what is stored.
    expect(emailHash).not.toBe(createHash("sha256").update(`email:${email}`).digest("base64url"));
    // The right code still signs in and clears the address's tries.
    expect((await post("/auth/email/verify-code", { email, code })).status).toBe(200);
    const after = await server.app.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, emailHash));
    expect(after.map((row) => row.scope)).toEqual(["send-address"]);
  });

  it("limits sends per IP", async () => {
    const ip = randomIp();
    for (let index = 0; index < CODES.sendPerIpMax; index++) {
      expect(
        (await post("/auth/email/send-code", { email: uniqueEmail("ip") }, { ip })).status,
      ).toBe(200);
    }
    const answer = await post("/auth/email/send-code", { email: uniqueEmail("ip") }, { ip });
    expect(answer.status).toBe(429);
    expect(answer.body.type).toBe("rate-limited");
    // Another client is not affected.
    expect((await post("/auth/email/send-code", { email: uniqueEmail("ip") })).status).toBe(200);
  });

  it("answers account-deleted to send-code and verify-code of a deleted account", async () => {
    const user = await createUser(server, { status: "deleted" });
    const email = user.email as string;
    const sent = await post("/auth/email/send-code", { email });
    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({ type: "account-deleted", reason: "Ваш аккаунт удален" });
    const verified = await post("/auth/email/verify-code", { email, code: "123456" });
    expect(verified.status).toBe(403);
    expect(verified.body.type).toBe("account-deleted");
    expect(await codesOf(email)).toHaveLength(0);
  });

  it("refuses a blocked account at send-code and verify-code", async () => {
    const email = uniqueEmail("blocked");
    const code = await sendEmailCode(email);
    expect((await post("/auth/email/verify-code", { email, code })).status).toBe(200);
    const user = await userByEmail(email);
    await setUserStatus(server, user?.id as string, "blocked");
    const sent = await post("/auth/email/send-code", { email });
    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({
      type: "account-blocked",
      reason: "Ваш аккаунт заблокирован",
    });
    const verified = await post("/auth/email/verify-code", { email, code });
    expect(verified.status).toBe(403);
    expect(verified.body.type).toBe("account-blocked");
  });
});

describe("phone sign-in", () => {
  it("normalizes the phone, sends and verifies its code", async () => {
    const phone = uniquePhone();
    const typed = `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
    const sent = await post("/auth/phone/send-code", { phone: typed });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("SENT");
    const code = server.lastCodeFor(phone);
    const verified = await post("/auth/phone/verify-code", { phone: `8${phone.slice(1)}`, code });
    expect(verified.status).toBe(200);
    const [user] = await server.app.db.select().from(users).where(eq(users.phone, phone));
    expect(user?.authority).toEqual(["edit-personal-info", "sign-agreement"]);
    expect(user?.email).toBeNull();
  });

  it("refuses a wrong phone code", async () => {
    const phone = uniquePhone();
    await post("/auth/phone/send-code", { phone });
    const code = server.lastCodeFor(phone);
    const answer = await post("/auth/phone/verify-code", { phone, code: wrongCodeFor(code) });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe("invalid-code");
  });

  it("answers 400 to a phone that is not a Russian number and stores nothing", async () => {
    for (const phone of ["12345678901", "+1 555 123 4567", "abc", "123", "7".repeat(40), ""]) {
      const answer = await post("/auth/phone/send-code", { phone });
      expect(answer.status, phone).toBe(400);
      expect(answer.body.type).toBe("validation-error");
    }
    expect(await codesOf("12345678901")).toHaveLength(0);
  });

  it("answers account-deleted to a deleted phone account", async () => {
    const phone = uniquePhone();
    await createUser(server, { phone, status: "deleted" });
    const answer = await post("/auth/phone/send-code", { phone });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ type: "account-deleted", reason: "Ваш аккаунт удален" });
  });
});

describe("refresh tokens", () => {
  it("rotates a refresh token into a new pair", async () => {
    const user = await createSignedInUser(server);
    const answer = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(answer.status).toBe(200);
    expect(answer.body.refreshToken).not.toBe(user.refreshToken);
    expect(decodeJwt(answer.body.token)).toMatchObject({
      sub: user.id,
      authority: ["role-client"],
    });
    const next = await post("/auth/refresh-token", { refreshToken: answer.body.refreshToken });
    expect(next.status).toBe(200);
  });

  it("revokes the whole session when a rotated token is reused after its successor was", async () => {
    const user = await createSignedInUser(server);
    const rotated = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(rotated.status).toBe(200);
    const rotatedAgain = await post("/auth/refresh-token", {
      refreshToken: rotated.body.refreshToken,
    });
    expect(rotatedAgain.status).toBe(200);
    const reused = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body.type).toBe("token-reused");
    const newer = await post("/auth/refresh-token", {
      refreshToken: rotatedAgain.body.refreshToken,
    });
    expect(newer.status).toBe(401);
    expect(newer.body.type).toBe("unauthorized");
    const [session] = await server.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(session?.revokedReason).toBe("reuse");
    // Another session of the same user lives on.
    const other = await signIn(server, user.email);
    expect((await post("/auth/refresh-token", { refreshToken: other.refreshToken })).status).toBe(
      200,
    );
  });

  it("refuses unknown and expired refresh tokens with 401", async () => {
    const unknown = await post("/auth/refresh-token", { refreshToken: "no-such-token" });
    expect(unknown.status).toBe(401);
    expect(unknown.body.type).toBe("unauthorized");

    const user = await createSignedInUser(server);
    const [row] = await server.app.db
      .select({ sessionId: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    await server.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.sessionId, row?.sessionId as string));
    const expired = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(expired.status).toBe(401);
    expect(expired.body.type).toBe("unauthorized");
  });

  it("answers 400 to a missing or too long refresh token", async () => {
    for (const body of [
      {},
      { refreshToken: "" },
      { refreshToken: "x".repeat(513) },
      { refreshToken: 5 },
    ]) {
      const answer = await post("/auth/refresh-token", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.type).toBe("validation-error");
    }
  });

  it("refuses a blocked account's refresh with account-blocked", async () => {
    const user = await createSignedInUser(server);
    await setUserStatus(server, user.id, "blocked");
    const answer = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(answer.status).toBe(403);
    expect(answer.body.type).toBe("account-blocked");
    const bearer = await call(server, "GET", `/personal-info/${user.id}`, { token: user.token });
    expect(bearer.status).toBe(403);
    expect(bearer.body.type).toBe("account-blocked");
  });

  it("logs out: the session ends, and logging out again is fine", async () => {
    const user = await createSignedInUser(server);
    expect(await post("/auth/logout", { refreshToken: user.refreshToken })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const refreshed = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.type).toBe("unauthorized");
    expect((await post("/auth/logout", { refreshToken: user.refreshToken })).status).toBe(200);
    expect((await post("/auth/logout", { refreshToken: "unknown" })).status).toBe(200);
    expect((await post("/auth/logout", {})).status).toBe(400);
  });
});

/** An establishment id nobody has: refusals come before the establishment is looked at. */
const unknownEstablishment = "8d1e7a3c-2b4f-4c6d-9e8f-0a1b2c3d4e5f";

describe("second-device sign-in", () => {
  it("creates a code, is approved by a signed-in user and hands out tokens once", async () => {
    const approver = await createSignedInUser(server, { role: "role-client" });
    const created = await post("/auth/code/create-code");
    expect(created.status).toBe(200);
    expect(created.body.code).toMatch(/^\d{6}$/);
    expect(created.body.expiresInSeconds).toBe(CODES.deviceCodeTtlSeconds);
    const { verificationId, code } = created.body;

    const pending = await post("/auth/code/wait-for-verification", { verificationId });
    expect(pending).toEqual({ status: 200, body: { status: "PENDING" } });

    const establishmentId = await createEstablishment(server, approver.id);
    const approved = await post(
      "/auth/code/approve-code",
      { code, establishmentId },
      { token: approver.token },
    );
    expect(approved).toEqual({ status: 200, body: { ok: true, playerId: null } });
    const [row] = await server.app.db
      .select()
      .from(deviceCodes)
      .where(eq(deviceCodes.id, verificationId));
    expect(row).toMatchObject({ approvedBy: approver.id, establishmentId });

    const delivered = await post("/auth/code/wait-for-verification", { verificationId });
    expect(delivered.status).toBe(200);
    expect(delivered.body.status).toBe("APPROVED");
    expect(decodeJwt(delivered.body.tokens.token).sub).toBe(approver.id);
    const refreshed = await post("/auth/refresh-token", {
      refreshToken: delivered.body.tokens.refreshToken,
    });
    expect(refreshed.status).toBe(200);

    const again = await post("/auth/code/wait-for-verification", { verificationId });
    expect(again).toEqual({ status: 200, body: { status: "EXPIRED" } });

    // An approved code cannot be approved twice.
    const twice = await post(
      "/auth/code/approve-code",
      { code, establishmentId },
      { token: approver.token },
    );
    expect(twice.status).toBe(400);
    expect(twice.body.type).toBe("invalid-code");
  });

  it("refuses approval without a token, without a real role, or with a wrong code", async () => {
    const { code } = (await post("/auth/code/create-code")).body;
    const establishmentId = unknownEstablishment;
    const anonymous = await post("/auth/code/approve-code", { code, establishmentId });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.type).toBe("unauthorized");

    const newcomer = await createSignedInUser(server, { role: "edit-personal-info" });
    const forbidden = await post(
      "/auth/code/approve-code",
      { code, establishmentId },
      { token: newcomer.token },
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.type).toBe("forbidden");

    const client = await createSignedInUser(server);
    const wrong = await post(
      "/auth/code/approve-code",
      { code: wrongCodeFor(code), establishmentId },
      { token: client.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.type).toBe("invalid-code");

    for (const body of [
      {},
      { code },
      { code: "12", establishmentId },
      { code, establishmentId: "not-a-uuid" },
    ]) {
      const bad = await post("/auth/code/approve-code", body, { token: client.token });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.type).toBe("validation-error");
    }
  });

  it("expires a code that waited too long", async () => {
    const client = await createSignedInUser(server);
    const { verificationId, code } = (await post("/auth/code/create-code")).body;
    await server.app.db
      .update(deviceCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceCodes.id, verificationId));
    const approve = await post(
      "/auth/code/approve-code",
      { code, establishmentId: await createEstablishment(server, client.id) },
      { token: client.token },
    );
    expect(approve.status).toBe(400);
    expect(approve.body.type).toBe("code-expired");
    const poll = await post("/auth/code/wait-for-verification", { verificationId });
    expect(poll.body).toEqual({ status: "EXPIRED" });
  });

  it("answers 404 to an unknown verification and 400 to a malformed one", async () => {
    const unknown = await post("/auth/code/wait-for-verification", {
      verificationId: "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toBe("not-found");
    const bad = await post("/auth/code/wait-for-verification", { verificationId: "42" });
    expect(bad.status).toBe(400);
  });

  it("limits code creation per IP", async () => {
    const ip = randomIp();
    for (let index = 0; index < CODES.sendPerIpMax; index++) {
      expect((await post("/auth/code/create-code", undefined, { ip })).status).toBe(200);
    }
    const answer = await post("/auth/code/create-code", undefined, { ip });
    expect(answer.status).toBe(429);
    expect(answer.body.type).toBe("rate-limited");
  });
});

describe("change role", () => {
  it("activates a waiting client without signing them out: old tokens stop, the next refresh carries role-client", async () => {
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const waiting = await createSignedInUser(server, { role: "wait-activation" });
    const answer = await post(
      `/auth/role/${waiting.id}/change`,
      { newRole: "role-client" },
      { token: manager.token },
    );
    expect(answer).toEqual({
      status: 200,
      body: { userId: waiting.id, authority: ["role-client"] },
    });
    // The access token of the old role stops at once…
    const stale = await call(server, "GET", `/personal-info/${waiting.id}`, {
      token: waiting.token,
    });
    expect(stale.status).toBe(401);
    // …but the session stands: its refresh token answers the new role.
    const refreshed = await post("/auth/refresh-token", { refreshToken: waiting.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.token).authority).toEqual(["role-client"]);
    expect(decodeJwt(refreshed.body.token).sid).toBe(decodeJwt(waiting.token).sid);
    const fresh = await call(server, "GET", `/personal-info/${waiting.id}`, {
      token: refreshed.body.token,
    });
    expect(fresh.status).toBe(200);
    const rows = await server.app.db.select().from(sessions).where(eq(sessions.userId, waiting.id));
    expect(rows.every((row) => row.revokedAt === null)).toBe(true);
  });

  it("keeps the sessions of a promotion; a demotion from staff ends them", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const target = await createSignedInUser(server, { role: "role-client" });
    const promoted = await post(
      `/auth/role/${target.id}/change`,
      { newRole: "role-content-manager" },
      { token: admin.token },
    );
    expect(promoted.body.authority).toEqual(["role-content-manager"]);
    const stale = await call(server, "GET", `/personal-info/${target.id}`, {
      token: target.token,
    });
    expect(stale.status).toBe(401);
    const asManager = await post("/auth/refresh-token", { refreshToken: target.refreshToken });
    expect(asManager.status).toBe(200);
    expect(decodeJwt(asManager.body.token).authority).toEqual(["role-content-manager"]);

    // A staff role taken away (here content manager → support) ends every session.
    const demoted = await post(
      `/auth/role/${target.id}/change`,
      { newRole: "role-support" },
      { token: admin.token },
    );
    expect(demoted.status).toBe(200);
    const afterDemotion = await post("/auth/refresh-token", {
      refreshToken: asManager.body.refreshToken,
    });
    expect(afterDemotion.status).toBe(401);
    const rows = await server.app.db.select().from(sessions).where(eq(sessions.userId, target.id));
    expect(rows.every((row) => row.revokedReason === "demoted")).toBe(true);
    const again = await signIn(server, target.email);
    expect(decodeJwt(again.token).authority).toEqual(["role-support"]);
  });

  it("keeps the sign-agreement marker", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const target = await createUser(server, { authority: ["wait-activation", "sign-agreement"] });
    const answer = await post(
      `/auth/role/${target.id}/change`,
      { newRole: "role-client" },
      { token: admin.token },
    );
    expect(answer.body.authority).toEqual(["role-client", "sign-agreement"]);
  });

  it("does not let an admin demote themselves", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const answer = await post(
      `/auth/role/${admin.id}/change`,
      { newRole: "role-client" },
      { token: admin.token },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.type).toBe("conflict");
    expect((await readUser(server, admin.id))?.authority).toEqual(["role-admin"]);
  });

  it("lets a client manager activate a client but not touch staff", async () => {
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const waiting = await createUser(server, { role: "wait-activation" });
    const activated = await post(
      `/auth/role/${waiting.id}/change`,
      { newRole: "role-client" },
      { token: manager.token },
    );
    expect(activated.status).toBe(200);
    expect(activated.body.authority).toEqual(["role-client"]);

    const toAdmin = await post(
      `/auth/role/${waiting.id}/change`,
      { newRole: "role-admin" },
      { token: manager.token },
    );
    expect(toAdmin.status).toBe(403);
    const support = await createUser(server, { role: "role-support" });
    const onStaff = await post(
      `/auth/role/${support.id}/change`,
      { newRole: "role-client" },
      { token: manager.token },
    );
    expect(onStaff.status).toBe(403);
    expect((await readUser(server, support.id))?.authority).toEqual(["role-support"]);
  });

  it("refuses other roles, missing tokens, unknown users and bad input", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const client = await createSignedInUser(server, { role: "role-client" });
    const target = await createUser(server, { role: "wait-activation" });
    const path = `/auth/role/${target.id}/change`;

    const byClient = await post(path, { newRole: "role-client" }, { token: client.token });
    expect(byClient.status).toBe(403);
    expect(byClient.body.type).toBe("forbidden");
    const ownByClient = await post(
      `/auth/role/${client.id}/change`,
      { newRole: "role-admin" },
      { token: client.token },
    );
    expect(ownByClient.status).toBe(403);
    const anonymous = await post(path, { newRole: "role-client" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.type).toBe("unauthorized");
    const badToken = await post(path, { newRole: "role-client" }, { token: "garbage" });
    expect(badToken.status).toBe(401);

    const unknown = await post(
      "/auth/role/0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b/change",
      { newRole: "role-client" },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toBe("not-found");

    for (const body of [
      {},
      { newRole: "role-king" },
      { newRole: "sign-agreement" },
      { newRole: 1 },
    ]) {
      const bad = await post(path, body, { token: admin.token });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.type).toBe("validation-error");
    }
    const badId = await post(
      "/auth/role/not-a-uuid/change",
      { newRole: "role-client" },
      {
        token: admin.token,
      },
    );
    expect(badId.status).toBe(400);
    expect((await readUser(server, target.id))?.authority).toEqual(["wait-activation"]);
  });
});

describe("delete account", () => {
  it("lets a user delete their own account; it can no longer sign in", async () => {
    const user = await createSignedInUser(server);
    const answer = await post(`/auth/account/${user.id}/delete-account`, undefined, {
      token: user.token,
    });
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    const row = await readUser(server, user.id);
    expect(row?.status).toBe("deleted");
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const open = await server.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);

    const sent = await post("/auth/email/send-code", { email: user.email });
    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({ type: "account-deleted", reason: "Ваш аккаунт удален" });
    const refreshed = await post("/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(refreshed.status).toBe(403);
    expect(refreshed.body.type).toBe("account-deleted");
    const bearer = await call(server, "GET", `/personal-info/${user.id}`, { token: user.token });
    expect(bearer.status).toBe(403);
  });

  it("lets an admin and a client manager delete clients", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const first = await createUser(server);
    const second = await createUser(server, { role: "wait-activation" });
    expect(
      (await post(`/auth/account/${first.id}/delete-account`, undefined, { token: admin.token }))
        .status,
    ).toBe(200);
    expect(
      (await post(`/auth/account/${second.id}/delete-account`, undefined, { token: manager.token }))
        .status,
    ).toBe(200);
    expect((await readUser(server, second.id))?.status).toBe("deleted");
  });

  it("refuses what is not allowed and changes nothing", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const client = await createSignedInUser(server);
    const other = await createUser(server);
    const staff = await createUser(server, { role: "role-content-manager" });
    const blocked = await createUser(server, { status: "blocked" });
    const remove = (id: string, token?: string) =>
      post(`/auth/account/${id}/delete-account`, undefined, { token });

    const byClient = await remove(other.id, client.token);
    expect(byClient.status).toBe(403);
    expect(byClient.body.type).toBe("forbidden");
    expect((await remove(staff.id, manager.token)).status).toBe(403);
    const blockedByManager = await remove(blocked.id, manager.token);
    expect(blockedByManager.status).toBe(409);
    expect(blockedByManager.body.reason).toBe("Заблокированного пользователя нельзя удалить");
    expect((await remove(admin.id, admin.token)).status).toBe(409);
    const anonymous = await remove(other.id);
    expect(anonymous.status).toBe(401);
    const unknown = await remove("0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b", admin.token);
    expect(unknown.status).toBe(404);
    expect((await remove("nope", admin.token)).status).toBe(400);

    for (const id of [other.id, staff.id, blocked.id, admin.id]) {
      expect((await readUser(server, id))?.status).not.toBe("deleted");
    }
  });
});
