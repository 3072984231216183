import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { leads } from "../../db/schema.ts";
import { createSignedInUser, signIn, uniqueEmail } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";

/** A real webhook receiver on 127.0.0.1 whose answers each test chooses. */
interface Webhook {
  url: string;
  received: Array<{ headers: IncomingMessage["headers"]; body: unknown }>;
  /** Statuses of the next answers, in order; 200 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

async function startWebhook(): Promise<Webhook> {
  const webhook: Omit<Webhook, "url" | "close"> = { received: [], answers: [] };
  const httpServer: Server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      webhook.received.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
      });
      response.statusCode = webhook.answers.shift() ?? 200;
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    ...webhook,
    get received() {
      return webhook.received;
    },
    get answers() {
      return webhook.answers;
    },
    set answers(value) {
      webhook.answers = value;
    },
    url: `http://127.0.0.1:${port}/amo/leads`,
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };
}

/** Waits until `read` answers something (what the forwarder does happens in the background). */
function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000) {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (value === undefined) throw new Error("condition not met yet");
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

const adminEmail = uniqueEmail("admin");
let server: TestServer;
let webhook: Webhook;
let adminToken: string;
let ipCounter = 0;

/** Each call comes from its own address so that the per-IP limit stays out of the way. */
function freshIp(): string {
  ipCounter++;
  return `192.0.2.${ipCounter}`;
}

function sendForm(body: unknown, ip = freshIp()) {
  return call(server, "POST", "/integration/amo/form", {
    body,
    headers: { "x-forwarded-for": ip },
  });
}

const form = { name: "Анна Петрова", phone: "+7 (999) 123-45-67", company: "Кофейня «Зёрна»" };
/** `form.phone` as stored and forwarded (normalizePhone). */
const storedPhone = "79991234567";

beforeAll(async () => {
  webhook = await startWebhook();
  server = await startTestServer({ AMO_WEBHOOK_URL: webhook.url, ADMIN_EMAIL: adminEmail });
  adminToken = (await signIn(server, adminEmail)).token;
});

afterAll(async () => {
  await server?.close();
  await webhook?.close();
});

beforeEach(() => {
  webhook.received.length = 0;
  webhook.answers = [];
});

async function readLead(id: string) {
  const [row] = await server.app.db.select().from(leads).where(eq(leads.id, id));
  return row;
}

describe("POST /integration/amo/form", () => {
  it("stores the lead, answers 201 {id} and forwards the exact JSON to the webhook", async () => {
    const sent = await sendForm(form, "198.51.100.7");
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(String) });
    const id = sent.body.id as string;

    const delivered = await waitFor(() => webhook.received.at(0));
    const row = await readLead(id);
    expect(delivered.headers["content-type"]).toBe("application/json");
    expect(delivered.body).toEqual({
      id,
      name: form.name,
      phone: storedPhone,
      company: form.company,
      createdAt: row?.createdAt.toISOString(),
      source: "landing",
    });
    const forwarded = await waitFor(async () => {
      const current = await readLead(id);
      return current?.status === "forwarded" ? current : undefined;
    });
    expect(forwarded).toMatchObject({ attempts: 1, lastError: null, ip: "198.51.100.7" });
    expect(forwarded.forwardedAt).toBeInstanceOf(Date);
  });

  it("retries a webhook that fails until it answers 2xx", async () => {
    webhook.answers = [500];
    const sent = await sendForm({ ...form, name: "Повтор" });
    expect(sent.status).toBe(201);
    const id = sent.body.id as string;

    const failing = await waitFor(async () => {
      const row = await readLead(id);
      return row?.status === "failing" ? row : undefined;
    });
    expect(failing).toMatchObject({ attempts: 1, lastError: "Webhook answered HTTP 500" });
    expect(failing.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());

    // The first retry comes 5 s later, found by the forwarder's 5-second poll.
    const forwarded = await waitFor(async () => {
      const row = await readLead(id);
      return row?.status === "forwarded" ? row : undefined;
    }, 20_000);
    expect(forwarded).toMatchObject({ attempts: 2, lastError: null });
    expect(webhook.received.map((entry) => (entry.body as { id: string }).id)).toEqual([id, id]);
  });

  it.each([
    ["a missing field", { name: "Анна", phone: "+79991234567" }],
    ["a too long name", { ...form, name: "я".repeat(201) }],
    ["a wrong phone", { ...form, phone: "позвоните мне" }],
    ["a name of 2 characters", { ...form, name: "Ян" }],
    ["a name of 2 characters padded with spaces", { ...form, name: "  Ян  " }],
    ["a company of 2 characters", { ...form, company: "ИП" }],
    ["an empty company", { ...form, company: "   " }],
  ])("refuses %s with 400 validation-error and stores nothing", async (_, body) => {
    const before = await server.app.db.$count(leads);
    const sent = await sendForm(body);
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ type: "validation-error", reason: expect.any(String) });
    expect(await server.app.db.$count(leads)).toBe(before);
  });

  it("stores the phone normalized to 11 digits, as sign-in does", async () => {
    const sent = await sendForm({ ...form, phone: "8 (916) 123-45-67" });
    expect(sent.status).toBe(201);
    expect(await readLead(sent.body.id)).toMatchObject({ phone: "79161234567" });
  });

  it("accepts a name of exactly the minimum length", async () => {
    const sent = await sendForm({ ...form, name: "Яна" });
    expect(sent.status).toBe(201);
    expect(await readLead(sent.body.id)).toMatchObject({ name: "Яна" });
  });

  it("refuses a phone without digits with 'Некорректный номер телефона' and stores nothing", async () => {
    const before = await server.app.db.$count(leads);
    for (const phone of ["----------", "+7 (999) 123-45", "+1 (999) 123-45-67"]) {
      const sent = await sendForm({ ...form, phone });
      expect(sent.status, phone).toBe(400);
      expect(sent.body, phone).toMatchObject({
        type: "validation-error",
        reason: "Некорректный номер телефона",
      });
    }
    expect(await server.app.db.$count(leads)).toBe(before);
  });

  it("answers a form with the honeypot filled as accepted, but stores and forwards nothing", async () => {
    const before = await server.app.db.$count(leads);
    const trapped = await sendForm({ ...form, name: "Бот", website: "http://spam.example" });
    expect(trapped.status).toBe(201);
    expect(trapped.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await server.app.db.$count(leads)).toBe(before);
    expect(await readLead(trapped.body.id)).toBeUndefined();

    // An empty honeypot is a person's form: stored and forwarded, and by the
    // time the webhook has it, the bot's would have gone out before it.
    const person = await sendForm({ ...form, name: "Человек", website: "" });
    expect(person.status).toBe(201);
    const bodies = () =>
      webhook.received.map((entry) => entry.body as { id: string; name: string });
    await waitFor(() => bodies().find((body) => body.id === person.body.id));
    expect(bodies().filter((body) => body.id === trapped.body.id || body.name === "Бот")).toEqual(
      [],
    );
    expect(await server.app.db.$count(leads)).toBe(before + 1);
  });

  it("refuses malformed JSON with 400 validation-error", async () => {
    const before = await server.app.db.$count(leads);
    const response = await fetch(`${server.url}/api/v1/integration/amo/form`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: '{"name": "Анна",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "validation-error" });
    expect(await server.app.db.$count(leads)).toBe(before);
  });

  it("limits one address to 10 forms per 10 minutes with 429 rate-limited", async () => {
    const ip = "203.0.113.9";
    for (let index = 0; index < 10; index++) {
      expect((await sendForm({ ...form, name: `Лид ${index}` }, ip)).status).toBe(201);
    }
    const refused = await sendForm(form, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ type: "rate-limited", reason: expect.any(String) });
    expect((await sendForm(form, "203.0.113.10")).status).toBe(201);
  });
});

describe("GET /integration/amo/leads", () => {
  it("lists the leads, newest first and paged, for the admin", async () => {
    const first = await sendForm({ ...form, name: "Первый" });
    const second = await sendForm({ ...form, name: "Второй" });

    const page = await call(server, "GET", "/integration/amo/leads?page=0&count=2", {
      token: adminToken,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.map((lead: { id: string }) => lead.id)).toEqual([
      second.body.id,
      first.body.id,
    ]);
    expect(page.body.data[0]).toEqual({
      id: second.body.id,
      name: "Второй",
      phone: storedPhone,
      company: form.company,
      createdAt: expect.any(String),
      status: expect.stringMatching(/^(pending|forwarded)$/),
      attempts: expect.any(Number),
      lastError: null,
      forwardedAt: expect.toSatisfy((value) => value === null || typeof value === "string"),
    });
    const total = await server.app.db.$count(leads);
    expect(page.body.total).toBe(total);
    expect(page.body.totalPages).toBe(Math.ceil(total / 2));
  });

  it("answers 401 without a token", async () => {
    const listed = await call(server, "GET", "/integration/amo/leads");
    expect(listed.status).toBe(401);
    expect(listed.body).toMatchObject({ type: "unauthorized" });
  });

  it("answers 403 to a user who is not an admin", async () => {
    const newcomer = await signIn(server, uniqueEmail("newcomer"));
    const client = await createSignedInUser(server, { role: "role-client" });
    for (const token of [newcomer.token, client.token]) {
      const listed = await call(server, "GET", "/integration/amo/leads", { token });
      expect(listed.status).toBe(403);
      expect(listed.body).toMatchObject({ type: "forbidden" });
    }
  });

  it("refuses a page size above 500", async () => {
    const listed = await call(server, "GET", "/integration/amo/leads?count=501", {
      token: adminToken,
    });
    expect(listed.status).toBe(400);
  });
});
