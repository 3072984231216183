import { randomInt } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.ts";
import {
  createSignedInUser,
  createUser,
  signIn,
  uniqueEmail,
  uniquePhone,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import type { UserRow } from "./accounts.repository.ts";

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await createSignedInUser(server, { role: "role-admin" })).token;
});

afterAll(async () => {
  await server?.close();
});

/** A word no other test's data contains, to scope a search to one test's users. */
function uniqueMarker(prefix: string): string {
  return `${prefix}${randomInt(1_000_000, 9_999_999)}`;
}

function listUsers(search: string, token: string | undefined = adminToken) {
  return call(server, "GET", `/personal-info/users${search}`, { token });
}

function idsOf(body: { data: Array<{ userId: string }> }): string[] {
  return body.data.map((profile) => profile.userId);
}

describe("GET /personal-info/users", () => {
  it("pages the users newest first by default, with total and totalPages", async () => {
    const company = uniqueMarker("Кофейня");
    const made: UserRow[] = [];
    for (let index = 0; index < 5; index++) {
      made.push(
        await createUser(server, {
          role: "role-client",
          profile: { company, createdAt: new Date(Date.UTC(2024, 0, 10 + index)) },
        }),
      );
    }
    const newestFirst = made.map((user) => user.id).reverse();

    const pages = [];
    for (const page of [0, 1, 2]) {
      const answer = await listUsers(`?query=${encodeURIComponent(company)}&page=${page}&count=2`);
      expect(answer.status).toBe(200);
      expect(answer.body.total).toBe(5);
      expect(answer.body.totalPages).toBe(3);
      pages.push(...idsOf(answer.body));
    }
    expect(pages).toEqual(newestFirst);

    const beyond = await listUsers(`?query=${encodeURIComponent(company)}&page=7&count=2`);
    expect(beyond.body).toEqual({ data: [], total: 5, totalPages: 3 });

    // The newest account of all is first in the unfiltered list; the count is every live account.
    const latest = await createUser(server, { role: "wait-activation" });
    const all = await listUsers("");
    expect(all.status).toBe(200);
    const live = await server.app.db.$count(users);
    expect(all.body.total).toBe(live);
    expect(all.body.totalPages).toBe(Math.ceil(live / 30));
    expect(all.body.data.length).toBe(Math.min(live, 30));
    expect(all.body.data[0].userId).toBe(latest.id);
  });

  it("answers profiles of the shared shape and nothing more", async () => {
    const company = uniqueMarker("Пекарня");
    const user = await createUser(server, {
      role: "role-client",
      profile: {
        company,
        type: "legal",
        lastName: "Смирнова",
        firstName: "Ольга",
        patronymic: "Петровна",
        contactPhone: "79160001122",
        contactEmail: "olga@bakery.ru",
      },
    });
    const answer = await listUsers(`?query=${encodeURIComponent(company)}`);
    expect(answer.body.data).toEqual([
      {
        userId: user.id,
        login: user.email,
        email: user.email,
        phone: "79160001122",
        contactEmail: "olga@bakery.ru",
        contactPhone: "79160001122",
        company,
        lastName: "Смирнова",
        firstName: "Ольга",
        patronymic: "Петровна",
        type: "legal",
        imageUrl: null,
        role: "role-client",
        authority: ["role-client"],
        status: "active",
        createdAt: user.createdAt.toISOString(),
        // What the admin who lists may do with this client.
        abilities: {
          edit: true,
          changeRole: true,
          assignableRoles: [
            "role-admin",
            "role-client",
            "role-content-manager",
            "role-client-manager",
            "role-support",
            "wait-activation",
            "edit-personal-info",
          ],
          activate: false,
          block: true,
          unblock: false,
          delete: true,
        },
      },
    ]);
  });

  it("sorts by name and by login on request", async () => {
    const company = uniqueMarker("Сорт");
    const borisova = await createUser(server, {
      email: `zeta-${company}@test.fonika`,
      profile: { company, lastName: "Борисова", firstName: "Анна" },
    });
    const avdeev = await createUser(server, {
      email: `beta-${company}@test.fonika`,
      profile: { company, lastName: "авдеев", firstName: "Юрий" },
    });
    const borisov = await createUser(server, {
      email: `alpha-${company}@test.fonika`,
      profile: { company, lastName: "Борисов", firstName: "Яков" },
    });
    const unnamed = await createUser(server, {
      email: `gamma-${company}@test.fonika`,
      profile: { company },
    });
    const query = `?query=${encodeURIComponent(company)}`;

    const byName = await listUsers(`${query}&sortBy=name`);
    expect(idsOf(byName.body)).toEqual([avdeev.id, borisov.id, borisova.id, unnamed.id]);
    const byLogin = await listUsers(`${query}&sortBy=login`);
    expect(idsOf(byLogin.body)).toEqual([borisov.id, avdeev.id, unnamed.id, borisova.id]);
    const byDate = await listUsers(`${query}&sortBy=registration-date`);
    expect(idsOf(byDate.body)).toEqual([unnamed.id, borisov.id, avdeev.id, borisova.id]);
  });

  it("finds users by e-mail, names and company, ignoring case", async () => {
    const marker = uniqueMarker("find");
    const anna = await createUser(server, {
      email: `anna.${marker}@Example.ru`,
      profile: { lastName: `Иванова${marker}`, firstName: "Анна", company: `Зерно ${marker}` },
    });
    const other = await createUser(server, {
      email: `petr.${marker}@example.ru`,
      profile: { lastName: `Петров${marker}`, firstName: "Пётр" },
    });
    const found = async (query: string) =>
      idsOf((await listUsers(`?query=${encodeURIComponent(query)}`)).body);

    expect(await found(`ANNA.${marker}`)).toEqual([anna.id]);
    expect(await found(`${marker}@example`)).toEqual([other.id, anna.id]);
    expect(await found(`иванова${marker}`)).toEqual([anna.id]);
    // Every word must match somewhere, in any order.
    expect(await found(`анна иванова${marker}`)).toEqual([anna.id]);
    expect(await found(`  пётр   ${marker}  `)).toEqual([other.id]);
    expect(await found(`ЗЕРНО ${marker}`)).toEqual([anna.id]);
    expect(await found(`Анна Петров${marker}`)).toEqual([]);
  });

  it("takes LIKE wildcards literally", async () => {
    const marker = uniqueMarker("wild");
    const percent = await createUser(server, { profile: { company: `${marker} 100% кофе` } });
    await createUser(server, { profile: { company: `${marker} 100 кофе` } });
    const underscore = await createUser(server, { email: `${marker}_x@test.fonika` });
    await createUser(server, { email: `${marker}yx@test.fonika` });

    const byPercent = await listUsers(`?query=${encodeURIComponent(`${marker} 100%`)}`);
    expect(idsOf(byPercent.body)).toEqual([percent.id]);
    const byUnderscore = await listUsers(`?query=${encodeURIComponent(`${marker}_`)}`);
    expect(idsOf(byUnderscore.body)).toEqual([underscore.id]);
    const everything = await listUsers(`?query=${encodeURIComponent("%")}`);
    expect(everything.body.total).toBe(1);
  });

  it("finds phones by their digits, however the query is punctuated", async () => {
    const phone = uniquePhone();
    const bySignIn = await createUser(server, { phone });
    const contactPhone = uniquePhone();
    const byContact = await createUser(server, { profile: { contactPhone } });
    const found = async (query: string) =>
      idsOf((await listUsers(`?query=${encodeURIComponent(query)}`)).body);

    const spelled = (digits: string) =>
      `+7 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`;
    expect(await found(spelled(phone))).toEqual([bySignIn.id]);
    expect(await found(`8 ${phone.slice(1, 4)} ${phone.slice(4)}`)).toEqual([bySignIn.id]);
    expect(await found(`${phone.slice(4, 7)}-${phone.slice(7)}`)).toEqual([bySignIn.id]);
    expect(await found(spelled(contactPhone))).toEqual([byContact.id]);
    // Phone profiles show their sign-in phone as the login.
    const answer = await listUsers(`?query=${phone}`);
    expect(answer.body.data[0]).toMatchObject({ login: phone, phone, email: null });
  });

  it("leaves deleted accounts out unless asked for, and shows blocked ones as blocked", async () => {
    const company = uniqueMarker("Статус");
    const active = await createUser(server, { profile: { company } });
    const blocked = await createUser(server, { status: "blocked", profile: { company } });
    const deletedUser = await createUser(server, { status: "deleted", profile: { company } });
    const onlyDeleted = await listUsers(`?status=deleted&query=${encodeURIComponent(company)}`);
    expect(
      onlyDeleted.body.data.map((profile: { userId: string; status: string }) => [
        profile.userId,
        profile.status,
      ]),
    ).toEqual([[deletedUser.id, "deleted"]]);

    const answer = await listUsers(`?query=${encodeURIComponent(company)}`);
    expect(answer.body.total).toBe(2);
    expect(
      answer.body.data.map((profile: { userId: string; status: string }) => [
        profile.userId,
        profile.status,
      ]),
    ).toEqual([
      [blocked.id, "blocked"],
      [active.id, "active"],
    ]);
    const live = await server.app.db.$count(users);
    const deleted = await server.app.db.$count(users, eq(users.status, "deleted"));
    expect((await listUsers("")).body.total).toBe(live - deleted);
  });

  it("is open to admin, client manager and support", async () => {
    for (const role of ["role-client-manager", "role-support"] as const) {
      const staff = await createSignedInUser(server, { role });
      const answer = await listUsers("?count=1", staff.token);
      expect(answer.status, role).toBe(200);
      expect(answer.body.data).toHaveLength(1);
    }
  });

  it("answers 401 without a token", async () => {
    const answer = await listUsers("", "");
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ type: "unauthorized", reason: expect.any(String) });
  });

  it("answers 403 to a client, a content manager and a new user", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const content = await createSignedInUser(server, { role: "role-content-manager" });
    const waiting = await createSignedInUser(server, { role: "wait-activation" });
    const newcomer = await signIn(server, uniqueEmail("newcomer"));
    for (const token of [client.token, content.token, waiting.token, newcomer.token]) {
      const answer = await listUsers("", token);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ type: "forbidden", reason: expect.any(String) });
    }
  });

  it("answers 400 to bad paging, a too long query or an unknown order", async () => {
    for (const search of [
      "?count=501",
      "?count=0",
      "?count=ten",
      "?page=-1",
      "?page=1.5",
      `?query=${"я".repeat(201)}`,
      "?sortBy=email",
    ]) {
      const answer = await listUsers(search);
      expect(answer.status, search).toBe(400);
      expect(answer.body, search).toMatchObject({ type: "validation-error" });
    }
    // 200 characters, and a longer query that trims to 200, are fine.
    expect((await listUsers(`?query=${"я".repeat(200)}`)).status).toBe(200);
    expect((await listUsers(`?query=${encodeURIComponent(` ${"я".repeat(200)} `)}`)).status).toBe(
      200,
    );
    expect((await listUsers("?count=500")).status).toBe(200);
    const farAway = await listUsers(`?page=${Number.MAX_SAFE_INTEGER}&count=500`);
    expect(farAway.status).toBe(200);
    expect(farAway.body.data).toEqual([]);
  });

  it("changes nothing", async () => {
    const snapshot = () => server.app.db.select().from(users).orderBy(asc(users.id));
    const before = await snapshot();
    await listUsers("?query=anna&sortBy=name");
    await listUsers("?page=1&count=3&sortBy=login");
    await listUsers("?query=%2B7%20916");
    expect(await snapshot()).toEqual(before);
  });
});
