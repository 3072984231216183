import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Role } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { AccountsStore } from "../src/modules/accounts/accounts.ts";
import { BIK, LEGAL_ENTITY, SETTLEMENT_ACCOUNTS, tariffInput } from "../src/test/clients.ts";

export * from "./loader.ts";

import { type Figure, ROUNDS } from "./loader.ts";

/**
 * Both sides alternating for ROUNDS rounds after a warm-up (JIT, caches and
 * prepared statements settle), so that a passing disturbance of the machine
 * touches both alike; each side's median run is kept.
 */
export async function compare(
  baseline: () => Promise<Figure>,
  product: () => Promise<Figure>,
): Promise<{ baseline: Figure; product: Figure }> {
  const { baseline: base, products } = await compareAll(baseline, { product });
  return { baseline: base, product: products.product as Figure };
}

/**
 * One baseline and several products, alternating in that order for ROUNDS
 * rounds after a warm-up of each; each one's median run is kept.
 */
export async function compareAll<Name extends string>(
  baseline: () => Promise<Figure>,
  products: Record<Name, () => Promise<Figure>>,
): Promise<{ baseline: Figure; products: Record<Name, Figure> }> {
  const entries = Object.entries(products) as Array<[Name, () => Promise<Figure>]>;
  await baseline();
  for (const [, product] of entries) await product();
  const baselines: Figure[] = [];
  const runs = new Map<Name, Figure[]>(entries.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    baselines.push(await baseline());
    for (const [name, product] of entries) runs.get(name)?.push(await product());
  }
  const median = (figures: Figure[]) => {
    const sorted = [...figures].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    return sorted[Math.floor(sorted.length / 2)] as Figure;
  };
  const medians = {} as Record<Name, Figure>;
  for (const [name, figures] of runs) medians[name] = median(figures);
  return { baseline: median(baselines), products: medians };
}

/** A line of figures, aligned like every other line of the bench. */
export function figureLine(name: string, figure: Figure, unit: "req/s" | "MB/s" = "req/s"): string {
  const rate =
    unit === "MB/s"
      ? `${(figure.bytesPerSecond / 1024 / 1024).toFixed(1).padStart(6)} MB/s`
      : `${Math.round(figure.requestsPerSecond).toString().padStart(6)} req/s`;
  return (
    `    ${name.padEnd(34)} ${rate}  p50 ${figure.p50} ms  p99 ${figure.p99} ms` +
    (figure.errors ? `  ${figure.errors} errors` : "")
  );
}

/** `ok` or `MISS`, the ratio and its target. */
export function verdictLine(
  ratio: number,
  target: number,
  ok = ratio >= target,
  sense: "≥" | "≤" = "≥",
): string {
  return `    ${ok ? "ok  " : "MISS"} ratio ${ratio.toFixed(2)}× (target ${sense} ${target}×)`;
}

export interface BenchApp {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT */
  base: string;
  dataDir: string;
  /** A new account of this role, signed in through the real code flow; its access token and id. */
  signInAs(role: Role): Promise<{ token: string; userId: string }>;
  close(): Promise<void>;
}

/** The real app on a fresh database (PGlite in a temporary DATA_DIR, or `databaseUrl`). */
export async function startBenchApp(
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-bench-"));
  const codes = new Map<string, string>();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    WEB_DIST: path.join(dataDir, "no-web"),
    // Uploads would start ffmpeg, which competes with what is measured; `env` may turn it on.
    LOUDNESS_WORKER: "off",
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const logger = pino(
    { level: "info", base: undefined },
    {
      write(line: string) {
        const match = /"to":"([^"]+)".*"msg":"Sign-in code: (\d{6})"/.exec(line);
        if (match?.[1] && match[2]) codes.set(match[1], match[2]);
      },
    },
  );
  const app = await buildApp(config, { logger });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const post = async (pathName: string, body: unknown) => {
    const response = await fetch(`${base}/api/v1${pathName}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, string>;
  };
  let accounts = 0;
  return {
    app,
    base,
    dataDir,
    async signInAs(role) {
      const email = `bench-${role.replace(/[^a-z]/g, "")}-${String.fromCharCode(97 + accounts++)}@fonika.test`;
      const user = await new AccountsStore(app.db).accounts.insertUserIfAbsent({
        email,
        phone: null,
        authority: [role],
      });
      await post("/auth/email/send-code", { email });
      const tokens = await post("/auth/email/verify-code", { email, code: codes.get(email) });
      if (!tokens.token) throw new Error(`Signing ${email} in failed: ${JSON.stringify(tokens)}`);
      return { token: tokens.token, userId: user.id };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 55_432;
}

/**
 * PostgreSQL for the bench: BENCH_DATABASE_URL, or a throwaway PostgreSQL
 * 15 on loopback when Debian's server is installed and we are root;
 * undefined when neither.
 */
export async function benchPostgres(): Promise<
  | {
      url: string;
      /** The throwaway cluster's postmaster (its backends are its children); unset for BENCH_DATABASE_URL. */
      pid?: number;
      stop(): void;
    }
  | undefined
> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, stop: () => {} };
  const port = await freePort();
  const bin = "/usr/lib/postgresql/15/bin";
  if (!existsSync(`${bin}/initdb`) || process.getuid?.() !== 0) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), "fonika-bench-pg-"));
  chownSync(dir, Number(spawnSync("id", ["-u", "postgres"]).stdout.toString().trim()), 0);
  const asPostgres = (args: string[]) =>
    spawnSync("runuser", ["-u", "postgres", "--", ...args], { stdio: "ignore" }).status === 0;
  const started =
    asPostgres([
      `${bin}/initdb`,
      "-D",
      `${dir}/data`,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
    ]) &&
    asPostgres([
      `${bin}/pg_ctl`,
      "-D",
      `${dir}/data`,
      "-l",
      `${dir}/log`,
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      "-w",
      "start",
    ]);
  if (!started) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(`${dir}/data/postmaster.pid`, "utf8").split("\n")[0]),
    stop: () => {
      asPostgres([`${bin}/pg_ctl`, "-D", `${dir}/data`, "-m", "fast", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A WAVE file of `bytes` of noise: real audio the library accepts, of an exact size. */
export function noiseWave(bytes: number): Buffer {
  const dataBytes = bytes - 44;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(bytes - 8, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22); // stereo
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, randomBytes(dataBytes)]);
}

/** Uploads a song of `bytes` of noise through the API; answers its id. */
export async function uploadNoiseSong(bench: BenchApp, token: string, bytes: number) {
  const form = new FormData();
  form.append("file", new Blob([noiseWave(bytes)], { type: "audio/wav" }), "noise.wav");
  const added = await fetch(`${bench.base}/api/v1/music/song/add`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await added.json()) as { song?: { id: string } };
  if (!body.song) throw new Error(`Uploading a song failed: ${JSON.stringify(body)}`);
  return body.song.id;
}

/**
 * A client signed in and allowed to hear these songs (issue 13's allowed
 * rule), made through the API as staff would: a playlist whose current
 * version holds them, a tariff holding it, the client's establishment,
 * organization and account, and an active subscription.
 */
export async function signInAllowedClient(
  bench: BenchApp,
  songIds: readonly string[],
): Promise<{ token: string; userId: string; playlistId: string }> {
  const [admin, clientManager, manager, client] = [
    await bench.signInAs("role-admin"),
    await bench.signInAs("role-client-manager"),
    await bench.signInAs("role-content-manager"),
    await bench.signInAs("role-client"),
  ];
  const post = async (pathName: string, token: string, body: unknown = {}) => {
    const response = await fetch(`${bench.base}/api/v1${pathName}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathName}: ${response.status} ${await response.text()}`);
    // biome-ignore lint/suspicious/noExplicitAny: the steps read answers of several shapes
    return (await response.json()) as any;
  };
  const playlist = await post("/music/playlist/add", manager.token, { name: "Bench allowed" });
  const version = await post(`/vault/${playlist.entryId}/make-version`, manager.token);
  await post(`/vault/${version.entryId}/make-song`, manager.token, { songIds });
  const tariff = await post(
    "/tariff/add",
    admin.token,
    tariffInput({ playlistIds: [playlist.id], features: [] }),
  );
  const establishment = await post(`/establishment/${client.userId}/add`, client.token, {
    name: "Кофейня «Бенч»",
    address: "Москва, Тверская, 7",
  });
  const organization = await post(`/organization/${client.userId}/add`, client.token, LEGAL_ENTITY);
  const withAccount = await post(
    `/organization/${client.userId}/${organization.id}/payment-method/add`,
    client.token,
    { kind: "settlement-account", bik: BIK, accountNumber: SETTLEMENT_ACCOUNTS[0] },
  );
  const subscription = await post(`/subscription/${client.userId}/add`, client.token, {
    establishmentId: establishment.id,
    organizationId: organization.id,
    paymentMethodId: withAccount.accounts[0].id,
    tariffId: tariff.id,
    itemIds: [],
    periodMonths: 1,
  });
  await post(`/subscription/${subscription.id}/activate`, clientManager.token);
  return { ...client, playlistId: playlist.id };
}
