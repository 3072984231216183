import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
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
    // The API alone: the repository's web build may be under way beside the
    // tests (npm test builds it at once), and no test here asks for a page.
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      WEB_DIST: path.join(tmpdir(), "fonika-no-web"),
      ...env,
    },
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

const LOOSE_WARNING = "DATA_DIR was open to other users";

/** Every entry under `root` (itself included) that group or others may read, write or enter. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const info = lstatSync(entry);
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0) open.push(`${(info.mode & 0o777).toString(8)} ${entry}`);
    if (info.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return open;
}

/** Gives group and others everything, as a DATA_DIR made before umask 077 may have. */
function loosen(root: string): void {
  const info = lstatSync(root);
  chmodSync(root, info.isDirectory() ? 0o777 : 0o666);
  if (info.isDirectory()) for (const name of readdirSync(root)) loosen(path.join(root, name));
}

/** The log lines of the server's warning about a DATA_DIR open to others. */
function warningLines(output: string): Array<Record<string, unknown>> {
  return output
    .split("\n")
    .filter((line) => line.includes(LOOSE_WARNING))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
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

  it("keeps a fresh DATA_DIR its own: nothing in it readable or writable by group or others", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "fonika-private-")), "data");
    const port = await freePort();
    const run = startProcess({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitForHealth(port, run.child);
      expect(openToOthers(dataDir)).toEqual([]);
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(run.output()).not.toContain(LOOSE_WARNING);
    } finally {
      run.child.kill("SIGKILL");
    }
  }, 90_000);

  it("makes an existing DATA_DIR open to others owner-only at start, with one warning", async () => {
    const dataDir = templateDataDir("fonika-loose-");
    mkdirSync(path.join(dataDir, "files", "support"), { recursive: true });
    writeFileSync(path.join(dataDir, "files", "support", "attachment"), "чужое не читать");
    loosen(dataDir);
    const before = openToOthers(dataDir).length;
    expect(before).toBeGreaterThan(3);
    const port = await freePort();
    const first = startProcess({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitForHealth(port, first.child);
      expect(openToOthers(dataDir)).toEqual([]);
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      const warnings = warningLines(first.output());
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, entries: before });

      // Tight now: the next start has nothing to say.
      const again = startProcess({ DATA_DIR: dataDir, PORT: String(port) });
      await waitForHealth(port, again.child);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
      expect(warningLines(again.output())).toEqual([]);
    } finally {
      first.child.kill("SIGKILL");
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
