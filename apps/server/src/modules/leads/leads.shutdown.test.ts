import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { leads } from "../../db/schema.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";

/**
 * Shutdown with a lead in flight to a webhook that never answers: closing
 * the app must not wait for the webhook's timeout, and the lead must go out
 * right after the next start (CONTRACT.md: nothing written is lost).
 */

interface Receiver {
  url: string;
  receivedIds: string[];
  close(): Promise<void>;
}

/** A webhook on 127.0.0.1 that records each lead and answers 200, or never. */
async function startReceiver(answers: boolean): Promise<Receiver> {
  const receivedIds: string[] = [];
  const httpServer: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receivedIds.push((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string }).id);
      if (answers) response.end("{}");
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/amo/leads`,
    receivedIds,
    close: () => {
      httpServer.closeAllConnections();
      return new Promise((resolve) => httpServer.close(() => resolve()));
    },
  };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout: timeoutMs, interval: 20 });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-lead-shutdown-"));
const cleanup: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("shutdown with a lead in flight", () => {
  it("closes at once, keeps the lead pending and sends it right after the next start", async () => {
    const hanging = await startReceiver(false);
    cleanup.push(() => hanging.close());
    const first: TestServer = await startTestServer({
      DATA_DIR: dataDir,
      AMO_WEBHOOK_URL: hanging.url,
    });
    cleanup.push(() => first.close());
    const sent = await call(first, "POST", "/integration/amo/form", {
      body: { name: "Анна Петрова", phone: "+7 (999) 123-45-67", company: "Кофейня «Зёрна»" },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.id as string;
    await waitFor(() => hanging.receivedIds.includes(id), 10_000);

    const closing = Date.now();
    await first.close({ keepData: true });
    // The forwarder's grace (2 s), not the webhook timeout (10 s) or the
    // process's forced exit (10 s), bounds the close.
    expect(Date.now() - closing).toBeLessThan(4_000);

    const answering = await startReceiver(true);
    cleanup.push(() => answering.close());
    const second = await startTestServer({
      DATA_DIR: dataDir,
      DATABASE_URL: first.config.databaseUrl,
      AMO_WEBHOOK_URL: answering.url,
    });
    cleanup.push(() => second.close());
    // Not after the 70 s lease nor the 5 s retry: on the first run.
    await waitFor(() => answering.receivedIds.includes(id), 5_000);
    await waitFor(
      () => second.logs.some((entry) => entry.leadId === id && entry.attempts === 1),
      5_000,
    );
    const [row] = await second.app.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ status: "forwarded", attempts: 1, lastError: null });
  });
});
