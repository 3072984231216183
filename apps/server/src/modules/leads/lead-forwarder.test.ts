import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { leads } from "../../db/schema.ts";
import { startTestServer, type TestServer } from "../../test/harness.ts";
import { LeadForwarder, type LeadForwarderOptions } from "./lead-forwarder.ts";
import { insertLead } from "./leads.repository.ts";
import { LeadsStore } from "./leads.store.ts";

/**
 * The outbox forwarder on a real database against a real HTTP receiver,
 * driven through its own `tick()` and with short retry delays given to its
 * constructor. The test server runs without AMO_WEBHOOK_URL, so no other
 * forwarder touches these leads.
 */

/** How long a test waits for what the forwarder does in the background. */
const WAIT = { timeout: 10_000, interval: 20 };

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
/** What the receiver does with the next request. */
let behaviour: { status: number; delayMs: number } = { status: 200, delayMs: 0 };
let receivedIds: string[] = [];
/** When each request arrived (Date.now()), in order. */
let receivedAt: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receivedIds.push((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string }).id);
      receivedAt.push(Date.now());
      const { status, delayMs } = behaviour;
      setTimeout(() => {
        response.statusCode = status;
        response.end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.close();
});

beforeEach(async () => {
  await server.app.db.delete(leads);
  behaviour = { status: 200, delayMs: 0 };
  receivedIds = [];
  receivedAt = [];
});

function forwarder(options: Partial<LeadForwarderOptions> = {}): LeadForwarder {
  return new LeadForwarder({
    store: new LeadsStore(server.app.db),
    webhookUrl: receiverUrl,
    log: server.app.log,
    ...options,
  });
}

async function pendingLead(name = "Анна") {
  return insertLead(server.app.db, {
    name,
    phone: "+79991234567",
    company: "ООО Ромашка",
    ip: "127.0.0.1",
    status: "pending",
    nextAttemptAt: new Date(),
  });
}

async function readLead(id: string) {
  const [row] = await server.app.db.select().from(leads).where(eq(leads.id, id));
  if (!row) throw new Error(`lead ${id} is gone`);
  return row;
}

describe("LeadForwarder", () => {
  it("retries with the given delays, the last one repeating, until a 2xx", async () => {
    behaviour.status = 503;
    const outbox = forwarder({ retryDelaysMs: [0, 0, 60_000] });
    const lead = await pendingLead();

    expect(await outbox.tick()).toBe(1);
    expect(await readLead(lead.id)).toMatchObject({
      status: "failing",
      attempts: 1,
      lastError: "Webhook answered HTTP 503",
    });
    expect(await outbox.tick()).toBe(1);
    const before = Date.now();
    expect(await outbox.tick()).toBe(1);
    const third = await readLead(lead.id);
    expect(third.attempts).toBe(3);
    const delay = (third.nextAttemptAt?.getTime() ?? 0) - before;
    expect(delay).toBeGreaterThan(55_000);
    expect(delay).toBeLessThan(65_000);

    // Not due yet: nothing is sent.
    expect(await outbox.tick()).toBe(0);
    await server.app.db
      .update(leads)
      .set({ nextAttemptAt: new Date() })
      .where(eq(leads.id, lead.id));
    behaviour.status = 204;
    expect(await outbox.tick()).toBe(1);
    const forwarded = await readLead(lead.id);
    expect(forwarded).toMatchObject({ status: "forwarded", attempts: 4, lastError: null });
    expect(forwarded.nextAttemptAt).toBeNull();
    expect(receivedIds).toEqual([lead.id, lead.id, lead.id, lead.id]);
    // A forwarded lead is never sent again.
    expect(await outbox.tick()).toBe(0);
  });

  it("records an unreachable webhook and a webhook that does not answer in time", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const lead = await pendingLead();
    await forwarder({ webhookUrl: `http://127.0.0.1:${closedPort}/hook` }).tick();
    expect(await readLead(lead.id)).toMatchObject({
      status: "failing",
      lastError: "Webhook unreachable: ECONNREFUSED",
    });

    const slow = await pendingLead("Медленный");
    behaviour.delayMs = 1_000;
    await forwarder({ timeoutMs: 200 }).tick();
    expect(await readLead(slow.id)).toMatchObject({
      status: "failing",
      lastError: "Webhook did not answer within 0.2 s",
    });
  });

  it("two forwarders on one database send each lead once", async () => {
    const created = await Promise.all([1, 2, 3, 4, 5].map((index) => pendingLead(`Лид ${index}`)));
    behaviour.delayMs = 50;

    const [first, second] = await Promise.all([
      forwarder({ batchSize: 2 }).tick(),
      forwarder({ batchSize: 2 }).tick(),
    ]);

    expect(first + second).toBe(5);
    expect([...receivedIds].sort()).toEqual(created.map((lead) => lead.id).sort());
  });

  it("start forwards leads already waiting; stop lets a send in progress finish", async () => {
    const waiting = await pendingLead("Ждал перезапуска");
    behaviour.delayMs = 300;
    const outbox = forwarder();

    outbox.start();
    // Stopped while the webhook is still answering.
    await vi.waitFor(() => expect(receivedIds).toEqual([waiting.id]), WAIT);
    await outbox.stop();

    expect(receivedIds).toEqual([waiting.id]);
    expect(await readLead(waiting.id)).toMatchObject({ status: "forwarded", attempts: 1 });
    // A stopped forwarder sends nothing more.
    await pendingLead("После остановки");
    expect(await outbox.tick()).toBe(0);
  });

  it("stop aborts a call that outlasts the grace; the lead is due again at once, not failed", async () => {
    const lead = await pendingLead("Завис вебхук");
    behaviour.delayMs = 60_000;
    const outbox = forwarder({ stopGraceMs: 200 });
    outbox.start();
    await vi.waitFor(() => expect(receivedIds).toContain(lead.id), WAIT);

    const stopping = Date.now();
    await outbox.stop();
    expect(Date.now() - stopping).toBeLessThan(2_000);
    const released = await readLead(lead.id);
    expect(released).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect(released.nextAttemptAt?.getTime()).toBeLessThanOrEqual(Date.now());

    // The next forwarder (after a restart) sends it on its first run.
    behaviour.delayMs = 0;
    expect(await forwarder().tick()).toBe(1);
    expect(await readLead(lead.id)).toMatchObject({ status: "forwarded", attempts: 1 });
    expect(receivedIds).toEqual([lead.id, lead.id]);
  });

  it("once started, sends a retry when its delay ends, with no poll and no wake-up", async () => {
    behaviour.status = 503;
    const outbox = forwarder({ retryDelaysMs: [400] });
    const lead = await pendingLead("Повтор по таймеру");
    try {
      outbox.start();
      await vi.waitFor(() => expect(receivedIds).toEqual([lead.id]), WAIT);
      behaviour.status = 200;
      // Nothing but the forwarder's own timer sends it again.
      await vi.waitFor(
        async () =>
          expect(await readLead(lead.id)).toMatchObject({ status: "forwarded", attempts: 2 }),
        WAIT,
      );
      const [first = 0, second = 0] = receivedAt;
      expect(second - first).toBeGreaterThanOrEqual(400);
    } finally {
      await outbox.stop();
    }
  });

  it("once started, sends a lead another process leased when the lease ends", async () => {
    // As a process that died mid-send leaves it: claimed until 500 ms from now.
    const leasedUntil = Date.now() + 500;
    const lead = await pendingLead("Чужая аренда");
    await server.app.db
      .update(leads)
      .set({ nextAttemptAt: new Date(leasedUntil) })
      .where(eq(leads.id, lead.id));
    const outbox = forwarder();
    try {
      outbox.start();
      await vi.waitFor(
        async () =>
          expect(await readLead(lead.id)).toMatchObject({ status: "forwarded", attempts: 1 }),
        WAIT,
      );
      expect(receivedIds).toEqual([lead.id]);
      expect(receivedAt[0]).toBeGreaterThanOrEqual(leasedUntil);
    } finally {
      await outbox.stop();
    }
  });
});
