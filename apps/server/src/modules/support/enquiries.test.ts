import { MESSAGES, SUPPORT } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportEnquiries, supportEnquiryEvents } from "../../db/schema.ts";
import {
  createEstablishment,
  createSignedInUser,
  createUser,
  type SignedInUser,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { connect, nextOfType } from "../../test/socket-client.ts";

/**
 * Enquiries on the real server and database: who sees which, every call's
 * bad input (answered, nothing changed), the states' rules, unread marks,
 * the mail of support's answer, search and the message limit.
 */

let server: TestServer;
let client: SignedInUser;
let other: SignedInUser;
let support: SignedInUser;
let admin: SignedInUser;
let manager: SignedInUser;
let content: SignedInUser;
let venueId: string;

beforeAll(async () => {
  server = await startTestServer();
  [client, other, support, admin, manager, content] = await Promise.all([
    createSignedInUser(server, {
      role: "role-client",
      profile: { lastName: "Клиентов", firstName: "Пётр" },
    }),
    createSignedInUser(server, { role: "role-client" }),
    createSignedInUser(server, {
      role: "role-support",
      profile: { lastName: "Помогаева", firstName: "Анна" },
    }),
    createSignedInUser(server, { role: "role-admin" }),
    createSignedInUser(server, { role: "role-client-manager" }),
    createSignedInUser(server, { role: "role-content-manager" }),
  ]);
  venueId = await createEstablishment(server, client.id, { name: "Кафе «Ромашка»" });
});

afterAll(async () => {
  await server?.close();
});

const api = (method: "GET" | "POST", path: string, token: string, body?: unknown) =>
  call(server, method, `/support${path}`, { token, body });

async function create(who: SignedInUser, body: Record<string, unknown>) {
  const answer = await api("POST", "/enquiries", who.token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function countRows() {
  const [enquiries, events] = await Promise.all([
    server.app.db.select().from(supportEnquiries),
    server.app.db.select().from(supportEnquiryEvents),
  ]);
  return { enquiries: enquiries.length, events: events.length };
}

function mailsTo(address: string): string[] {
  return server.logs
    .filter((entry) => entry.channel === "email" && entry.to === address && "subject" in entry)
    .map((entry) => `${entry.subject}\n${entry.text}`);
}

describe("creating and seeing enquiries", () => {
  it("lets a client write one about their venue and shows it to staff, never to another client", async () => {
    const made = await create(client, {
      topic: "billing",
      text: "\n  Не пришёл счёт за май  \nПодробности: <b>срочно</b>",
      establishmentId: venueId,
    });
    expect(made).toMatchObject({
      topic: "billing",
      state: "new",
      subject: "Не пришёл счёт за май",
      client: { id: client.id, name: "Клиентов Пётр", side: "client" },
      assignee: null,
      establishmentId: venueId,
      establishmentName: "Кафе «Ромашка»",
      unread: 0,
      abilities: { reply: true, moveTo: [], assign: false, controlPlayers: false },
    });
    expect(made.events).toHaveLength(1);
    expect(made.events[0]).toMatchObject({
      kind: "message",
      author: { id: client.id, side: "client" },
      text: "\n  Не пришёл счёт за май  \nПодробности: <b>срочно</b>",
    });

    for (const staff of [support, admin, manager]) {
      const seen = await api("GET", `/enquiries/${made.id}`, staff.token);
      expect(seen.status).toBe(200);
      expect(seen.body.unread).toBe(1);
      expect(seen.body.abilities.assign).toBe(true);
      const listed = await api("GET", "/enquiries?count=500", staff.token);
      expect(listed.body.data.map((row: { id: string }) => row.id)).toContain(made.id);
    }
    // Another client and a content manager (not music content) learn nothing of it.
    for (const stranger of [other, content]) {
      const seen = await api("GET", `/enquiries/${made.id}`, stranger.token);
      expect(seen.status).toBe(404);
      expect(seen.body.type).toBe("not-found");
      expect((await api("POST", `/enquiries/${made.id}/read`, stranger.token)).status).toBe(404);
      expect(
        (await api("POST", `/enquiries/${made.id}/messages`, stranger.token, { text: "Я тут" }))
          .status,
      ).toBe(404);
      const listed = await api("GET", "/enquiries?count=500", stranger.token);
      expect(listed.body.data.map((row: { id: string }) => row.id)).not.toContain(made.id);
    }
    expect(
      (await api("POST", `/enquiries/${made.id}/state`, other.token, { state: "closed" })).status,
    ).toBe(404);
  });

  it("shows a content manager the music-content ones, which they may answer", async () => {
    const made = await create(client, { topic: "music-content", text: "Мало джаза" });
    const listed = await api("GET", "/enquiries?count=500", content.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toContain(made.id);
    expect(listed.body.data.every((row: { topic: string }) => row.topic === "music-content")).toBe(
      true,
    );
    const answered = await api("POST", `/enquiries/${made.id}/messages`, content.token, {
      text: "Добавим",
    });
    expect(answered.status).toBe(201);
    expect(answered.body.state).toBe("in-progress");
    // A content manager answers but is nobody's assignee, and moves no states.
    expect(answered.body.assignee).toBeNull();
    expect(answered.body.abilities.moveTo).toEqual([]);
    const moved = await api("POST", `/enquiries/${made.id}/state`, content.token, {
      state: "resolved",
    });
    expect(moved.status).toBe(403);
  });

  it("lets an admin write for an active client only, and a client only for themselves", async () => {
    const made = await create(admin, {
      topic: "account",
      text: "Звонил, просит сменить e-mail",
      clientId: client.id,
    });
    expect(made.client.id).toBe(client.id);
    expect(made.events[0].author).toMatchObject({ id: admin.id, side: "staff" });
    const seenByClient = await api("GET", `/enquiries/${made.id}`, client.token);
    expect(seenByClient.status).toBe(200);

    const waiting = await createUser(server, { role: "wait-activation" });
    const before = await countRows();
    const refusals: Array<[SignedInUser, Record<string, unknown>, number]> = [
      [admin, { topic: "other", text: "Без клиента" }, 400],
      [admin, { topic: "other", text: "Не клиент", clientId: support.id }, 400],
      [admin, { topic: "other", text: "Ждёт активации", clientId: waiting.id }, 400],
      [client, { topic: "other", text: "За другого", clientId: other.id }, 403],
      [support, { topic: "other", text: "Поддержка не создаёт" }, 403],
      [content, { topic: "other", text: "И контент-менеджер" }, 403],
      [
        client,
        {
          topic: "other",
          text: "Чужое заведение",
          establishmentId: await createEstablishment(server, other.id),
        },
        400,
      ],
      [client, { topic: "other", text: "Нет плеера", playerId: crypto.randomUUID() }, 400],
      [client, { topic: "other", text: "   \n  " }, 400],
      [client, { topic: "other", text: "" }, 400],
      [client, { topic: "other", text: "я".repeat(SUPPORT.textMax + 1) }, 400],
      [client, { topic: "nonsense", text: "Тема" }, 400],
      [client, { topic: "other", text: "Файл", attachmentIds: ["not-a-uuid"] }, 400],
      [client, { topic: "other", text: "Чужой файл", attachmentIds: [crypto.randomUUID()] }, 400],
    ];
    for (const [who, body, status] of refusals) {
      const answer = await api("POST", "/enquiries", who.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(typeof answer.body.reason).toBe("string");
    }
    expect(await countRows()).toEqual(before);
  });

  it("answers 400 to malformed ids and queries", async () => {
    for (const path of ["/enquiries/42", "/attachments/x"]) {
      expect((await api("GET", path, support.token)).status).toBe(400);
    }
    expect((await api("POST", "/enquiries/42/read", support.token)).status).toBe(400);
    expect((await api("GET", "/enquiries?state=lost", support.token)).status).toBe(400);
    expect((await api("GET", "/enquiries?count=0", support.token)).status).toBe(400);
    expect((await api("GET", "/enquiries?assigneeId=someone", support.token)).status).toBe(400);
    expect((await api("GET", "/assignees", client.token)).status).toBe(403);
  });
});

describe("the states and the thread", () => {
  it("moves as ENQUIRY_TRANSITIONS say, writes who moved it, and refuses the rest with 409", async () => {
    const made = await create(client, { topic: "player-silent", text: "Тишина в зале" });
    const id = made.id;
    const tooEarly = await api("POST", `/enquiries/${id}/state`, client.token, { state: "closed" });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.reason).toContain("«Новое»");
    expect(tooEarly.body.reason).toContain("«Закрыто»");

    // Support's first answer takes it in progress and to the one who answered.
    const answered = await api("POST", `/enquiries/${id}/messages`, support.token, {
      text: "Перезапустите плеер",
    });
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({
      state: "in-progress",
      assignee: { id: support.id, name: "Помогаева Анна", side: "staff" },
    });
    expect(answered.body.events.map((event: { kind: string }) => event.kind)).toEqual([
      "message",
      "message",
      "state",
      "assignee",
    ]);
    expect(answered.body.events[2].text).toContain("Поддержка (Помогаева Анна)");
    expect(answered.body.events[2].text).toContain("«В работе»");

    const waiting = await api("POST", `/enquiries/${id}/state`, support.token, {
      state: "waiting-client",
    });
    expect(waiting.body.state).toBe("waiting-client");
    // The client's answer brings it back in progress.
    const back = await api("POST", `/enquiries/${id}/messages`, client.token, {
      text: "Не помогло",
    });
    expect(back.body.state).toBe("in-progress");
    expect(
      (await api("POST", `/enquiries/${id}/state`, support.token, { state: "resolved" })).body
        .state,
    ).toBe("resolved");
    // The client reopens what support called resolved…
    const reopened = await api("POST", `/enquiries/${id}/state`, client.token, {
      state: "in-progress",
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.events.at(-1).text).toContain("Клиент (Клиентов Пётр)");
    // …but may not call it resolved themselves.
    const refused = await api("POST", `/enquiries/${id}/state`, client.token, {
      state: "resolved",
    });
    expect(refused.status).toBe(409);

    expect(
      (await api("POST", `/enquiries/${id}/state`, admin.token, { state: "closed" })).status,
    ).toBe(200);
    const before = await countRows();
    const late = await api("POST", `/enquiries/${id}/messages`, client.token, { text: "Ещё" });
    expect(late.status).toBe(409);
    const reopenClosed = await api("POST", `/enquiries/${id}/state`, support.token, {
      state: "in-progress",
    });
    expect(reopenClosed.status).toBe(409);
    expect(await countRows()).toEqual(before);
    const final = await api("GET", `/enquiries/${id}`, client.token);
    expect(final.body.abilities).toEqual({
      reply: false,
      moveTo: [],
      assign: false,
      controlPlayers: false,
    });
  });

  it("assigns to support and admins only", async () => {
    const made = await create(client, { topic: "other", text: "Кому ответить?" });
    const assignees = await api("GET", "/assignees", manager.token);
    const ids = assignees.body.map((person: { id: string }) => person.id);
    expect(ids).toEqual(expect.arrayContaining([support.id, admin.id]));
    expect(ids).not.toContain(manager.id);
    expect(ids).not.toContain(client.id);

    for (const wrong of [client.id, manager.id, crypto.randomUUID()]) {
      const answer = await api("POST", `/enquiries/${made.id}/assignee`, admin.token, {
        assigneeId: wrong,
      });
      expect(answer.status).toBe(400);
    }
    expect(
      (await api("POST", `/enquiries/${made.id}/assignee`, client.token, { assigneeId: null }))
        .status,
    ).toBe(403);
    const assigned = await api("POST", `/enquiries/${made.id}/assignee`, manager.token, {
      assigneeId: admin.id,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignee.id).toBe(admin.id);
    expect(assigned.body.events.at(-1).kind).toBe("assignee");
    const mine = await api("GET", `/enquiries?assigneeId=${admin.id}&count=500`, support.token);
    expect(mine.body.data.map((row: { id: string }) => row.id)).toContain(made.id);
    const none = await api("GET", "/enquiries?assigneeId=none&count=500", support.token);
    expect(none.body.data.map((row: { id: string }) => row.id)).not.toContain(made.id);
  });
});

describe("unread marks, mail and news", () => {
  it("counts the other side's messages until read, mails the client and tells their screens", async () => {
    const made = await create(client, { topic: "other", text: "Вопрос про паузы" });
    const socket = await connect(server, client.token);
    await api("POST", `/enquiries/${made.id}/messages`, support.token, { text: "Ответ раз" });
    const news = await nextOfType(socket, "supportEnquiry");
    expect(news).toMatchObject({ enquiryId: made.id, number: made.number, event: "message" });
    await api("POST", `/enquiries/${made.id}/messages`, support.token, { text: "Ответ два" });

    const unread = await api("GET", "/unread", client.token);
    expect(unread.body.enquiries).toBeGreaterThanOrEqual(1);
    const seen = await api("GET", `/enquiries/${made.id}`, client.token);
    expect(seen.body.unread).toBe(2);
    // Opening it marks nothing; markEnquiryRead does.
    expect((await api("GET", `/enquiries/${made.id}`, client.token)).body.unread).toBe(2);
    expect((await api("POST", `/enquiries/${made.id}/read`, client.token)).body).toEqual({
      ok: true,
    });
    expect((await api("GET", `/enquiries/${made.id}`, client.token)).body.unread).toBe(0);
    // The client's own messages are never unread for them; staff count them.
    const staffView = await api("GET", `/enquiries/${made.id}`, admin.token);
    expect(staffView.body.unread).toBe(1);

    const mails = mailsTo(client.email);
    expect(mails.filter((mail) => mail.includes(`№${made.number}`))).toHaveLength(2);
    const mail = mails.find((text) => text.includes("Ответ раз"));
    expect(mail).toContain(`Ответ поддержки по обращению №${made.number}`);
    expect(mail).toContain(`${server.config.publicUrl}/support/enquiries?id=${made.id}`);
    socket.socket.close();
  });
});

describe("search and filters", () => {
  it("finds subjects and messages case-insensitively, wildcards meaning themselves", async () => {
    const made = await create(client, { topic: "other", text: "Скидка 100% на ЗВУК_ИЗ_ЗАЛА" });
    await api("POST", `/enquiries/${made.id}/messages`, support.token, {
      text: "Ищем Фиолетовый код",
    });
    const find = async (query: string) =>
      (
        await api("GET", `/enquiries?count=500&query=${encodeURIComponent(query)}`, support.token)
      ).body.data.map((row: { id: string }) => row.id);
    expect(await find("звук_из")).toContain(made.id);
    expect(await find("фиолетовый")).toContain(made.id);
    expect(await find("100%")).toContain(made.id);
    expect(await find("1%0")).not.toContain(made.id);
    expect(await find("звук%зала")).not.toContain(made.id);
    const clientsOwn = await api("GET", `/enquiries?clientId=${other.id}&count=500`, support.token);
    expect(clientsOwn.body.data.map((row: { id: string }) => row.id)).not.toContain(made.id);
    const open = await api("GET", "/enquiries?open=false&count=500", support.token);
    expect(
      open.body.data.every((row: { state: string }) => ["resolved", "closed"].includes(row.state)),
    ).toBe(true);
    const page = await api("GET", "/enquiries?count=1&page=0", support.token);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.totalPages).toBe(page.body.total);
    expect(page.body.data[0].id).toBe(made.id);
  });
});

describe("the message limit", () => {
  it(`refuses a flood past ${SUPPORT.messagesPerMinute} a minute with 429 and stores nothing of it`, async () => {
    const flooder = await createSignedInUser(server, { role: "role-client" });
    const made = await create(flooder, { topic: "other", text: "Раз" });
    for (let index = 1; index < SUPPORT.messagesPerMinute; index++) {
      const answer = await api("POST", `/enquiries/${made.id}/messages`, flooder.token, {
        text: `Ещё ${index}`,
      });
      expect(answer.status).toBe(201);
    }
    const before = await countRows();
    const refused = await api("POST", `/enquiries/${made.id}/messages`, flooder.token, {
      text: "Лишнее",
    });
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe("rate-limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(
      (await api("POST", "/enquiries", flooder.token, { topic: "other", text: "Новое" })).status,
    ).toBe(429);
    expect(await countRows()).toEqual(before);
    // Another person is not held by it.
    expect(
      (await api("POST", `/enquiries/${made.id}/messages`, support.token, { text: "Ответ" }))
        .status,
    ).toBe(201);
  });
});

describe("a deleted client", () => {
  it("leaves enquiries whose texts are erased", async () => {
    const gone = await createSignedInUser(server, { role: "role-client" });
    const made = await create(gone, { topic: "account", text: "Мой телефон +7 999 000-00-00" });
    const deleted = await call(server, "POST", `/auth/account/${gone.id}/delete-account`, {
      token: manager.token,
    });
    expect(deleted.status).toBe(200);
    const seen = await api("GET", `/enquiries/${made.id}`, support.token);
    expect(seen.body.client.name).toBe(MESSAGES.deletedClient);
    expect(seen.body.subject).not.toContain("999");
    expect(seen.body.events[0].text).not.toContain("999");
    const [row] = await server.app.db
      .select()
      .from(supportEnquiryEvents)
      .where(eq(supportEnquiryEvents.enquiryId, made.id));
    expect(row?.text).not.toContain("999");
  });
});
