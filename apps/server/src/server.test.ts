import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { templateDataDir } from "./test/database-template.ts";

/** The real `npm start` process: config → app → listen → SIGTERM. */
const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), "server.ts");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited before it was healthy");
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not become healthy");
}

describe("the server process", () => {
  it("refuses a second process on the same DATA_DIR, stops on SIGTERM and reopens it", async () => {
    // The run's migrated database, as a deployment that ran before has.
    const dataDir = templateDataDir("fonika-process-");
    const port = await freePort();
    const first = startProcess({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitForHealth(port, first.child);

      const second = startProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(75);
      expect(second.output()).toContain("already open by process");

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain("stopped");
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);

      const again = startProcess({ DATA_DIR: dataDir, PORT: String(port) });
      await waitForHealth(port, again.child);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    } finally {
      first.child.kill("SIGKILL");
    }
  }, 90_000);

  it("stops on SIGTERM within the grace while a lead waits on a webhook that never answers", async () => {
    const received: string[] = [];
    const hangingWebhook = createHttpServer((request) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => received.push(Buffer.concat(chunks).toString("utf8")));
    });
    await new Promise<void>((resolve) => hangingWebhook.listen(0, "127.0.0.1", resolve));
    const webhookAddress = hangingWebhook.address();
    const webhookPort =
      typeof webhookAddress === "object" && webhookAddress ? webhookAddress.port : 0;
    const port = await freePort();
    const run = startProcess({
      DATA_DIR: templateDataDir("fonika-hanging-webhook-"),
      PORT: String(port),
      AMO_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/amo/leads`,
    });
    try {
      await waitForHealth(port, run.child);
      const sent = await fetch(`http://127.0.0.1:${port}/api/v1/integration/amo/form`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Анна", phone: "+7 999 123-45-67", company: "Кофейня" }),
      });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      const deadline = Date.now() + 10_000;
      while (!received.some((body) => body.includes(id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(received.some((body) => body.includes(id))).toBe(true);

      const signalled = Date.now();
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      // Well before the 10 s webhook timeout and the 10 s forced exit.
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(run.output()).toContain("lead not sent: stopping");
      expect(run.output()).toContain('"msg":"stopped"');
    } finally {
      run.child.kill("SIGKILL");
      hangingWebhook.closeAllConnections();
      await new Promise((resolve) => hangingWebhook.close(resolve));
    }
  }, 90_000);

  it("stops at start with a clear message on a bad setting", async () => {
    const run = startProcess({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "fonika-bad-")),
      PORT: "eighty",
    });
    expect(await run.exited).toBe(78);
    expect(run.output()).toContain("PORT");
  });
});
