import { AccountsStore } from "../src/modules/accounts/accounts.ts";
import {
  BENCH_ONLY,
  type BenchApp,
  benchPostgres,
  CONNECTIONS,
  ceilingLine,
  compareAll,
  type Figure,
  figureLine,
  LOADER,
  load,
  loaderCeiling,
  ROUNDS,
  SECONDS,
  signInAllowedClient,
  startBenchApp,
  uploadNoiseSong,
  verdictLine,
} from "./support.ts";

/**
 * `npm run bench`, the request path: reads of the product against the
 * health endpoint (one trivial query) of the same process, side by side,
 * at full load (wrk when present, else autocannon; 32 connections):
 *   - the authenticated one-row read (`GET /personal-info/{userId}`: token,
 *     session and account check, the profile, serialization). Target
 *     (issue 5): at least 0.8× the health endpoint's requests per second,
 *     on the embedded database and on PostgreSQL;
 *   - two library reads, reported beside health without a target (issue
 *     12): the vault's partition list (`GET /vault/partition`, a content
 *     manager) and a playlist of PLAYLIST_TRACKS (5) tracks
 *     (`GET /music/playlist/{id}`, a client).
 * PostgreSQL is BENCH_DATABASE_URL, or a throwaway cluster started here
 * when Debian's PostgreSQL 15 is installed. BENCH_ONLY=pglite or postgres
 * runs one database.
 *
 * Beside them, the profile query and `select 1` alone, one after another
 * on the same database handle, and their ratio: what the database itself
 * makes of a 13-column row, so that the request path's own share of the
 * gap can be told from the database's. And once, the loader's own ceiling:
 * what it reaches against a bare Node server (in its own process)
 * answering a small JSON body.
 */
const TARGET_RATIO = 0.8;
const PLAYLIST_TRACKS = 5;

/** `tracks` uploaded songs; answers their ids. */
async function uploadSongs(bench: BenchApp, token: string, tracks: number) {
  const songIds: string[] = [];
  for (let index = 0; index < tracks; index++) {
    songIds.push(await uploadNoiseSong(bench, token, 64 * 1024));
  }
  return songIds;
}

async function measure(
  label: string,
  databaseUrl: string | undefined,
  ceiling: Figure,
): Promise<boolean> {
  const bench = await startBenchApp(databaseUrl);
  try {
    const admin = await bench.signInAs("role-admin");
    const manager = await bench.signInAs("role-content-manager");
    const songIds = await uploadSongs(bench, manager.token, PLAYLIST_TRACKS);
    // A playlist of these songs, read by a client who may open it (issue 13's allowed rule).
    const client = await signInAllowedClient(bench, songIds);
    const read = (path: string, token: string) => () =>
      load(`${bench.base}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    const { baseline: health, products } = await compareAll(
      () => load(`${bench.base}/api/v1/health`),
      {
        profile: read(`/personal-info/${admin.userId}`, admin.token),
        partitions: read("/vault/partition", manager.token),
        playlist: read(`/music/playlist/${client.playlistId}`, client.token),
      },
    );
    const failed = (figure: Figure) => figure.errors > 0;
    const profileRatio = products.profile.requestsPerSecond / health.requestsPerSecond;
    const ok = profileRatio >= TARGET_RATIO && !failed(products.profile) && !failed(health);
    const accountsStore = new AccountsStore(bench.app.db);
    const queries = await queryRates(
      () => bench.app.database.ping(),
      () => accountsStore.accounts.findProfile(admin.userId),
    );
    const reported = (name: string, figure: Figure) => {
      console.log(figureLine(name, figure));
      console.log(
        `    report ratio ${(figure.requestsPerSecond / health.requestsPerSecond).toFixed(2)}× ` +
          "the health endpoint (no target)" +
          (failed(figure) ? "  FAILED: errors or non-2xx answers" : ""),
      );
    };
    console.log(`${label}`);
    console.log(figureLine("baseline: GET /health", health));
    console.log(figureLine("product: GET /personal-info/{id}", products.profile));
    console.log(verdictLine(profileRatio, TARGET_RATIO, ok));
    console.log(ceilingLine(ceiling, health, "req/s"));
    console.log(
      `    queries alone: select 1 ${queries.ping} /s, profile row ${queries.read} /s, ` +
        `ratio ${(queries.read / queries.ping).toFixed(2)}×`,
    );
    reported("library: GET /vault/partition", products.partitions);
    reported("library: GET /music/playlist/{id}", products.playlist);
    return ok && !failed(products.partitions) && !failed(products.playlist);
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
  `Request path (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, medians; ` +
    `loader: ${LOADER})`,
);
const ceiling = await loaderCeiling(["json"]);
console.log(figureLine("loader alone: bare Node, small JSON", ceiling));
if (BENCH_ONLY.has("pglite")) {
  if (!(await measure("  embedded PGlite", undefined, ceiling))) missed++;
}
if (BENCH_ONLY.has("postgres")) {
  const postgres = await benchPostgres();
  if (postgres) {
    try {
      if (!(await measure("  PostgreSQL", postgres.url, ceiling))) missed++;
    } finally {
      postgres.stop();
    }
  } else {
    console.log(
      "  PostgreSQL: not measured (set BENCH_DATABASE_URL or install postgresql as root)",
    );
  }
}
process.exit(missed > 0 ? 1 : 0);
