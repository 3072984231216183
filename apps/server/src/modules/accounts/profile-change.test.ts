import type { Role } from "@fonika/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSignedInUser,
  createUser,
  readUser,
  signIn,
  uniqueEmail,
  uniquePhone,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { storedKeys, uploadFile } from "../../test/library.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

function image(width: number, height: number, format: "png" | "jpeg" | "webp" = "png") {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .toFormat(format)
    .toBuffer();
}

describe("POST /personal-info/:userId/change", () => {
  it("changes only the fields sent, clears with an empty string, and normalizes contacts", async () => {
    const client = await createSignedInUser(server, {
      role: "role-client",
      profile: { lastName: "Иванова", firstName: "Анна", patronymic: "Сергеевна", company: "Кафе" },
    });
    const answer = await call(server, "POST", `/personal-info/${client.id}/change`, {
      token: client.token,
      body: { firstName: "Мария", patronymic: "", phone: "8 (916) 555-44-33", type: "legal" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      lastName: "Иванова",
      firstName: "Мария",
      patronymic: null,
      contactPhone: "79165554433",
      company: "Кафе",
      type: "legal",
    });
    expect(answer.body.abilities).toMatchObject({ edit: true, changeRole: false, block: false });
  });

  it("lets staff change a client's profile, a client manager not a staff member's", async () => {
    const client = await createUser(server, { role: "role-client" });
    const support = await createUser(server, { role: "role-support" });
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const byManager = await call(server, "POST", `/personal-info/${client.id}/change`, {
      token: manager.token,
      body: { lastName: "Новикова" },
    });
    expect(byManager.status).toBe(200);
    const onStaff = await call(server, "POST", `/personal-info/${support.id}/change`, {
      token: manager.token,
      body: { lastName: "Чужой" },
    });
    expect(onStaff.status).toBe(403);
    const byAdmin = await call(server, "POST", `/personal-info/${support.id}/change`, {
      token: admin.token,
      body: { lastName: "Админов" },
    });
    expect(byAdmin.status).toBe(200);
    expect((await readUser(server, support.id))?.lastName).toBe("Админов");
  });

  it("refuses bad input, other people's profiles and unknown ids, changing nothing", async () => {
    const client = await createSignedInUser(server, {
      role: "role-client",
      profile: { lastName: "Прежняя", firstName: "Анна" },
    });
    const other = await createUser(server, { role: "role-client", profile: { lastName: "Чужая" } });
    const bodies: unknown[] = [
      {},
      { lastName: "" },
      { lastName: "   " },
      { firstName: "А".repeat(201) },
      { phone: "12" },
      { contactEmail: "not-an-email" },
      { type: "company" },
      "not an object",
    ];
    for (const body of bodies) {
      const answer = await call(server, "POST", `/personal-info/${client.id}/change`, {
        token: client.token,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.type).toBe("validation-error");
    }
    const foreign = await call(server, "POST", `/personal-info/${other.id}/change`, {
      token: client.token,
      body: { lastName: "Взлом" },
    });
    expect(foreign.status).toBe(403);
    const unknown = await call(server, "POST", `/personal-info/${unknownId}/change`, {
      token: client.token,
      body: { lastName: "Никто" },
    });
    expect(unknown.status).toBe(403);
    const anonymous = await call(server, "POST", `/personal-info/${client.id}/change`, {
      body: { lastName: "Аноним" },
    });
    expect(anonymous.status).toBe(401);
    expect((await readUser(server, client.id))?.lastName).toBe("Прежняя");
    expect((await readUser(server, other.id))?.lastName).toBe("Чужая");
  });

  it("sends an account still filling in its profile to the first form", async () => {
    const user = await createSignedInUser(server, { role: "edit-personal-info" });
    const answer = await call(server, "POST", `/personal-info/${user.id}/change`, {
      token: user.token,
      body: { lastName: "Рано" },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.reason).toBe("Сначала заполните профиль");
  });
});

describe("POST /personal-info/individual-info/:userId/change", () => {
  it("replaces the person's fields as a whole", async () => {
    const client = await createSignedInUser(server, {
      role: "role-client",
      profile: { lastName: "Старая", firstName: "Анна", patronymic: "Ивановна", company: "ИП" },
    });
    const answer = await call(
      server,
      "POST",
      `/personal-info/individual-info/${client.id}/change`,
      {
        token: client.token,
        body: { lastName: "Новая", firstName: "Ольга", contactEmail: "Olga@Mail.ru" },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      lastName: "Новая",
      firstName: "Ольга",
      patronymic: null,
      contactEmail: "olga@mail.ru",
      contactPhone: null,
      company: "ИП",
    });
    const missing = await call(
      server,
      "POST",
      `/personal-info/individual-info/${client.id}/change`,
      {
        token: client.token,
        body: { lastName: "Только" },
      },
    );
    expect(missing.status).toBe(400);
    expect((await readUser(server, client.id))?.lastName).toBe("Новая");
  });
});

describe("avatar", () => {
  it("stores an uploaded image re-encoded, at most 512 px, and serves it to who may read", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const none = await fetch(`${server.url}/api/v1/personal-info/avatar-file/${client.id}`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(none.status).toBe(404);

    const uploaded = await uploadFile(
      server,
      `/personal-info/avatar-file/${client.id}/change`,
      await image(2000, 1200, "jpeg"),
      { token: client.token, filename: "me.jpg", type: "image/jpeg" },
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.imageUrl).toMatch(
      new RegExp(`^/api/v1/personal-info/avatar-file/${client.id}\\?v=\\w+`),
    );
    const served = await fetch(
      `${server.url}${uploaded.body.imageUrl}&access_token=${client.token}`,
    );
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });

    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const byStaff = await fetch(`${server.url}/api/v1/personal-info/avatar-file/${client.id}`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(byStaff.status).toBe(200);
    const other = await createSignedInUser(server, { role: "role-client" });
    const byOther = await fetch(`${server.url}/api/v1/personal-info/avatar-file/${client.id}`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(byOther.status).toBe(403);

    // A new avatar replaces the old file; a small image is not enlarged.
    const before = await storedKeys(server, "avatars/");
    const replaced = await uploadFile(
      server,
      `/personal-info/avatar-file/${client.id}/change`,
      await image(64, 64, "png"),
      { token: client.token, filename: "small.png", type: "image/png" },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.imageUrl).not.toBe(uploaded.body.imageUrl);
    const after = await storedKeys(server, "avatars/");
    expect(after.length).toBe(before.length);
  });

  it("refuses what is not an image, a broken image, an oversized one and someone else's avatar", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const path = `/personal-info/avatar-file/${client.id}/change`;
    const text = await uploadFile(server, path, new TextEncoder().encode("<svg></svg>"), {
      token: client.token,
      filename: "evil.png",
      type: "image/png",
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({
      type: "unsupported-file",
      reason: "Аватар должен быть изображением JPEG, PNG или WebP",
    });
    const png = await image(32, 32, "png");
    const broken = await uploadFile(server, path, png.subarray(0, 40), {
      token: client.token,
      type: "image/png",
    });
    expect(broken.status).toBe(415);
    const huge = new Uint8Array(11 * 1024 * 1024);
    huge.set(png.subarray(0, 16));
    const tooLarge = await uploadFile(server, path, huge, { token: client.token });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.reason).toBe("Изображение больше 10 МБ");
    const other = await createSignedInUser(server, { role: "role-client" });
    const foreign = await uploadFile(server, path, png, { token: other.token });
    expect(foreign.status).toBe(403);
    expect((await readUser(server, client.id))?.avatarKey).toBeNull();
  });
});

describe("GET /auth/account/creatable-roles", () => {
  it("names the roles each caller may give a new account", async () => {
    const roles = async (role: Role) => {
      const caller = await createSignedInUser(server, { role });
      return (await call(server, "GET", "/auth/account/creatable-roles", { token: caller.token }))
        .body.roles;
    };
    expect(await roles("role-admin")).toHaveLength(7);
    expect(await roles("role-client-manager")).toEqual([
      "role-client",
      "wait-activation",
      "edit-personal-info",
    ]);
    expect(await roles("role-support")).toEqual([]);
    expect(await roles("role-client")).toEqual([]);
  });
});

describe("POST /auth/account/create", () => {
  it("lets an admin create staff who then sign in with their role", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const email = uniqueEmail("staff");
    const created = await call(server, "POST", "/auth/account/create", {
      token: admin.token,
      body: { role: "role-support", email, lastName: "Опорова", firstName: "Вера" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, role: "role-support", lastName: "Опорова" });
    const tokens = await signIn(server, email);
    const own = await call(server, "GET", `/personal-info/${created.body.userId}`, {
      token: tokens.token,
    });
    expect(own.body.role).toBe("role-support");
  });

  it("lets a client manager create clients only, and refuses a taken address", async () => {
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const phone = uniquePhone();
    const client = await call(server, "POST", "/auth/account/create", {
      token: manager.token,
      body: { role: "role-client", phone: `+${phone}`, lastName: "Клиентов", firstName: "Кирилл" },
    });
    expect(client.status).toBe(201);
    expect(client.body).toMatchObject({ phone, role: "role-client" });
    const again = await call(server, "POST", "/auth/account/create", {
      token: manager.token,
      body: { role: "role-client", phone, lastName: "Двойник", firstName: "Кирилл" },
    });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe("Пользователь с таким номером телефона уже существует");
    const staff = await call(server, "POST", "/auth/account/create", {
      token: manager.token,
      body: { role: "role-admin", email: uniqueEmail("x"), lastName: "Адм", firstName: "Адм" },
    });
    expect(staff.status).toBe(403);
  });

  it("refuses bad input and the wrong roles, creating nobody", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const email = uniqueEmail("never");
    const bodies: unknown[] = [
      { role: "role-client", lastName: "Без", firstName: "Адреса" },
      { role: "player-device", email, lastName: "Плеер", firstName: "Плеер" },
      { role: "role-client", email: "bad", lastName: "Плохой", firstName: "Адрес" },
      { role: "role-client", email, lastName: "", firstName: "Пусто" },
      { role: "role-client", email, phone: "123", lastName: "Кор", firstName: "Откий" },
    ];
    for (const body of bodies) {
      const answer = await call(server, "POST", "/auth/account/create", {
        token: admin.token,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const role of ["role-client", "role-support", "role-content-manager"] as const) {
      const caller = await createSignedInUser(server, { role });
      const answer = await call(server, "POST", "/auth/account/create", {
        token: caller.token,
        body: { role: "role-client", email, lastName: "Кто", firstName: "То" },
      });
      expect(answer.status, role).toBe(403);
    }
    const list = await call(server, "GET", `/personal-info/users?query=${email}`, {
      token: admin.token,
    });
    expect(list.body.total).toBe(0);
  });
});

describe("abilities", () => {
  it("tell each caller what the server would allow", async () => {
    const waiting = await createUser(server, { role: "wait-activation" });
    const blocked = await createUser(server, { role: "role-client", status: "blocked" });
    const support = await createUser(server, { role: "role-support" });
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const supportReader = await createSignedInUser(server, { role: "role-support" });
    const read = async (token: string, userId: string) =>
      (await call(server, "GET", `/personal-info/${userId}`, { token })).body.abilities;

    expect(await read(manager.token, waiting.id)).toEqual({
      edit: true,
      changeRole: true,
      assignableRoles: ["role-client", "wait-activation", "edit-personal-info"],
      activate: true,
      block: true,
      unblock: false,
      delete: true,
    });
    expect(await read(manager.token, blocked.id)).toMatchObject({
      activate: false,
      block: false,
      unblock: true,
      delete: false,
    });
    expect(await read(manager.token, support.id)).toMatchObject({
      edit: false,
      changeRole: false,
      block: false,
      delete: false,
    });
    expect(await read(supportReader.token, waiting.id)).toEqual({
      edit: false,
      changeRole: false,
      assignableRoles: [],
      activate: false,
      block: false,
      unblock: false,
      delete: false,
    });
    // What an ability promises, the call does.
    const activated = await call(server, "POST", `/auth/role/${waiting.id}/change`, {
      token: manager.token,
      body: { newRole: "role-client" },
    });
    expect(activated.status).toBe(200);
    const unblocked = await call(server, "POST", `/auth/account/${blocked.id}/unblock`, {
      token: manager.token,
    });
    expect(unblocked.status).toBe(200);
  });
});

describe("GET /personal-info/users filters", () => {
  it("narrows by active role and by status", async () => {
    const admin = await createSignedInUser(server, { role: "role-admin" });
    const marker = `Фильтр${Date.now()}`;
    const waiting = await createUser(server, {
      authority: ["wait-activation"],
      profile: { company: marker },
    });
    const client = await createUser(server, {
      authority: ["role-client", "sign-agreement"],
      profile: { company: marker },
    });
    const blocked = await createUser(server, {
      role: "role-client",
      status: "blocked",
      profile: { company: marker },
    });
    const list = async (filter: string) =>
      (
        await call(
          server,
          "GET",
          `/personal-info/users?query=${encodeURIComponent(marker)}${filter}`,
          {
            token: admin.token,
          },
        )
      ).body.data.map((row: { userId: string }) => row.userId);
    expect(await list("&role=role-client")).toEqual(
      expect.arrayContaining([client.id, blocked.id]),
    );
    expect((await list("&role=role-client")).length).toBe(2);
    expect(await list("&role=wait-activation")).toEqual([waiting.id]);
    expect(await list("&status=blocked")).toEqual([blocked.id]);
    expect(await list("&role=role-client&status=active")).toEqual([client.id]);
    const bad = await call(server, "GET", "/personal-info/users?status=erased", {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
  });
});
