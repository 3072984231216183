import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIK, ENTREPRENEUR, LEGAL_ENTITY, SETTLEMENT_ACCOUNTS } from "../../test/clients.ts";
import { createSignedInUser, createUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

const legal = LEGAL_ENTITY;
const entrepreneur = ENTREPRENEUR;
const bik = BIK;
const accounts = SETTLEMENT_ACCOUNTS;

function organizationInfo(token: string, userId: string, body?: unknown) {
  return body === undefined
    ? call(server, "GET", `/personal-info/organization-info/${userId}`, { token })
    : call(server, "POST", `/personal-info/organization-info/${userId}/change`, { token, body });
}

describe("organization-info", () => {
  it("is filled in, read and changed by its client, with real requisites", async () => {
    const client = await createSignedInUser(server, { role: "wait-activation" });
    const before = await organizationInfo(client.token, client.id);
    expect(before.status).toBe(404);
    expect(before.body.reason).toBe("Данные организации ещё не заполнены");

    const filled = await organizationInfo(client.token, client.id, legal);
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({
      ...legal,
      userId: client.id,
      primary: true,
      accounts: [],
      cards: [],
      abilities: { edit: true, remove: true },
    });
    const changed = await organizationInfo(client.token, client.id, entrepreneur);
    expect(changed.body).toMatchObject({ ...entrepreneur, kpp: null, id: filled.body.id });
    const read = await organizationInfo(client.token, client.id);
    expect(read.body.company).toBe(entrepreneur.company);
    // Legal info names it as SPEC.md §3 does too.
    expect(read.body.companyName).toBe(entrepreneur.company);
  });

  it("names the wrong requisite in Russian and changes nothing", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    await organizationInfo(client.token, client.id, legal);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...legal, inn: "7707083894" }, "Неверное контрольное число ИНН"],
      [{ ...legal, inn: "770708389" }, "ИНН юридического лица состоит из 10 цифр"],
      [{ ...legal, inn: "77070838AB" }, "ИНН юридического лица состоит из 10 цифр"],
      [
        { ...entrepreneur, inn: "7707083893" },
        "ИНН индивидуального предпринимателя состоит из 12 цифр",
      ],
      [{ ...legal, ogrn: "1027700132196" }, "ОГРН"],
      [{ ...entrepreneur, ogrn: "304500116000158" }, "ОГРНИП"],
      [{ ...legal, ogrn: "304500116000157" }, "ОГРН"],
      [{ ...legal, kpp: "77360100" }, "КПП"],
      [{ ...legal, kpp: undefined }, "КПП"],
    ];
    for (const [body, named] of cases) {
      const answer = await organizationInfo(client.token, client.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.type).toBe("validation-error");
      expect(answer.body.reason, JSON.stringify(body)).toContain(named);
    }
    for (const body of [{}, { ...legal, company: "" }, { ...legal, type: "company" }]) {
      const answer = await organizationInfo(client.token, client.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const read = await organizationInfo(client.token, client.id);
    expect(read.body).toMatchObject(legal);
  });

  it("is read by staff, changed by managers, and closed to other clients", async () => {
    const client = await createUser(server, { role: "role-client" });
    const other = await createSignedInUser(server, { role: "role-client" });
    const manager = await createSignedInUser(server, { role: "role-client-manager" });
    const support = await createSignedInUser(server, { role: "role-support" });
    const content = await createSignedInUser(server, { role: "role-content-manager" });
    expect((await organizationInfo(manager.token, client.id, legal)).status).toBe(200);
    const bySupport = await organizationInfo(support.token, client.id);
    expect(bySupport.status).toBe(200);
    expect(bySupport.body.abilities).toEqual({ edit: false, remove: false });
    expect((await organizationInfo(support.token, client.id, entrepreneur)).status).toBe(403);
    expect((await organizationInfo(other.token, client.id)).status).toBe(403);
    expect((await organizationInfo(other.token, client.id, entrepreneur)).status).toBe(403);
    expect((await organizationInfo(content.token, client.id)).status).toBe(403);
    const onStaff = await organizationInfo(manager.token, support.id, legal);
    expect(onStaff.status).toBe(404);
    expect((await organizationInfo(manager.token, client.id)).body.company).toBe(legal.company);
  });
});

describe("legal list", () => {
  it("holds several organizations with settlement accounts and masked cards", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const base = `/organization/${client.id}`;
    const first = await call(server, "POST", `${base}/add`, { token: client.token, body: legal });
    expect(first.status).toBe(201);
    expect(first.body.primary).toBe(true);
    const second = await call(server, "POST", `${base}/add`, {
      token: client.token,
      body: entrepreneur,
    });
    expect(second.body.primary).toBe(false);
    const duplicate = await call(server, "POST", `${base}/add`, {
      token: client.token,
      body: legal,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.reason).toBe("Организация с таким ИНН уже добавлена");

    const account = await call(server, "POST", `${base}/${first.body.id}/payment-method/add`, {
      token: client.token,
      body: { kind: "settlement-account", bik, accountNumber: accounts[0], bankName: "Сбербанк" },
    });
    expect(account.status).toBe(201);
    expect(account.body.accounts).toEqual([
      { id: expect.any(String), bik, accountNumber: accounts[0], bankName: "Сбербанк" },
    ]);
    const card = await call(server, "POST", `${base}/${first.body.id}/payment-method/add`, {
      token: client.token,
      body: { kind: "business-card", cardNumber: "4242 4242 4242 4242", holder: "IVANOVA" },
    });
    expect(card.status).toBe(201);
    expect(card.body.cards).toEqual([
      {
        id: expect.any(String),
        maskedNumber: expect.stringMatching(/4242$/),
        lastFour: "4242",
        holder: "IVANOVA",
      },
    ]);
    // The full number is nowhere in the answer.
    expect(JSON.stringify(card.body)).not.toContain("4242424242424242");

    const list = await call(server, "GET", `${base}/all`, { token: client.token });
    expect(list.body.data.map((row: { company: string }) => row.company)).toEqual([
      legal.company,
      entrepreneur.company,
    ]);

    const removedCard = await call(
      server,
      "POST",
      `${base}/${first.body.id}/payment-method/${card.body.cards[0].id}/remove`,
      { token: client.token },
    );
    expect(removedCard.body.cards).toEqual([]);
    const removed = await call(server, "POST", `${base}/${first.body.id}/remove`, {
      token: client.token,
    });
    expect(removed.status).toBe(200);
    // The remaining organization becomes the profile's own.
    const info = await organizationInfo(client.token, client.id);
    expect(info.body).toMatchObject({ id: second.body.id, primary: true });
  });

  it("checks the account against the BIK and the card by Luhn, adding nothing wrong", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const base = `/organization/${client.id}`;
    const { body: organization } = await call(server, "POST", `${base}/add`, {
      token: client.token,
      body: legal,
    });
    const path = `${base}/${organization.id}/payment-method/add`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: "settlement-account", bik, accountNumber: "40702810300000000001" }, "БИК"],
      [{ kind: "settlement-account", bik, accountNumber: "4070281020000000000" }, "20 цифр"],
      [{ kind: "settlement-account", bik: "04452522", accountNumber: accounts[0] }, "БИК"],
      [{ kind: "business-card", cardNumber: "4242 4242 4242 4241" }, "карт"],
      [{ kind: "business-card", cardNumber: "1234" }, "карт"],
      [{ kind: "cash" }, "Проверьте введённые данные"],
    ];
    for (const [body, named] of cases) {
      const answer = await call(server, "POST", path, { token: client.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.reason, JSON.stringify(body)).toContain(named);
    }
    const other = await createSignedInUser(server, { role: "role-client" });
    const foreign = await call(server, "POST", path, {
      token: other.token,
      body: { kind: "settlement-account", bik, accountNumber: accounts[0] },
    });
    expect(foreign.status).toBe(403);
    const underOwnId = await call(
      server,
      "POST",
      `/organization/${other.id}/${organization.id}/payment-method/add`,
      { token: other.token, body: { kind: "settlement-account", bik, accountNumber: accounts[0] } },
    );
    expect(underOwnId.status).toBe(404);
    const unknown = await call(server, "POST", `${base}/${unknownId}/remove`, {
      token: client.token,
    });
    expect(unknown.status).toBe(404);
    const list = await call(server, "GET", `${base}/all`, { token: client.token });
    expect(list.body.data[0]).toMatchObject({ accounts: [], cards: [] });
  });
});
