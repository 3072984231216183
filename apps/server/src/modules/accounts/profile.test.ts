import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSignedInUser,
  createUser,
  readUser,
  signIn,
  uniqueEmail,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

const profileInput = {
  type: "individual",
  lastName: "Иванова",
  firstName: "Анна",
  patronymic: "Сергеевна",
  phone: "+7 (999) 000-11-22",
  contactEmail: "Anna@Example.ru",
  agreement: true,
};

function createProfile(token: string | undefined, body: unknown) {
  return call(server, "POST", "/personal-info/create", { token, body });
}

describe("account lifecycle", () => {
  it("goes edit-personal-info → wait-activation → role-client", async () => {
    const email = uniqueEmail("life");
    const first = await signIn(server, email);
    const userId = decodeJwt(first.token).sub as string;

    const before = await call(server, "GET", `/personal-info/${userId}`, { token: first.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      userId,
      login: email,
      email,
      role: "edit-personal-info",
      authority: ["edit-personal-info", "sign-agreement"],
      status: "active",
      lastName: null,
    });
    expect(Number.isNaN(Date.parse(before.body.createdAt))).toBe(false);

    const created = await createProfile(first.token, profileInput);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      userId,
      role: "wait-activation",
      authority: ["wait-activation"],
      lastName: "Иванова",
      firstName: "Анна",
      patronymic: "Сергеевна",
      type: "individual",
      contactEmail: "anna@example.ru",
      phone: "79990001122",
    });
    const row = await readUser(server, userId);
    expect(row?.agreementAcceptedAt).toBeInstanceOf(Date);

    // The token of edit-personal-info stops with the role; the session's
    // next token is the waiting account's, which cannot fill it in again.
    expect((await createProfile(first.token, profileInput)).status).toBe(401);
    const waiting = await call(server, "POST", "/auth/refresh-token", {
      body: { refreshToken: first.refreshToken },
    });
    expect(decodeJwt(waiting.body.token).authority).toEqual(["wait-activation"]);
    const again = await createProfile(waiting.body.token, profileInput);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ type: "conflict", reason: "Профиль уже заполнен" });

    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const activated = await call(server, "POST", `/auth/role/${userId}/change`, {
      token: manager.token,
      body: { newRole: "role-client" },
    });
    expect(activated.status).toBe(200);

    // Activation stops the waiting token but keeps the session: its next
    // refresh is a client's (issue 12: activation does not sign out).
    const stale = await call(server, "GET", `/personal-info/${userId}`, {
      token: waiting.body.token,
    });
    expect(stale.status).toBe(401);
    const refreshed = await call(server, "POST", "/auth/refresh-token", {
      body: { refreshToken: waiting.body.refreshToken },
    });
    const client = refreshed.body as { token: string; refreshToken: string };
    expect(decodeJwt(client.token).authority).toEqual(["role-client"]);
    const after = await call(server, "GET", `/personal-info/${userId}`, { token: client.token });
    expect(after.body.role).toBe("role-client");

    // Blocked: the open session ends at once and signing in is refused.
    const blocked = await call(server, "POST", `/auth/account/${userId}/block`, {
      token: manager.token,
    });
    expect(blocked.status).toBe(200);
    const cut = await call(server, "GET", `/personal-info/${userId}`, { token: client.token });
    expect(cut).toMatchObject({ status: 403, body: { type: "account-blocked" } });
    const refused = await call(server, "POST", "/auth/email/send-code", { body: { email } });
    expect(refused.status).toBe(403);
    const seen = await call(server, "GET", `/personal-info/${userId}`, { token: manager.token });
    expect(seen.body).toMatchObject({
      status: "blocked",
      abilities: { unblock: true, delete: false },
    });

    // Unblocked: a client again, who signs in anew.
    const unblocked = await call(server, "POST", `/auth/account/${userId}/unblock`, {
      token: manager.token,
    });
    expect(unblocked.status).toBe(200);
    const back = await signIn(server, email);
    const final = await call(server, "GET", `/personal-info/${userId}`, { token: back.token });
    expect(final.body).toMatchObject({ role: "role-client", status: "active" });
  });
});

describe("POST /personal-info/create", () => {
  it("answers 400 to bad input and changes nothing", async () => {
    const user = await createSignedInUser(server, {
      authority: ["edit-personal-info", "sign-agreement"],
    });
    const bodies: unknown[] = [
      {},
      { ...profileInput, agreement: false },
      { ...profileInput, agreement: undefined },
      { ...profileInput, lastName: undefined },
      { ...profileInput, lastName: "   " },
      { ...profileInput, firstName: "А".repeat(201) },
      { ...profileInput, type: "company" },
      { ...profileInput, phone: "123" },
      { ...profileInput, phone: "12345678901" },
      { ...profileInput, contactEmail: "not-an-email" },
    ];
    for (const body of bodies) {
      const answer = await createProfile(user.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.type).toBe("validation-error");
    }
    const row = await readUser(server, user.id);
    expect(row?.authority).toEqual(["edit-personal-info", "sign-agreement"]);
    expect(row?.lastName).toBeNull();
    expect(row?.agreementAcceptedAt).toBeNull();
  });

  it("needs a token and an account that still fills in its profile", async () => {
    const anonymous = await createProfile(undefined, profileInput);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.type).toBe("unauthorized");
    const client = await createSignedInUser(server, { role: "role-client" });
    const answer = await createProfile(client.token, profileInput);
    expect(answer.status).toBe(409);
    expect((await readUser(server, client.id))?.lastName).toBeNull();
  });

  it("accepts a minimal profile", async () => {
    const user = await createSignedInUser(server, { role: "edit-personal-info" });
    const answer = await createProfile(user.token, {
      type: "legal",
      lastName: "Петров",
      firstName: "Пётр",
      agreement: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: "legal", patronymic: null, contactEmail: null });
  });
});

describe("GET /personal-info/:userId", () => {
  it("shows staff anyone's profile and clients only their own", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const other = await createUser(server, { role: "role-client" });
    for (const role of ["role-admin", "role-client-manager", "role-support"] as const) {
      const staff = await createSignedInUser(server, { role });
      const answer = await call(server, "GET", `/personal-info/${other.id}`, {
        token: staff.token,
      });
      expect(answer.status, role).toBe(200);
      expect(answer.body.userId).toBe(other.id);
      const unknown = await call(server, "GET", `/personal-info/${unknownId}`, {
        token: staff.token,
      });
      expect(unknown.status, role).toBe(404);
    }
    const own = await call(server, "GET", `/personal-info/${client.id}`, { token: client.token });
    expect(own.status).toBe(200);
    const foreign = await call(server, "GET", `/personal-info/${other.id}`, {
      token: client.token,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.type).toBe("forbidden");
    const content = await createSignedInUser(server, { role: "role-content-manager" });
    const byContent = await call(server, "GET", `/personal-info/${other.id}`, {
      token: content.token,
    });
    expect(byContent.status).toBe(403);
    // A client learns nothing about ids that do not exist either.
    const unknown = await call(server, "GET", `/personal-info/${unknownId}`, {
      token: client.token,
    });
    expect(unknown.status).toBe(403);
  });

  it("needs a token and a uuid", async () => {
    const client = await createSignedInUser(server);
    expect((await call(server, "GET", `/personal-info/${client.id}`)).status).toBe(401);
    const bad = await call(server, "GET", "/personal-info/not-a-uuid", { token: client.token });
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe("validation-error");
  });
});

describe("POST /personal-info/:userId/sign-agreement", () => {
  it("removes the marker for the user themselves only", async () => {
    const user = await createSignedInUser(server, { authority: ["role-client", "sign-agreement"] });
    const other = await createSignedInUser(server, {
      authority: ["role-client", "sign-agreement"],
    });
    const foreign = await call(server, "POST", `/personal-info/${other.id}/sign-agreement`, {
      token: user.token,
    });
    expect(foreign.status).toBe(403);
    expect((await readUser(server, other.id))?.authority).toEqual([
      "role-client",
      "sign-agreement",
    ]);
    const anonymous = await call(server, "POST", `/personal-info/${user.id}/sign-agreement`);
    expect(anonymous.status).toBe(401);

    const signed = await call(server, "POST", `/personal-info/${user.id}/sign-agreement`, {
      token: user.token,
    });
    expect(signed).toEqual({ status: 200, body: { ok: true } });
    const row = await readUser(server, user.id);
    expect(row?.authority).toEqual(["role-client"]);
    expect(row?.agreementAcceptedAt).toBeInstanceOf(Date);
    const twice = await call(server, "POST", `/personal-info/${user.id}/sign-agreement`, {
      token: user.token,
    });
    expect(twice.status).toBe(200);
  });
});
