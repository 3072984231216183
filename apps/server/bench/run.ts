import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { findProfile } from "../src/modules/personal-info/personal-info.repository.ts";

/**
 * `npm run bench`, the request path: an authenticated one-row read
 * (`GET /personal-info/{userId}`: token, session and account check, one
 * query, serialization) against the health endpoint (one trivial query) of
 * the same process, side by side, at full load (autocannon, 32
 * connections). Target (issue 5): the read serves at least 0.8× the health
 * endpoint's requests per second, on the embedded database and on
 * PostgreSQL. PostgreSQL is BENCH_DATABASE_URL, or a throwaway cluster
 * started here when Debian's PostgreSQL 15 is installed.
 *
 * Beside them, the two queries alone, one after another on the same
 * database handle, and their ratio: what the database itself makes of a
 * 13-column row against `select 1`, so that the request path's own share
 * of the gap can be told from the database's.
 */
const TARGET_RATIO = 0.8;
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Health and read alternate this many times; each figure is the median. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Figure = Awaited<ReturnType<typeof load>>;

/**
 * One run at full load. The load comes from a worker thread: the server's
 * event loop is not shared with the client's.
 */
async function load(url: string, headers?: Record<string, string>, seconds = SECONDS) {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    workers: 1,
    duration: seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Both endpoints, alternating for ROUNDS rounds after a warm-up (JIT,
 * caches and prepared statements settle), so that a passing disturbance of
 * the machine touches both sides alike; each side's median run is kept.
 */
async function compare(
  baseline: () => Promise<Figure>,
  product: () => Promise<Figure>,
): Promise<{ baseline: Figure; product: Figure }> {
  await baseline();
  await product();
  const baselines: Figure[] = [];
  const products: Figure[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baselines.push(await baseline());
    products.push(await product());
  }
  const median = (figures: Figure[]) => {
    const sorted = [...figures].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    return sorted[Math.floor(sorted.length / 2)] as Figure;
  };
  return { baseline: median(baselines), product: median(products) };
}

async function measure(label: string, databaseUrl: string | undefined): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-bench-"));
  const adminEmail = "bench-admin@fonika.test";
  const codes: string[] = [];
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminEmail,
    LOG_LEVEL: "warn",
    WEB_DIST: path.join(dataDir, "no-web"),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const logger = pino(
    { level: "info", base: undefined },
    {
      write(line: string) {
        const match = /"msg":"Sign-in code: (\d{6})"/.exec(line);
        if (match?.[1]) codes.push(match[1]);
      },
    },
  );
  const app = await buildApp(config, { logger });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  try {
    const post = async (pathName: string, body: unknown) => {
      const response = await fetch(`${base}/api/v1${pathName}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Record<string, string>;
    };
    await post("/auth/email/send-code", { email: adminEmail });
    const tokens = await post("/auth/email/verify-code", { email: adminEmail, code: codes.at(-1) });
    const payload = String(tokens.token).split(".")[1] ?? "";
    const { sub } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sub: string };

    const { baseline: health, product: read } = await compare(
      () => load(`${base}/api/v1/health`),
      () =>
        load(`${base}/api/v1/personal-info/${sub}`, { authorization: `Bearer ${tokens.token}` }),
    );
    const ratio = read.requestsPerSecond / health.requestsPerSecond;
    const queries = await queryRates(
      () => app.database.ping(),
      () => findProfile(app.db, sub),
    );
    const ok = ratio >= TARGET_RATIO && read.errors === 0 && health.errors === 0;
    const line = (name: string, figure: Figure) =>
      `    ${name.padEnd(34)} ${Math.round(figure.requestsPerSecond).toString().padStart(6)} req/s  ` +
      `p50 ${figure.p50} ms  p99 ${figure.p99} ms${figure.errors ? `  ${figure.errors} errors` : ""}`;
    console.log(`${label}`);
    console.log(line("baseline: GET /health", health));
    console.log(line("product: GET /personal-info/{id}", read));
    console.log(
      `    ${ok ? "ok  " : "MISS"} ratio ${ratio.toFixed(2)}× (target ≥ ${TARGET_RATIO}×)`,
    );
    console.log(
      `    queries alone: select 1 ${queries.ping} /s, profile row ${queries.read} /s, ` +
        `ratio ${(queries.read / queries.ping).toFixed(2)}×`,
    );
    return ok;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Sequential queries per second of each query alone, on one database handle. */
async function queryRates(ping: () => Promise<unknown>, read: () => Promise<unknown>) {
  const rate = async (query: () => Promise<unknown>) => {
    for (let index = 0; index < 300; index++) await query();
    const count = 3_000;
    const started = performance.now();
    for (let index = 0; index < count; index++) await query();
    return Math.round(count / ((performance.now() - started) / 1000));
  };
  return { ping: await rate(ping), read: await rate(read) };
}

/** A loopback port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 55_432;
}

/** A throwaway PostgreSQL 15 on loopback, when Debian's server is installed and we are root. */
function startThrowawayPostgres(port: number): { url: string; stop(): void } | undefined {
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
    stop: () => {
      asPostgres([`${bin}/pg_ctl`, "-D", `${dir}/data`, "-m", "fast", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let missed = 0;
console.log(
  `Request path (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, medians)`,
);
if (!(await measure("  embedded PGlite", undefined))) missed++;
const given = process.env.BENCH_DATABASE_URL;
const throwaway = given ? undefined : startThrowawayPostgres(await freePort());
const postgresUrl = given ?? throwaway?.url;
if (postgresUrl) {
  try {
    if (!(await measure("  PostgreSQL", postgresUrl))) missed++;
  } finally {
    throwaway?.stop();
  }
} else {
  console.log("  PostgreSQL: not measured (set BENCH_DATABASE_URL or install postgresql as root)");
}
process.exit(missed > 0 ? 1 : 0);
