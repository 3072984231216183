import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, users } from "../db/schema.ts";
import { createSignedInUser, randomIp, readUser, type SignedInUser } from "../test/factories.ts";
import { buildQuietApp, call, startTestServer, type TestServer } from "../test/harness.ts";
import { AppError } from "./app-error.ts";

/**
 * Issue 12: text holding a NUL character, in any body, query or path
 * parameter of any call, is a 400 with a reason (PostgreSQL cannot store
 * it: it used to be a 500), and error answers never name server paths.
 */
let server: TestServer;
let admin: SignedInUser;
let client: SignedInUser;
const NUL_REASON = "Текст содержит недопустимый нулевой символ";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  client = await createSignedInUser(server, { role: "role-client" });
});

afterAll(async () => {
  await server?.close();
});

function expectNulRefused(
  answer: { status: number; body: Record<string, unknown> },
  where: string,
) {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ type: "validation-error", reason: NUL_REASON });
  expect(String(answer.body.message)).toContain(where);
}

describe("text with a NUL character", () => {
  it("is refused in a public call's body, and nothing is stored", async () => {
    const before = await server.app.db.select().from(leads);
    const answer = await call(server, "POST", "/integration/amo/form", {
      body: { name: "Анна\u0000", phone: "+7 999 123-45-67", company: "ООО Ромашка" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expectNulRefused(answer, "body.name");
    expect(await server.app.db.select().from(leads)).toHaveLength(before.length);
  });

  it("is refused in a signed-in call's body, and the profile stays as it was", async () => {
    const row = await readUser(server, client.id);
    const answer = await call(server, "POST", `/personal-info/${client.id}/change`, {
      body: { lastName: "Ива\u0000нова" },
      token: client.token,
    });
    expectNulRefused(answer, "body.lastName");
    expect((await readUser(server, client.id))?.lastName).toBe(row?.lastName ?? null);
  });

  it("is refused in a key, in a nested value, in a query and in a path parameter", async () => {
    const key = await call(server, "POST", `/personal-info/${client.id}/change`, {
      body: { "last\u0000Name": "Иванова" },
      token: client.token,
    });
    expectNulRefused(key, "body");
    const nested = await call(server, "POST", "/tariff/add", {
      body: { name: "Базовый", items: [{ name: "x\u0000" }] },
      token: admin.token,
    });
    expectNulRefused(nested, "body.items.0.name");
    const query = await call(server, "GET", "/personal-info/users?query=%D0%B0%00b", {
      token: admin.token,
    });
    expectNulRefused(query, "query.query");
    const params = await call(server, "POST", "/auth/role/ab%00cd/change", {
      body: { newRole: "role-client" },
      token: admin.token,
    });
    expectNulRefused(params, "params.userId");
    const [stillActive] = await server.app.db.select().from(users).where(eq(users.id, client.id));
    expect(stillActive?.authority).toEqual(["role-client"]);
  });

  it("is refused in an uploaded file's name", async () => {
    const form = new FormData();
    form.append(
      "file",
      new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }),
      "me\u0000.jpg",
    );
    const response = await fetch(
      `${server.url}/api/v1/personal-info/avatar-file/${client.id}/change`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${client.token}` },
        body: form,
      },
    );
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(400);
    expect(body.reason).toBe(NUL_REASON);
  });
});

describe("error answers", () => {
  it("never carry the server's paths", async () => {
    const { app, dataDir } = await buildQuietApp("paths");
    const file = path.join(dataDir, "files", "ab", "song.mp3");
    const temporary = path.join(tmpdir(), "fonika-upload-1.part");
    app.get("/api/v1/test/fs-error", async () => {
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), {
        statusCode: 400,
      });
    });
    app.get("/api/v1/test/app-error", async () => {
      throw new AppError("conflict", 409, `Файл ${temporary} занят`, `busy: ${temporary}`);
    });
    try {
      for (const url of ["/api/v1/test/fs-error", "/api/v1/test/app-error"]) {
        const answer = await app.inject({ method: "GET", url });
        expect(answer.statusCode).toBeGreaterThanOrEqual(400);
        expect(answer.body).not.toContain(dataDir);
        expect(answer.body).not.toContain(tmpdir());
        expect(answer.body).not.toContain("song.mp3");
        expect(answer.json().message).toContain("…");
      }
    } finally {
      await app.close();
    }
  });
});
