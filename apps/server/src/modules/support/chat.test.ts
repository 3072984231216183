import { SUPPORT } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";

/** The support chat's calls against the real server and database (issue 15). */

let server: TestServer;
let support: SignedInUser;
let admin: SignedInUser;
let contentManager: SignedInUser;
let clientManager: SignedInUser;
let idCounter = 0;

beforeAll(async () => {
  server = await startTestServer();
  [support, admin, contentManager, clientManager] = await Promise.all([
    createSignedInUser(server, {
      role: "role-support",
      profile: { lastName: "Сапова", firstName: "Анна" },
    }),
    createSignedInUser(server, { role: "role-admin" }),
    createSignedInUser(server, { role: "role-content-manager" }),
    createSignedInUser(server, { role: "role-client-manager" }),
  ]);
});

afterAll(async () => {
  await server.close();
});

const newClient = () =>
  createSignedInUser(server, {
    role: "role-client",
    profile: { lastName: "Иванов", firstName: "Пётр" },
  });

function send(user: SignedInUser, clientId: string, text: string, clientMessageId?: string) {
  idCounter += 1;
  return call(server, "POST", `/support/chat/${clientId}/messages`, {
    token: user.token,
    body: { text, clientMessageId: clientMessageId ?? `m-${idCounter}` },
  });
}

function messages(user: SignedInUser, clientId: string, query = "") {
  return call(server, "GET", `/support/chat/${clientId}/messages${query}`, { token: user.token });
}

function conversations(user: SignedInUser, query = "") {
  return call(server, "GET", `/support/chat${query}`, { token: user.token });
}

function markRead(user: SignedInUser, clientId: string, upTo: unknown) {
  return call(server, "POST", `/support/chat/${clientId}/read`, {
    token: user.token,
    body: { upTo },
  });
}

const seqs = (answer: { body: { data: Array<{ seq: number }> } }) =>
  answer.body.data.map((message) => message.seq);

describe("sending", () => {
  it("numbers messages of both sides in order and stores the text as typed", async () => {
    const client = await newClient();
    const typed = "  <b>Музыка</b> не играет & <script>alert(1)</script>  ";
    const first = await send(client, client.id, typed);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      clientId: client.id,
      seq: 1,
      text: typed,
      author: { id: client.id, name: "Иванов Пётр", side: "client" },
    });
    const answer = await send(support, client.id, "Проверяем");
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      seq: 2,
      author: { id: support.id, name: "Сапова Анна", side: "staff" },
    });
    expect((await send(admin, client.id, "Администратор на связи")).body.seq).toBe(3);

    const listed = await messages(client, client.id);
    expect(listed.status).toBe(200);
    expect(seqs(listed)).toEqual([1, 2, 3]);
    expect(listed.body.data[0].text).toBe(typed);
    expect(listed.body.hasMore).toBe(false);
  });

  it("answers a resend of the same clientMessageId with the stored message, 200, once", async () => {
    const client = await newClient();
    const first = await send(client, client.id, "Привет", "same-id");
    const again = await send(client, client.id, "Привет ещё раз", "same-id");
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Another author may use the same id of their own.
    const staffSame = await send(support, client.id, "Здравствуйте", "same-id");
    expect(staffSame.status).toBe(201);
    expect(staffSame.body.seq).toBe(2);
    // Resends racing each other still store one message.
    const raced = await Promise.all([
      send(client, client.id, "гонка", "race-id"),
      send(client, client.id, "гонка", "race-id"),
      send(client, client.id, "гонка", "race-id"),
    ]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(raced.map((answer) => answer.body.id)).size).toBe(1);
    expect(seqs(await messages(client, client.id))).toEqual([1, 2, 3]);
  });

  it("refuses empty, blank, too long or id-less messages with 400 and stores nothing", async () => {
    const client = await newClient();
    const bodies = [
      { text: "", clientMessageId: "a" },
      { text: "   \n ", clientMessageId: "b" },
      { text: "я".repeat(SUPPORT.chatTextMax + 1), clientMessageId: "c" },
      { text: "нет id" },
      { text: "пустой id", clientMessageId: "" },
      { text: "длинный id", clientMessageId: "x".repeat(65) },
    ];
    for (const body of bodies) {
      const answer = await call(server, "POST", `/support/chat/${client.id}/messages`, {
        token: client.token,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.type).toBe("validation-error");
    }
    const fits = await send(client, client.id, "я".repeat(SUPPORT.chatTextMax));
    expect(fits.status).toBe(201);
    expect(fits.body.seq).toBe(1);
  });

  it("rate-limits a person's messages: 429 with Retry-After, nothing stored past the limit", async () => {
    const client = await newClient();
    for (let index = 1; index <= SUPPORT.messagesPerMinute; index++) {
      expect((await send(client, client.id, `№${index}`, `flood-${index}`)).status).toBe(201);
    }
    const refused = await send(client, client.id, "лишнее", "flood-over");
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe("rate-limited");
    expect(refused.body.reason).toMatch(/Слишком много сообщений/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // A resend of a stored message is answered, not counted.
    expect((await send(client, client.id, "№1", "flood-1")).status).toBe(200);
    const stored = await messages(client, client.id, "?limit=100");
    expect(stored.body.data).toHaveLength(SUPPORT.messagesPerMinute);
    expect(stored.body.data.some((message: { text: string }) => message.text === "лишнее")).toBe(
      false,
    );
    // Another person's limit is their own.
    expect((await send(support, client.id, "Мы здесь")).status).toBe(201);
  });
});

describe("who uses which conversation", () => {
  it("answers 404 to a client naming another client's conversation, and changes nothing", async () => {
    const client = await newClient();
    const other = await newClient();
    await send(other, other.id, "Моё");
    expect((await send(client, other.id, "Чужое")).status).toBe(404);
    expect((await messages(client, other.id)).status).toBe(404);
    expect((await markRead(client, other.id, 1)).status).toBe(404);
    const answer = await send(client, other.id, "Чужое");
    expect(answer.body).toMatchObject({ type: "not-found", reason: "Переписка не найдена" });
    expect(seqs(await messages(other, other.id))).toEqual([1]);
  });

  it("answers 404 to staff naming an account that is not a client's", async () => {
    const waiting = await createUser(server, { authority: ["wait-activation"] });
    for (const id of [admin.id, contentManager.id, waiting.id, crypto.randomUUID()]) {
      expect((await send(support, id, "Здравствуйте")).status).toBe(404);
      expect((await messages(support, id)).status).toBe(404);
      expect((await markRead(admin, id, 0)).status).toBe(404);
    }
    expect(
      (await conversations(support)).body.data.map(
        (row: { client: { id: string } }) => row.client.id,
      ),
    ).not.toContain(waiting.id);
  });

  it("refuses roles outside the chat with 403 on every call: content manager, client manager", async () => {
    const client = await newClient();
    for (const user of [contentManager, clientManager]) {
      expect((await conversations(user)).status).toBe(403);
      expect((await messages(user, client.id)).status).toBe(403);
      expect((await send(user, client.id, "Пишу")).status).toBe(403);
      expect((await markRead(user, client.id, 0)).status).toBe(403);
    }
    expect((await messages(client, client.id)).body.data).toEqual([]);
  });

  it("refuses a bad client id, a bad upTo and bad paging with 400", async () => {
    const client = await newClient();
    expect((await messages(client, "not-a-uuid")).status).toBe(400);
    expect((await send(client, "not-a-uuid", "Привет")).status).toBe(400);
    expect((await markRead(client, client.id, -1)).status).toBe(400);
    expect((await markRead(client, client.id, "5")).status).toBe(400);
    expect((await messages(client, client.id, "?limit=0")).status).toBe(400);
    expect((await messages(client, client.id, "?limit=501")).status).toBe(400);
    expect((await messages(client, client.id, "?before=0")).status).toBe(400);
    expect((await conversations(client, "?page=-1")).status).toBe(400);
  });
});

describe("paging", () => {
  it("answers the newest page, older ones with before, and missed ones with after", async () => {
    const client = await newClient();
    for (let index = 1; index <= 5; index++) await send(client, client.id, `№${index}`);
    const newest = await messages(client, client.id, "?limit=2");
    expect([seqs(newest), newest.body.hasMore]).toEqual([[4, 5], true]);
    const older = await messages(client, client.id, "?limit=2&before=4");
    expect([seqs(older), older.body.hasMore]).toEqual([[2, 3], true]);
    const oldest = await messages(client, client.id, "?limit=2&before=2");
    expect([seqs(oldest), oldest.body.hasMore]).toEqual([[1], false]);
    const missed = await messages(client, client.id, "?after=3");
    expect([seqs(missed), missed.body.hasMore]).toEqual([[4, 5], false]);
    const missedPart = await messages(client, client.id, "?after=1&limit=2");
    expect([seqs(missedPart), missedPart.body.hasMore]).toEqual([[2, 3], true]);
    const nothingNew = await messages(client, client.id, "?after=5");
    expect([seqs(nothingNew), nothingNew.body.hasMore]).toEqual([[], false]);
  });
});

describe("read marks and conversations", () => {
  it("shows a client their conversation before its first message", async () => {
    const client = await newClient();
    const listed = await conversations(client);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [
        {
          client: { id: client.id, name: "Иванов Пётр", side: "client" },
          lastMessage: null,
          unread: 0,
          readByOtherUpTo: 0,
        },
      ],
      total: 1,
      totalPages: 1,
    });
  });

  it("moves a side's read mark forward only, never past the last message", async () => {
    const client = await newClient();
    await send(client, client.id, "Раз");
    await send(client, client.id, "Два");
    await send(support, client.id, "Ответ");
    const clientView = async () => (await conversations(client)).body.data[0];
    // Support's reply read both of the client's messages for staff.
    expect(await clientView()).toMatchObject({ unread: 1, readByOtherUpTo: 3 });

    expect((await markRead(client, client.id, 2)).body).toEqual({ ok: true });
    const staffRow = async () =>
      (await conversations(support, "?count=500")).body.data.find(
        (row: { client: { id: string } }) => row.client.id === client.id,
      );
    expect(await staffRow()).toMatchObject({ readByOtherUpTo: 2, unread: 0 });
    expect((await markRead(client, client.id, 1)).status).toBe(200);
    expect(await staffRow()).toMatchObject({ readByOtherUpTo: 2 });
    expect((await markRead(client, client.id, 99)).status).toBe(200);
    expect(await staffRow()).toMatchObject({ readByOtherUpTo: 3 });
    expect(await clientView()).toMatchObject({ unread: 0 });
    // Reading before any message is a no-op, not an error.
    const fresh = await newClient();
    expect((await markRead(fresh, fresh.id, 5)).status).toBe(200);
    expect((await conversations(fresh)).body.data[0].readByOtherUpTo).toBe(0);
  });

  it("lists every conversation to staff, newest message first, with the client's unread messages", async () => {
    const quiet = await newClient();
    const first = await newClient();
    const second = await newClient();
    await send(first, first.id, "Первый");
    await send(second, second.id, "Второй");
    await send(second, second.id, "Второй ещё");
    await send(first, first.id, "Первый снова");
    const listed = await conversations(admin, "?count=500");
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((row: { client: { id: string } }) => row.client.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(quiet.id);
    expect(listed.body.data[ids.indexOf(first.id)]).toMatchObject({
      unread: 2,
      readByOtherUpTo: 2,
      lastMessage: { seq: 2, text: "Первый снова", author: { side: "client" } },
    });
    expect(listed.body.data[ids.indexOf(second.id)]).toMatchObject({ unread: 2 });
    expect(listed.body.total).toBeGreaterThanOrEqual(2);

    await markRead(support, second.id, 1);
    const after = await conversations(support, "?count=500");
    const secondRow = after.body.data.find(
      (row: { client: { id: string } }) => row.client.id === second.id,
    );
    expect(secondRow.unread).toBe(1);
    const paged = await conversations(support, "?count=1&page=1");
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.totalPages).toBe(after.body.total);
  });
});

describe("a deleted client", () => {
  it("leaves a conversation whose texts are erased, both sides' (152-FZ)", async () => {
    const gone = await newClient();
    await send(gone, gone.id, "Мой телефон +7 999 000-00-00");
    await send(support, gone.id, "Перезвоним на +7 999 000-00-00");
    const deleted = await call(server, "POST", `/auth/account/${gone.id}/delete-account`, {
      token: clientManager.token,
    });
    expect(deleted.status).toBe(200);

    const seen = await messages(support, gone.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toHaveLength(2);
    // Only the texts: the ids are random and may hold "999" themselves.
    for (const message of seen.body.data) expect(message.text).not.toContain("999");
  });
});
