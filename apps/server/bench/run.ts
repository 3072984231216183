import { findProfile } from "../src/modules/accounts/accounts.repository.ts";
import {
  benchPostgres,
  CONNECTIONS,
  compare,
  figureLine,
  load,
  ROUNDS,
  SECONDS,
  startBenchApp,
  verdictLine,
} from "./support.ts";

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

async function measure(label: string, databaseUrl: string | undefined): Promise<boolean> {
  const bench = await startBenchApp(databaseUrl);
  try {
    const { token, userId } = await bench.signInAs("role-admin");
    const { baseline: health, product: read } = await compare(
      () => load(`${bench.base}/api/v1/health`),
      () =>
        load(`${bench.base}/api/v1/personal-info/${userId}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
    );
    const ratio = read.requestsPerSecond / health.requestsPerSecond;
    const queries = await queryRates(
      () => bench.app.database.ping(),
      () => findProfile(bench.app.db, userId),
    );
    const ok = ratio >= TARGET_RATIO && read.errors === 0 && health.errors === 0;
    console.log(`${label}`);
    console.log(figureLine("baseline: GET /health", health));
    console.log(figureLine("product: GET /personal-info/{id}", read));
    console.log(verdictLine(ratio, TARGET_RATIO, ok));
    console.log(
      `    queries alone: select 1 ${queries.ping} /s, profile row ${queries.read} /s, ` +
        `ratio ${(queries.read / queries.ping).toFixed(2)}×`,
    );
    return ok;
  } finally {
    await bench.close();
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

let missed = 0;
console.log(
  `Request path (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, medians)`,
);
if (!(await measure("  embedded PGlite", undefined))) missed++;
const postgres = await benchPostgres();
if (postgres) {
  try {
    if (!(await measure("  PostgreSQL", postgres.url))) missed++;
  } finally {
    postgres.stop();
  }
} else {
  console.log("  PostgreSQL: not measured (set BENCH_DATABASE_URL or install postgresql as root)");
}
process.exit(missed > 0 ? 1 : 0);
