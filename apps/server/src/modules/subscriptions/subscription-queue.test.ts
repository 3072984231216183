import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { subscriptions, users } from "../../db/schema.ts";
import { ENTREPRENEUR, readyToSubscribe, tariffInput } from "../../test/clients.ts";
import {
  createSignedInUser,
  createUser,
  readUser,
  type SignedInUser,
  setUserStatus,
  signIn,
  uniqueEmail,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { connect, type SocketClient } from "../../test/socket-client.ts";

/**
 * Staff's queue of pending subscriptions (issue 28) on the real server:
 * oldest first, counted, told on the socket to client managers and admins
 * and mailed to client managers when one comes; the owner's screens hear
 * every move staff make; other roles are refused and change nothing.
 */

let server: TestServer;
let admin: SignedInUser;
let manager: SignedInUser;
let otherManager: SignedInUser;
let support: SignedInUser;
let content: SignedInUser;
let blockedManagerEmail: string;
let tariff: { id: string; name: string };
const open: SocketClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, otherManager, support, content] = await Promise.all([
    createSignedInUser(server, { role: "role-admin" }),
    createSignedInUser(server, {
      role: "role-client-manager",
      profile: { lastName: "Менеджерова", firstName: "Ольга" },
    }),
    createSignedInUser(server, { role: "role-client-manager" }),
    createSignedInUser(server, { role: "role-support" }),
    createSignedInUser(server, { role: "role-content-manager" }),
  ]);
  const blocked = await createUser(server, { role: "role-client-manager", status: "blocked" });
  blockedManagerEmail = blocked.email ?? "";
  const made = await call(server, "POST", "/tariff/add", {
    token: admin.token,
    body: tariffInput({ features: [] }),
  });
  expect(made.status).toBe(201);
  tariff = made.body;
});

afterAll(async () => {
  for (const socket of open) socket.socket.close();
  await server?.close();
});

/** A client with a venue «Кофейня «Зерно»» and a payer (ПАО Сбербанк, settlement account). */
async function newClient(lastName = "Клиентова") {
  const client = await createSignedInUser(server, {
    role: "role-client",
    profile: { lastName, firstName: "Анна" },
  });
  return { client, ready: await readyToSubscribe(server, client) };
}

/** Subscribes the client's venue to the tariff, by `token` (the client's own by default). */
async function subscribe(subscriber: Awaited<ReturnType<typeof newClient>>, token?: string) {
  const { client, ready } = subscriber;
  const added = await call(server, "POST", `/subscription/${client.id}/add`, {
    token: token ?? client.token,
    body: { ...ready, tariffId: tariff.id, itemIds: [], periodMonths: 3 },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body as { id: string; state: string; createdAt: string };
}

function act(token: string, id: string, action: string) {
  return call(server, "POST", `/subscription/${id}/${action}`, { token });
}

/** The queue as a client manager's screen reads it: pending, oldest first. */
async function queue(token = manager.token) {
  return call(server, "GET", "/subscription/all?state=pending&order=oldest-first&count=500", {
    token,
  });
}

/** The badge's figure: the queue's total, read with a page of one. */
async function pendingCount(): Promise<number> {
  const answer = await call(server, "GET", "/subscription/all?state=pending&count=1", {
    token: manager.token,
  });
  expect(answer.status).toBe(200);
  expect(answer.body.data.length).toBeLessThanOrEqual(1);
  return answer.body.total;
}

/** A socket that has answered a ping: admitted to its rooms. */
async function socketOf(user: SignedInUser): Promise<SocketClient> {
  const socket = await connect(server, user.token);
  open.push(socket);
  socket.send({ type: "ping" });
  expect(await socket.next()).toEqual({ type: "pong" });
  return socket;
}

/** Proves the socket holds nothing more: its next message is the pong of a ping sent now. */
async function expectNothingMore(socket: SocketClient) {
  socket.send({ type: "ping" });
  expect(await socket.next()).toEqual({ type: "pong" });
}

/** The mails sent to an address so far (without SMTP_URL each is a log line). */
function mailsTo(address: string): Array<{ subject: string; text: string }> {
  return server.logs
    .filter((entry) => entry.channel === "email" && entry.to === address && "subject" in entry)
    .map((entry) => ({ subject: String(entry.subject), text: String(entry.text) }));
}

const ids = (answer: { body: { data: Array<{ id: string }> } }) =>
  answer.body.data.map((row) => row.id);

describe("the queue of pending subscriptions", () => {
  it("lists the pending ones oldest first with what a manager checks, counts them, and leaves the others out", async () => {
    const before = await pendingCount();
    const first = await subscribe(await newClient());
    const activated = await subscribe(await newClient());
    const waitedLongest = await subscribe(await newClient());
    const last = await subscribe(await newClient());
    expect(await pendingCount()).toBe(before + 4);
    expect((await act(manager.token, activated.id, "activate")).status).toBe(200);
    // Made last but waiting longest (an hour): the order is by when it came, not by insertion.
    await server.app.db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(subscriptions.id, waitedLongest.id));

    const ours = new Set([first.id, activated.id, waitedLongest.id, last.id]);
    const oldestFirst = await queue();
    expect(oldestFirst.status).toBe(200);
    expect(ids(oldestFirst).filter((id) => ours.has(id))).toEqual([
      waitedLongest.id,
      first.id,
      last.id,
    ]);
    expect(oldestFirst.body.total).toBe(before + 3);
    expect(await pendingCount()).toBe(before + 3);
    const createdTimes = oldestFirst.body.data.map((row: { createdAt: string }) => row.createdAt);
    expect([...createdTimes].sort()).toEqual(createdTimes);
    // The base without an order stays newest first.
    const base = await call(server, "GET", "/subscription/all?state=pending&count=500", {
      token: manager.token,
    });
    expect(ids(base).filter((id) => ours.has(id))).toEqual([last.id, first.id, waitedLongest.id]);

    // A row holds what the list shows: client, venue, tariff, payer, price, and «Активировать».
    const row = oldestFirst.body.data.find(
      (candidate: { id: string }) => candidate.id === first.id,
    );
    expect(row).toMatchObject({
      state: "pending",
      clientName: "Клиентова Анна",
      establishmentName: "Кофейня «Зерно»",
      tariffInfo: { tariffId: tariff.id, tariffName: tariff.name },
      organizationInfo: { organizationName: "ПАО Сбербанк" },
      price: 1490,
      periodMonths: 3,
      abilities: { activate: true },
    });

    const adminQueue = await queue(admin.token);
    expect(ids(adminQueue).filter((id) => ours.has(id))).toEqual(
      ids(oldestFirst).filter((id) => ours.has(id)),
    );
    const badOrder = await call(server, "GET", "/subscription/all?order=sideways", {
      token: manager.token,
    });
    expect(badOrder.status).toBe(400);
  });
});

describe("news of subscriptions", () => {
  it("tells client managers and admins on the socket and mails active client managers when one comes, and no one else", async () => {
    const subscriber = await newClient("Новикова");
    const stranger = await newClient("Посторонняя");
    const [managerSocket, adminSocket, ownerSocket, supportSocket, contentSocket, strangerSocket] =
      await Promise.all([
        socketOf(manager),
        socketOf(admin),
        socketOf(subscriber.client),
        socketOf(support),
        socketOf(content),
        socketOf(stranger.client),
      ]);

    const made = await subscribe(subscriber);
    const told = {
      type: "subscriptionChanged",
      subscriptionId: made.id,
      event: "created",
      state: "pending",
      userId: subscriber.client.id,
      establishmentId: subscriber.ready.establishmentId,
      clientName: "Новикова Анна",
      establishmentName: "Кофейня «Зерно»",
      authorId: subscriber.client.id,
    };
    for (const socket of [managerSocket, adminSocket, ownerSocket]) {
      expect(await socket.next()).toEqual(told);
      await expectNothingMore(socket);
    }
    for (const socket of [supportSocket, contentSocket, strangerSocket]) {
      await expectNothingMore(socket);
    }

    // Every active client manager gets one mail; admins, blocked managers and the client none.
    await vi.waitFor(() => {
      expect(mailsTo(manager.email).filter((mail) => mail.text.includes("Новикова"))).toHaveLength(
        1,
      );
      expect(
        mailsTo(otherManager.email).filter((mail) => mail.text.includes("Новикова")),
      ).toHaveLength(1);
    });
    const [mail] = mailsTo(manager.email).filter((candidate) =>
      candidate.text.includes("Новикова"),
    );
    expect(mail?.subject).toBe("Новая подписка ждёт подключения: Кофейня «Зерно»");
    expect(mail?.text).toContain(
      `Новикова Анна подписал заведение «Кофейня «Зерно»» на тариф «${tariff.name}».`,
    );
    expect(mail?.text).toContain("Плательщик: ПАО Сбербанк, расчётный счёт.");
    expect(mail?.text).toMatch(/Стоимость: 1\s490,00\s₽ в месяц, период 3 месяца\./);
    expect(mail?.text).toContain(`${server.config.publicUrl}/subscription-base`);
    expect(mailsTo(admin.email).filter((candidate) => candidate.text.includes("Новикова"))).toEqual(
      [],
    );
    expect(mailsTo(blockedManagerEmail)).toEqual([]);
    expect(mailsTo(subscriber.client.email)).toEqual([]);

    // A manager who subscribes a client themselves is not mailed of their own doing.
    const byStaff = await newClient("Заказова");
    await subscribe(byStaff, manager.token);
    await vi.waitFor(() =>
      expect(
        mailsTo(otherManager.email).filter((candidate) => candidate.text.includes("Заказова")),
      ).toHaveLength(1),
    );
    expect(
      mailsTo(manager.email).filter((candidate) => candidate.text.includes("Заказова")),
    ).toEqual([]);
    expect(await managerSocket.next()).toMatchObject({
      type: "subscriptionChanged",
      event: "created",
      authorId: manager.id,
    });
  });

  it("tells the owner's screens and staff's of every move staff make", async () => {
    const subscriber = await newClient();
    const made = await subscribe(subscriber);
    const [ownerSocket, managerSocket] = await Promise.all([
      socketOf(subscriber.client),
      socketOf(otherManager),
    ]);

    const moves: Array<[string, string, string]> = [
      ["activate", "activated", "active"],
      ["suspend", "suspended", "suspended"],
      ["resume", "resumed", "active"],
      ["end", "ended", "ended"],
    ];
    for (const [action, event, state] of moves) {
      expect((await act(manager.token, made.id, action)).status).toBe(200);
      const expected = {
        type: "subscriptionChanged",
        subscriptionId: made.id,
        event,
        state,
        userId: subscriber.client.id,
        establishmentId: subscriber.ready.establishmentId,
        authorId: manager.id,
      };
      expect(await ownerSocket.next()).toMatchObject(expected);
      expect(await managerSocket.next()).toMatchObject(expected);
      await expectNothingMore(ownerSocket);
    }
    // What the owner's page reads on hearing it is already the new state.
    const venue = await call(
      server,
      "GET",
      `/establishment/${subscriber.client.id}/${subscriber.ready.establishmentId}`,
      { token: subscriber.client.token },
    );
    expect(venue.body.subscriptionInfo).toBeNull();
  });

  it("tells of a period that ran out as ended, by no one", async () => {
    const subscriber = await newClient();
    const made = await subscribe(subscriber);
    expect((await act(manager.token, made.id, "activate")).status).toBe(200);
    const ownerSocket = await socketOf(subscriber.client);
    await server.app.db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.id, made.id));
    // The endings job looks again whenever who may hear what changes.
    await server.app.bus.publish({ kind: "music-access-changed", rooms: [] });
    expect(await ownerSocket.next()).toMatchObject({
      type: "subscriptionChanged",
      subscriptionId: made.id,
      event: "ended",
      state: "ended",
      establishmentName: "Кофейня «Зерно»",
      authorId: null,
    });
  });
});

describe("who may work the queue", () => {
  it("refuses the queue and activation to clients, support and content managers, changing nothing", async () => {
    const subscriber = await newClient();
    const made = await subscribe(subscriber);
    const managerSocket = await socketOf(manager);
    const count = await pendingCount();

    for (const who of [subscriber.client, support, content]) {
      expect((await queue(who.token)).status).toBe(403);
      expect((await act(who.token, made.id, "activate")).status).toBe(403);
      expect((await act(who.token, made.id, "suspend")).status).toBe(403);
    }
    expect((await call(server, "GET", "/subscription/all?state=pending")).status).toBe(401);
    expect((await call(server, "POST", `/subscription/${made.id}/activate`)).status).toBe(401);

    const [row] = await server.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, made.id));
    expect(row).toMatchObject({ state: "pending", startsAt: null, endsAt: null });
    expect(await pendingCount()).toBe(count);
    await expectNothingMore(managerSocket);
  });
});

/**
 * A newcomer's path through the API as the cabinet walks it (issue 28): the
 * profile's requisites and a venue while filling in the profile, the
 * profile, then, waiting for activation, a card and a subscription.
 */
async function newcomerSubscribed() {
  const email = uniqueEmail("newcomer");
  const first = await signIn(server, email);
  const userId = decodeJwt(first.token).sub as string;
  const requisites = await call(
    server,
    "POST",
    `/personal-info/organization-info/${userId}/change`,
    { token: first.token, body: ENTREPRENEUR },
  );
  expect(requisites.status, JSON.stringify(requisites.body)).toBe(200);
  const venue = await call(server, "POST", `/establishment/${userId}/add`, {
    token: first.token,
    body: { name: "Кофейня «Первая»", address: "Екатеринбург, ул. Ленина, 1" },
  });
  expect(venue.status, JSON.stringify(venue.body)).toBe(201);
  const profile = await call(server, "POST", "/personal-info/create", {
    token: first.token,
    body: { type: "individual", lastName: "Орлова", firstName: "Анна", agreement: true },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const refreshed = await call(server, "POST", "/auth/refresh-token", {
    body: { refreshToken: first.refreshToken },
  });
  const token: string = refreshed.body.token;
  expect(decodeJwt(token).authority).toEqual(["wait-activation"]);
  const card = await call(
    server,
    "POST",
    `/organization/${userId}/${requisites.body.id}/payment-method/add`,
    { token, body: { kind: "business-card", cardNumber: "4111111111111111" } },
  );
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  const offered = await call(server, "GET", "/tariff", { token });
  expect(offered.status).toBe(200);
  expect(offered.body.data.map((row: { id: string }) => row.id)).toContain(tariff.id);
  const subscribed = await call(server, "POST", `/subscription/${userId}/add`, {
    token,
    body: {
      establishmentId: venue.body.id,
      tariffId: tariff.id,
      itemIds: [],
      organizationId: requisites.body.id,
      paymentMethodId: card.body.cards[0].id,
      periodMonths: 1,
    },
  });
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
  return { userId, token, subscriptionId: subscribed.body.id as string };
}

/** The queue's row of this subscription, as `token` reads the queue. */
async function queueRow(subscriptionId: string, token = manager.token) {
  const answer = await queue(token);
  expect(answer.status).toBe(200);
  return answer.body.data.find((row: { id: string }) => row.id === subscriptionId);
}

describe("a client still waiting for activation (issue 28)", () => {
  it("sets up a venue, a card and a subscription while waiting; the queue says so and offers the account's activation with it", async () => {
    const newcomer = await newcomerSubscribed();

    expect(await queueRow(newcomer.subscriptionId)).toMatchObject({
      userId: newcomer.userId,
      clientName: "Орлова Анна",
      clientState: "wait-activation",
      state: "pending",
      abilities: { activate: true, activateClient: true },
    });
    expect(await queueRow(newcomer.subscriptionId, admin.token)).toMatchObject({
      clientState: "wait-activation",
      abilities: { activate: true, activateClient: true },
    });
    // The owner reads the same state, and may activate nothing.
    const own = await call(server, "GET", `/subscription/${newcomer.subscriptionId}`, {
      token: newcomer.token,
    });
    expect(own.body).toMatchObject({
      clientState: "wait-activation",
      abilities: { activate: false, activateClient: false },
    });
    // Support reads a client's subscriptions, activates neither.
    const read = await call(server, "GET", `/subscription/user/${newcomer.userId}`, {
      token: support.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data[0]).toMatchObject({
      clientState: "wait-activation",
      abilities: { activate: false, activateClient: false },
    });

    // The queue's one tap: the account, then the subscription.
    const activated = await call(server, "POST", `/auth/role/${newcomer.userId}/change`, {
      token: manager.token,
      body: { newRole: "role-client" },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(await queueRow(newcomer.subscriptionId)).toMatchObject({
      clientState: "active",
      abilities: { activate: true, activateClient: false },
    });
    expect((await act(manager.token, newcomer.subscriptionId, "activate")).status).toBe(200);
    expect(await queueRow(newcomer.subscriptionId)).toBeUndefined();
  });

  it("tells a newcomer still filling in the profile, and a blocked client, apart from a waiting one", async () => {
    const filling = await newClient("Заполняющая");
    const fillingMade = await subscribe(filling);
    await server.app.db
      .update(users)
      .set({ authority: ["edit-personal-info"] })
      .where(eq(users.id, filling.client.id));
    const blocked = await newClient("Заблокированная");
    const blockedMade = await subscribe(blocked);
    await setUserStatus(server, blocked.client.id, "blocked");
    const active = await newClient("Активная");
    const activeMade = await subscribe(active);

    expect(await queueRow(fillingMade.id)).toMatchObject({
      clientState: "edit-personal-info",
      abilities: { activateClient: false },
    });
    expect(await queueRow(blockedMade.id)).toMatchObject({
      clientState: "blocked",
      abilities: { activateClient: false },
    });
    expect(await queueRow(activeMade.id)).toMatchObject({
      clientState: "active",
      abilities: { activate: true, activateClient: false },
    });
  });

  it("refuses the account's activation to the client, support and content managers and to bad input, changing nothing", async () => {
    const newcomer = await newcomerSubscribed();
    const stranger = await createSignedInUser(server, { role: "role-client" });
    for (const who of [newcomer, stranger, support, content]) {
      const refused = await call(server, "POST", `/auth/role/${newcomer.userId}/change`, {
        token: who.token,
        body: { newRole: "role-client" },
      });
      expect(refused.status).toBe(403);
    }
    for (const body of [{}, { newRole: "role-superuser" }, { newRole: 7 }]) {
      const bad = await call(server, "POST", `/auth/role/${newcomer.userId}/change`, {
        token: manager.token,
        body,
      });
      expect(bad.status).toBe(400);
    }
    const badQueue = await call(server, "GET", "/subscription/all?state=waiting", {
      token: manager.token,
    });
    expect(badQueue.status).toBe(400);

    expect((await readUser(server, newcomer.userId))?.authority).toEqual(["wait-activation"]);
    expect(await queueRow(newcomer.subscriptionId)).toMatchObject({
      clientState: "wait-activation",
      state: "pending",
      abilities: { activateClient: true },
    });
  });
});
