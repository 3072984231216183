import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema.ts";
import { readyToSubscribe, tariffInput } from "../../test/clients.ts";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { addMonths } from "./subscription-transitions.ts";

let server: TestServer;
let admin: SignedInUser;
let manager: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  manager = await createSignedInUser(server, { role: "role-client-manager" });
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

async function makeTariff(overrides: Record<string, unknown> = {}) {
  const made = await call(server, "POST", "/tariff/add", {
    token: admin.token,
    body: tariffInput(overrides),
  });
  expect(made.status).toBe(201);
  return made.body as {
    id: string;
    name: string;
    features: Array<{ items: Array<{ id: string; name: string }> }>;
  };
}

/** Every item id of a tariff: [announcements (approval), second player, technician (once)]. */
function itemIdsOf(tariff: Awaited<ReturnType<typeof makeTariff>>): string[] {
  return tariff.features.flatMap((feature) => feature.items.map((item) => item.id));
}

function act(token: string, id: string, action: string, body?: unknown) {
  return call(server, "POST", `/subscription/${id}/${action}`, { token, body });
}

describe("subscribing an establishment", () => {
  it("goes pending → items decided → active → suspended → active → ended, prices kept", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const ready = await readyToSubscribe(server, client);
    const tariff = await makeTariff();
    const [announcements, secondPlayer, technician] = itemIdsOf(tariff);
    const added = await call(server, "POST", `/subscription/${client.id}/add`, {
      token: client.token,
      body: { ...ready, tariffId: tariff.id, itemIds: itemIdsOf(tariff), periodMonths: 3 },
    });
    expect(added.status).toBe(201);
    const subscription = added.body;
    expect(subscription).toMatchObject({
      state: "pending",
      price: 1490 + 500 + 300.5,
      oneTimePrice: 2000,
      totalPrice: (1490 + 500 + 300.5) * 3 + 2000,
      periodMonths: 3,
      startsAt: null,
      tariffInfo: { tariffId: tariff.id, tariffName: tariff.name, tariffType: "basic" },
      organizationInfo: { organizationId: ready.organizationId, organizationName: "ПАО Сбербанк" },
      paymentInfo: { accountId: ready.paymentMethodId, cardId: null },
      establishmentName: "Кофейня «Зерно»",
      abilities: { edit: true, activate: false, end: true, approveItems: false },
    });
    expect(subscription.items.map((item: { approval: string }) => item.approval)).toEqual([
      "pending",
      "not-required",
      "not-required",
    ]);

    // The establishment shows it, and cannot take a second one.
    const venue = await call(
      server,
      "GET",
      `/establishment/${client.id}/${ready.establishmentId}`,
      { token: client.token },
    );
    expect(venue.body.subscriptionInfo).toMatchObject({ id: subscription.id, state: "pending" });
    expect(venue.body.abilities.subscribe).toBe(false);
    const second = await call(server, "POST", `/subscription/${client.id}/add`, {
      token: client.token,
      body: { ...ready, tariffId: tariff.id, itemIds: [], periodMonths: 1 },
    });
    expect(second.status).toBe(409);
    expect(second.body.reason).toBe("У заведения уже есть подписка");

    // A client manager finds it waiting, decides the item and activates it.
    const waiting = await call(server, "GET", "/subscription/all?awaitingApproval=true&count=500", {
      token: manager.token,
    });
    expect(waiting.body.data.map((row: { id: string }) => row.id)).toContain(subscription.id);
    expect((await act(manager.token, subscription.id, "activate")).body.reason).toBe(
      "Сначала согласуйте или отклоните позиции, ожидающие согласования",
    );
    const clientDecides = await act(client.token, subscription.id, `item/${announcements}/decide`, {
      approval: "approved",
    });
    expect(clientDecides.status).toBe(403);
    const rejected = await act(manager.token, subscription.id, `item/${announcements}/decide`, {
      approval: "rejected",
    });
    expect(rejected.body.price).toBe(1490 + 300.5);
    expect(rejected.body.tariffInfo.itemIds).toEqual([secondPlayer, technician]);
    const noApproval = await act(manager.token, subscription.id, `item/${secondPlayer}/decide`, {
      approval: "approved",
    });
    expect(noApproval.status).toBe(409);
    const activated = await act(manager.token, subscription.id, "activate");
    expect(activated.body.state).toBe("active");
    const startsAt = new Date(activated.body.startsAt);
    expect(activated.body.endsAt).toBe(addMonths(startsAt, 3).toISOString());
    expect(activated.body.abilities).toMatchObject({ suspend: true, resume: false, end: true });

    // The client no longer changes or ends it; staff suspend, resume and end.
    const clientEdit = await act(client.token, subscription.id, "change", {
      ...ready,
      tariffId: tariff.id,
      itemIds: [],
      periodMonths: 1,
    });
    expect(clientEdit.status).toBe(403);
    expect((await act(client.token, subscription.id, "end")).status).toBe(403);
    expect((await act(manager.token, subscription.id, "resume")).status).toBe(409);
    expect((await act(manager.token, subscription.id, "suspend")).body.state).toBe("suspended");
    expect((await act(manager.token, subscription.id, "resume")).body.state).toBe("active");
    const ended = await act(manager.token, subscription.id, "end");
    expect(ended.body.state).toBe("ended");
    expect(ended.body.abilities).toMatchObject({ edit: false, end: false });

    // Once ended, the establishment may subscribe again.
    const again = await call(server, "POST", `/subscription/${client.id}/add`, {
      token: client.token,
      body: { ...ready, tariffId: tariff.id, itemIds: [], periodMonths: 1 },
    });
    expect(again.status).toBe(201);
    expect(again.body.price).toBe(1490);
  });

  it("ends by date: a period that is over reads as ended and frees the establishment", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const ready = await readyToSubscribe(server, client);
    const tariff = await makeTariff();
    const { body: made } = await call(server, "POST", `/subscription/${client.id}/add`, {
      token: manager.token,
      body: { ...ready, tariffId: tariff.id, itemIds: [], periodMonths: 1 },
    });
    await act(manager.token, made.id, "activate");
    await server.app.db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, made.id));
    const read = await call(server, "GET", `/subscription/${made.id}`, { token: client.token });
    expect(read.body.state).toBe("ended");
    const endedList = await call(
      server,
      "GET",
      `/subscription/all?state=ended&query=${encodeURIComponent(tariff.name)}`,
      { token: manager.token },
    );
    expect(endedList.body.data.map((row: { id: string }) => row.id)).toEqual([made.id]);
    const again = await call(server, "POST", `/subscription/${client.id}/add`, {
      token: client.token,
      body: { ...ready, tariffId: tariff.id, itemIds: [], periodMonths: 1 },
    });
    expect(again.status).toBe(201);
  });

  it("lets the client change or cancel a pending one, keeping decided approvals", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const ready = await readyToSubscribe(server, client);
    const tariff = await makeTariff();
    const [announcements, secondPlayer] = itemIdsOf(tariff);
    const { body: made } = await call(server, "POST", `/subscription/${client.id}/add`, {
      token: client.token,
      body: { ...ready, tariffId: tariff.id, itemIds: [announcements], periodMonths: 1 },
    });
    await act(manager.token, made.id, `item/${announcements}/decide`, { approval: "approved" });
    const changed = await act(client.token, made.id, "change", {
      organizationId: ready.organizationId,
      paymentMethodId: ready.paymentMethodId,
      tariffId: tariff.id,
      itemIds: [announcements, secondPlayer],
      periodMonths: 12,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ periodMonths: 12, price: 1490 + 500 + 300.5 });
    expect(changed.body.items.map((item: { approval: string }) => item.approval)).toEqual([
      "approved",
      "not-required",
    ]);
    expect(changed.body.abilities.activate).toBe(false);
    const cancelled = await act(client.token, made.id, "end");
    expect(cancelled.body.state).toBe("ended");
  });

  it("refuses someone else's venue or payer, foreign items, inactive tariffs and bad input", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const other = await createSignedInUser(server, { role: "role-client" });
    const ready = await readyToSubscribe(server, client);
    const foreign = await readyToSubscribe(server, other);
    const tariff = await makeTariff();
    const otherTariff = await makeTariff();
    const inactive = await makeTariff({ active: false });
    const base = { ...ready, tariffId: tariff.id, itemIds: [], periodMonths: 1 };
    const cases: Array<[unknown, number, string]> = [
      [{ ...base, establishmentId: foreign.establishmentId }, 404, "Заведение не найдено"],
      [
        { ...base, organizationId: foreign.organizationId },
        404,
        "Организация или способ оплаты не найдены",
      ],
      [
        { ...base, paymentMethodId: foreign.paymentMethodId },
        404,
        "Организация или способ оплаты не найдены",
      ],
      [
        { ...base, itemIds: itemIdsOf(otherTariff).slice(0, 1) },
        400,
        "Выбраны позиции, которых нет в этом тарифе",
      ],
      [{ ...base, tariffId: inactive.id }, 409, "Этот тариф больше не предлагается"],
      [{ ...base, tariffId: unknownId }, 404, "Тариф не найден"],
      [{ ...base, periodMonths: 2 }, 400, "Проверьте введённые данные"],
      [{ ...base, itemIds: "all" }, 400, "Проверьте введённые данные"],
      [{}, 400, "Проверьте введённые данные"],
    ];
    for (const [body, status, reason] of cases) {
      const answer = await call(server, "POST", `/subscription/${client.id}/add`, {
        token: client.token,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.reason).toBe(reason);
    }
    const forOther = await call(server, "POST", `/subscription/${other.id}/add`, {
      token: client.token,
      body: { ...foreign, tariffId: tariff.id, itemIds: [], periodMonths: 1 },
    });
    expect(forOther.status).toBe(403);
    const support = await createSignedInUser(server, { role: "role-support" });
    const bySupport = await call(server, "POST", `/subscription/${client.id}/add`, {
      token: support.token,
      body: base,
    });
    expect(bySupport.status).toBe(403);
    expect((await call(server, "GET", "/subscription/all", { token: client.token })).status).toBe(
      403,
    );
    expect((await call(server, "GET", "/subscription/all", { token: support.token })).status).toBe(
      403,
    );
    const mine = await call(server, "GET", `/subscription/user/${client.id}`, {
      token: client.token,
    });
    expect(mine.body.data).toEqual([]);
    const theirs = await call(server, "GET", `/subscription/user/${other.id}`, {
      token: client.token,
    });
    expect(theirs.status).toBe(403);
    expect(
      (await call(server, "GET", `/subscription/${unknownId}`, { token: manager.token })).status,
    ).toBe(404);
  });

  it("lets managers grant a subscribed client playlists under the tariff", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const ready = await readyToSubscribe(server, client);
    const tariff = await makeTariff();
    const contentManager = await createSignedInUser(server, { role: "role-content-manager" });
    const playlist = await call(server, "POST", "/music/playlist/add", {
      token: contentManager.token,
      body: { name: `Особый ${Date.now()}` },
    });
    const path = `/tariff/user/${client.id}/${tariff.id}/playlist/add`;
    const notYet = await call(server, "POST", path, {
      token: manager.token,
      body: { playlistId: playlist.body.id },
    });
    expect(notYet.status).toBe(409);
    await call(server, "POST", `/subscription/${client.id}/add`, {
      token: client.token,
      body: { ...ready, tariffId: tariff.id, itemIds: [], periodMonths: 1 },
    });
    const byClient = await call(server, "POST", path, {
      token: client.token,
      body: { playlistId: playlist.body.id },
    });
    expect(byClient.status).toBe(403);
    const granted = await call(server, "POST", path, {
      token: manager.token,
      body: { playlistId: playlist.body.id },
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      id: tariff.id,
      personalPlaylists: [{ id: playlist.body.id }],
      establishmentIds: [ready.establishmentId],
    });
    const held = await call(server, "GET", `/tariff/user/${client.id}`, { token: client.token });
    expect(held.body.data.map((row: { id: string }) => row.id)).toEqual([tariff.id]);
    const withdrawn = await call(
      server,
      "POST",
      `/tariff/user/${client.id}/${tariff.id}/playlist/${playlist.body.id}/remove`,
      { token: manager.token },
    );
    expect(withdrawn.body.personalPlaylists).toEqual([]);
  });
});

describe("addMonths", () => {
  it("keeps the day, or takes the month's last when it is shorter", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe(
      "2026-02-28T10:00:00.000Z",
    );
    expect(addMonths(new Date("2026-11-24T00:00:00Z"), 3).toISOString()).toBe(
      "2027-02-24T00:00:00.000Z",
    );
    expect(addMonths(new Date("2028-01-31T00:00:00Z"), 1).toISOString()).toBe(
      "2028-02-29T00:00:00.000Z",
    );
  });
});
