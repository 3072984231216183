import { MESSAGES } from "@fonika/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authCodes,
  establishments,
  organizations,
  paymentMethods,
  rateLimits,
  subscriptions,
} from "../../db/schema.ts";
import { LEGAL_ENTITY, readyToSubscribe, tariffInput } from "../../test/clients.ts";
import { createSignedInUser, randomIp, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { uploadFile } from "../../test/library.ts";

/**
 * Deleting a client forgets them everywhere (152-FZ): their account, and
 * what every client module keeps of them, in one transaction; staff then
 * see 'Удалённый клиент' where their names were.
 */

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

const PHONE = "79161234567";

/** A client with two venues (one with a floor plan), a payer with an account and a card, a pending and an active subscription. */
async function clientWithEverything(label: string) {
  const client = await createSignedInUser(server, {
    role: "role-client",
    profile: { lastName: `Иванова${label}`, firstName: "Анна", company: `ООО ${label}` },
  });
  const ready = await readyToSubscribe(server, client);
  const second = await call(server, "POST", `/establishment/${client.id}/add`, {
    token: client.token,
    body: { name: `Бар «${label}»`, address: "Москва, Арбат, 10" },
  });
  expect(second.status).toBe(201);
  const plan = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
  const withPlan = await uploadFile(
    server,
    `/establishment/${client.id}/${ready.establishmentId}/layout-file/add`,
    plan,
    { token: client.token, filename: "План зала.pdf", type: "application/pdf" },
  );
  expect(withPlan.status).toBe(200);
  const card = await call(
    server,
    "POST",
    `/organization/${client.id}/${ready.organizationId}/payment-method/add`,
    {
      token: client.token,
      body: { kind: "business-card", cardNumber: "4242 4242 4242 4242", holder: "ANNA IVANOVA" },
    },
  );
  expect(card.status).toBe(201);
  const tariff = await call(server, "POST", "/tariff/add", {
    token: admin.token,
    body: tariffInput(),
  });
  expect(tariff.status).toBe(201);
  const subscribe = (establishmentId: string) =>
    call(server, "POST", `/subscription/${client.id}/add`, {
      token: client.token,
      body: { ...ready, establishmentId, tariffId: tariff.body.id, itemIds: [], periodMonths: 3 },
    });
  const active = await subscribe(ready.establishmentId);
  expect(active.status).toBe(201);
  const activated = await call(server, "POST", `/subscription/${active.body.id}/activate`, {
    token: manager.token,
  });
  expect(activated.body.state).toBe("active");
  const pending = await subscribe(second.body.id);
  expect(pending.body.state).toBe("pending");
  return {
    client,
    ready,
    tariffName: tariff.body.name as string,
    establishmentIds: [ready.establishmentId, second.body.id as string],
    subscriptionIds: [active.body.id as string, pending.body.id as string],
  };
}

async function rowsOf(clientId: string) {
  const { db } = server.app;
  const venues = await db.select().from(establishments).where(eq(establishments.userId, clientId));
  const payers = await db.select().from(organizations).where(eq(organizations.userId, clientId));
  const methods = payers.length
    ? await db
        .select()
        .from(paymentMethods)
        .where(
          inArray(
            paymentMethods.organizationId,
            payers.map((payer) => payer.id),
          ),
        )
    : [];
  const subscribed = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, clientId));
  return { venues, payers, methods, subscribed };
}

describe("deleting a client", () => {
  it("forgets their venues, payers, cards and subscriptions, and staff see 'Удалённый клиент'", async () => {
    const gone = await clientWithEverything("Уходящий");
    const stays = await clientWithEverything("Остающийся");
    // A code and its counters for the client's e-mail and phone, as a sign-in leaves them.
    await call(server, "POST", "/auth/email/send-code", {
      body: { email: gone.client.email },
      headers: { "x-forwarded-for": randomIp() },
    });
    await call(server, "POST", "/auth/phone/send-code", {
      body: { phone: PHONE },
      headers: { "x-forwarded-for": randomIp() },
    });
    const layoutKey = (await rowsOf(gone.client.id)).venues.find((venue) => venue.layoutKey)
      ?.layoutKey as string;
    expect(await server.app.storage.files.exists(layoutKey)).toBe(true);
    const staysBefore = await rowsOf(stays.client.id);

    const deleted = await call(server, "POST", `/auth/account/${gone.client.id}/delete-account`, {
      token: manager.token,
    });
    expect(deleted.status).toBe(200);

    // The database: names, addresses, requisites and card holders are blank.
    const after = await rowsOf(gone.client.id);
    expect(after.venues).toHaveLength(2);
    for (const venue of after.venues) {
      expect(venue).toMatchObject({
        name: "",
        address: "",
        layoutKey: null,
        layoutName: null,
        timeZone: "Europe/Moscow",
      });
    }
    expect(await server.app.storage.files.exists(layoutKey)).toBe(false);
    expect(after.payers).toHaveLength(1);
    expect(after.payers[0]).toMatchObject({
      company: "",
      inn: "",
      kpp: null,
      ogrn: "",
      address: "",
      primary: false,
    });
    expect(after.payers[0]?.removedAt).toBeInstanceOf(Date);
    expect(after.methods).toHaveLength(2);
    for (const method of after.methods) {
      expect(method.cardHolder).toBeNull();
      expect(method.accountNumber).toBeNull();
      expect(method.removedAt).toBeInstanceOf(Date);
    }
    const held = JSON.stringify(after);
    for (const erased of [LEGAL_ENTITY.inn, LEGAL_ENTITY.company, "ANNA IVANOVA", "Зерно"]) {
      expect(held).not.toContain(erased);
    }
    // Both subscriptions ended, by the subscriptions' own rule: state and end date.
    expect(after.subscribed).toHaveLength(2);
    for (const subscription of after.subscribed) {
      expect(subscription.state).toBe("ended");
      expect(subscription.endedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    // Codes and limits never held the address.
    const codes = await server.app.db.select().from(authCodes);
    const counters = await server.app.db.select().from(rateLimits);
    const sign = JSON.stringify([codes, counters]);
    expect(sign).not.toContain(gone.client.email);
    expect(sign).not.toContain(PHONE);

    // Staff: the subscription base names the client and their venue 'Удалённый клиент'.
    const base = await call(
      server,
      "GET",
      `/subscription/all?query=${encodeURIComponent(gone.tariffName)}`,
      { token: manager.token },
    );
    expect(base.status).toBe(200);
    expect(base.body.total).toBe(2);
    for (const row of base.body.data) {
      expect(row).toMatchObject({
        userId: gone.client.id,
        clientName: MESSAGES.deletedClient,
        establishmentName: MESSAGES.deletedClient,
        organizationInfo: { organizationName: MESSAGES.deletedClient },
        state: "ended",
      });
    }
    // Nothing of theirs is found by their old name or venue any more.
    for (const query of ["Уходящий", "Зерно"]) {
      const found = await call(
        server,
        "GET",
        `/subscription/all?query=${encodeURIComponent(query)}`,
        { token: manager.token },
      );
      expect(
        found.body.data.filter((row: { userId: string }) => row.userId === gone.client.id),
      ).toEqual([]);
    }
    // A venue opened by staff (from the subscription base).
    const venue = await call(
      server,
      "GET",
      `/establishment/${gone.client.id}/${gone.establishmentIds[0]}`,
      { token: admin.token },
    );
    expect(venue.status).toBe(200);
    expect(venue.body).toMatchObject({
      name: MESSAGES.deletedClient,
      address: "",
      layoutFile: null,
      subscriptionInfo: null,
    });
    // The client base lists deleted accounts only when asked, erased.
    const listed = await call(server, "GET", "/personal-info/users?status=deleted&count=500", {
      token: admin.token,
    });
    expect(listed.status).toBe(200);
    const row = listed.body.data.find(
      (profile: { userId: string }) => profile.userId === gone.client.id,
    );
    expect(row).toMatchObject({
      status: "deleted",
      login: "",
      lastName: null,
      firstName: null,
      company: null,
    });
    const everyone = await call(server, "GET", "/personal-info/users?count=500", {
      token: admin.token,
    });
    expect(
      everyone.body.data.some((profile: { userId: string }) => profile.userId === gone.client.id),
    ).toBe(false);

    // The other client's data is untouched.
    const staysAfter = await rowsOf(stays.client.id);
    expect(staysAfter).toEqual(staysBefore);
    const theirs = await call(server, "GET", `/subscription/user/${stays.client.id}`, {
      token: manager.token,
    });
    expect(
      theirs.body.data.map((subscription: { state: string }) => subscription.state).sort(),
    ).toEqual(["active", "pending"]);
    expect(theirs.body.data[0].clientName).toBe("ИвановаОстающийся Анна");
  });

  it("is one transaction: when a module fails to forget, nothing is erased and no file goes", async () => {
    const { client, ready, subscriptionIds } = await clientWithEverything("Сбой");
    const before = await rowsOf(client.id);
    const layoutKey = before.venues.find((venue) => venue.layoutKey)?.layoutKey as string;
    // The establishments are forgotten last; make the database refuse it for this client.
    const { db } = server.app;
    await db.execute(
      sql.raw(`create function refuse_forgetting() returns trigger language plpgsql
        as $$ begin raise exception 'refused for the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_forgetting before update on establishments for each row
        when (old.user_id = '${client.id}' and new.name = '') execute function refuse_forgetting()`),
    );
    try {
      const deleted = await call(server, "POST", `/auth/account/${client.id}/delete-account`, {
        token: admin.token,
      });
      expect(deleted.status).toBe(500);
    } finally {
      await db.execute(sql.raw("drop trigger refuse_forgetting on establishments"));
      await db.execute(sql.raw("drop function refuse_forgetting()"));
    }
    expect(await rowsOf(client.id)).toEqual(before);
    expect(await server.app.storage.files.exists(layoutKey)).toBe(true);
    const profile = await call(server, "GET", `/personal-info/${client.id}`, {
      token: admin.token,
    });
    expect(profile.body).toMatchObject({ status: "active", email: client.email });
    expect(before.subscribed.map((row) => row.id).sort()).toEqual([...subscriptionIds].sort());
    expect(ready.organizationId).toBe(before.payers[0]?.id);
  });

  it("deletes a client with nothing but the account, and a second time changes nothing", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    for (let time = 0; time < 2; time++) {
      const deleted = await call(server, "POST", `/auth/account/${client.id}/delete-account`, {
        token: admin.token,
      });
      expect(deleted.status).toBe(200);
    }
    const { venues, payers, subscribed } = await rowsOf(client.id);
    expect([venues, payers, subscribed]).toEqual([[], [], []]);
  });

  it("answers a bad status filter with 400 and a bad id with 400, deleting nothing", async () => {
    const client = await clientWithEverything("Проверка");
    const badFilter = await call(server, "GET", "/personal-info/users?status=erased", {
      token: admin.token,
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.type).toBe("validation-error");
    const badId = await call(server, "POST", "/auth/account/not-a-uuid/delete-account", {
      token: admin.token,
    });
    expect(badId.status).toBe(400);
    const { venues, subscribed } = await rowsOf(client.client.id);
    expect(venues.map((venue) => venue.name)).toContain("Кофейня «Зерно»");
    expect(subscribed.every((subscription) => subscription.state !== "ended")).toBe(true);
  });
});
