import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { TOKENS } from "@fonika/shared";
import { createAccessTokens } from "../src/lib/access-token.ts";
import { deriveKeys } from "../src/lib/keys.ts";
import { SessionIssuer } from "../src/modules/auth/auth.ts";
import {
  cpuSecondsOf,
  LoopProbe,
  loggedSummary,
  ROOT,
  redisServerBinary,
  rssOf,
  type ServerProcess,
  startRedis,
  startServer,
  treeCpuSecondsOf,
} from "./server-processes.ts";
import {
  type CeilingFigure,
  grewBy,
  kb,
  latencyOf,
  type Memory,
  medianRun,
  type RunFigure,
  runLine,
  targetLine,
} from "./socket-figures.ts";
import {
  makeFixtures,
  relaySocketsOf,
  type SessionOfSocket,
  type SocketSpec,
  socketsOn,
} from "./socket-fixtures.ts";
import { LoaderGroup } from "./socket-loaders.ts";
import { type Child, startRelays } from "./socket-processes.ts";
import { BENCH_ONLY, benchPostgres, startBenchApp, verdictLine } from "./support.ts";
import {
  cpuOfRelays,
  type MeasureArgs,
  measureSide,
  type Side,
  type SidePlan,
} from "./two-process-side.ts";

/**
 * `npm run bench`, horizontal scale (issue 30): two processes of the
 * product on one PostgreSQL and one Redis hold BENCH_SOCKET_PLAYERS (20 000)
 * box players of BENCH_SOCKET_OWNERS (2 000) owners, 10 each, every player in
 * a venue of its own with its device signed in, and one remote per owner:
 * 22 000 sockets, each pinging every 4 s as the box and the web app do.
 *
 * The bench starts them: a throwaway PostgreSQL 15 (support.ts), a
 * throwaway redis-server on a free loopback port (nothing saved), and two
 * servers as `npm start` runs them (the compiled dist/server.mjs, node with
 * --max-semi-space-size=4) on DATABASE_URL + REDIS_URL with one JWT_SECRET,
 * LOG_LEVEL=warn, LOUDNESS_WORKER=off (server-processes.ts). The fixtures
 * are made first through the product's repositories by an app in this
 * process on the same database and secret (it runs the migrations), which
 * is closed before the servers start; the access tokens are minted here
 * with the same signing key, so the servers verify them.
 *
 * Every command crosses processes: for half the owners the remote is on A
 * and the devices on B, for the other half the other way round; a command
 * is done when every socket that must get it has it (the owner's remote on
 * one process, the player's device on the other), read in the loader on
 * one clock (socket-loader.mjs, unchanged). Runs: a warm-up, then
 * BENCH_SOCKET_ROUNDS (3) rounds of steady (BENCH_SOCKET_COMMANDS, 2 000,
 * at 100 a second one at a time) and burst (one command per owner at
 * once, every 500 ms, at least two bursts); each side's run of median p99
 * counts. Each side is connected once and its rounds run back to back
 * (alternating would connect 22 000 sockets again every round).
 *
 * Baselines: the bare `ws` relay (socket-relay.mjs) holding the same 22 000
 * sockets, same loaders, same commands, twice. Bridged, the one judged: two
 * relays on the same Redis, the sockets placed as on the product's two
 * processes (an owner's remote on one, its devices on the other), a command
 * written to the relay's own sockets and published on a Redis channel for
 * the other's: the same crossing the product makes, with nothing of the
 * product's own. Direct, reported beside it: two relays each holding half
 * the owners whole, so that no command crosses (what one hop costs, and the
 * loaders' ceiling, measured against it alone). This machine allows a
 * process 20 000 open files (root here cannot raise it), so the sockets are
 * held by two loaders (socket-loaders.ts), each with half the owners whole:
 * a command's send and its receipts are read on one loader's clock.
 * Memory: each server's RSS grown by connecting its
 * sockets, a socket (no GC first: a production process exposes none, so it
 * is an upper bound), beside the relay's (after a GC). The servers run with
 * METRICS_TOKEN set; their /metrics, read around each steady run, tells
 * their event-loop delay and GC time (LoopProbe).
 *
 * Targets (issue 30): steady p99 ≤ 100 ms and ≤ 3× the bridged relays'; no command
 * lost in the burst (nor in the steady runs, nor a socket closed by a
 * server). Skips (exit 0) without PostgreSQL or redis-server, or when
 * BENCH_ONLY names neither `two-processes` nor `postgres`.
 * BENCH_SERVER_PROFILE=<dir> has each server write its CPU profile there
 * when it stops (server-processes.ts): where a run's time went, not figures.
 */

const PLAYERS = Number(process.env.BENCH_SOCKET_PLAYERS ?? 20_000);
const OWNERS = Number(process.env.BENCH_SOCKET_OWNERS ?? 2_000);
const COMMANDS = Number(process.env.BENCH_SOCKET_COMMANDS ?? 2_000);
const RATE = Number(process.env.BENCH_SOCKET_RATE ?? 100);
const WARM_UP = Number(process.env.BENCH_SOCKET_WARM_UP ?? 1_000);
const ROUNDS = Number(process.env.BENCH_SOCKET_ROUNDS ?? 3);
/** One command per owner at once, every 500 ms: at least two bursts. */
const BURST_COMMANDS = Math.max(COMMANDS, OWNERS * 2);
const CEILING_SECONDS = 3;
const CONCURRENCY = 50;
const TARGET_P99_MS = 100;
const TARGET_RATIO = 3;

const SOCKETS = PLAYERS + OWNERS;
console.log(
  `Two processes on PostgreSQL + Redis: ${PLAYERS} box players + ${OWNERS} owners' remotes = ` +
    `${SOCKETS} sockets (${OWNERS} owners × ${Math.ceil(PLAYERS / OWNERS)} players, a venue and a ` +
    "device session each; every socket pings every 4 s)",
);
if (!BENCH_ONLY.has("two-processes") && !BENCH_ONLY.has("postgres")) {
  console.log("  skipped: BENCH_ONLY names neither two-processes nor postgres");
  process.exit(0);
}
const redisBinary = redisServerBinary();
if (!redisBinary) {
  console.log("  skipped: no redis-server on PATH (apt-get install redis-server)");
  process.exit(0);
}
const postgres = await benchPostgres();
if (!postgres) {
  console.log("  skipped: no PostgreSQL (set BENCH_DATABASE_URL or install postgresql as root)");
  process.exit(0);
}
console.log(
  "  product: two servers as npm start runs them (dist/server.mjs, --max-semi-space-size=4) on one " +
    "PostgreSQL 15 and one redis-server, one signing key; half the owners' remotes on A and their " +
    "devices on B, the other half the other way: every command crosses processes through Redis",
);
console.log(
  "  baselines: bare ws relays, two processes of their own. Bridged (judged): placed as A and B, " +
    "a command published on the same redis-server for the other relay, so it crosses as the " +
    "product's does. Direct: each holding half the owners whole, no command crossing. " +
    "Two loaders, each half the owners (a process may hold 20 000 open files), one clock per command",
);

const stopping: Array<() => Promise<void> | void> = [() => postgres.stop()];
let failed = false;
try {
  const built = spawnSync("node", ["scripts/build-if-changed.mjs"], { cwd: ROOT, stdio: "ignore" });
  if (built.status !== 0 || !existsSync(`${ROOT}/apps/server/dist/server.mjs`)) {
    throw new Error("building the server failed");
  }
  const redis = await startRedis(redisBinary);
  stopping.unshift(() => redis.stop());
  const secret = randomBytes(32).toString("hex");
  const metricsToken = randomBytes(24).toString("hex");
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    JWT_SECRET: secret,
    // Their /metrics, read around the steady runs (event-loop delay, GC).
    METRICS_TOKEN: metricsToken,
  };

  const fixturesStarted = performance.now();
  const maker = await startBenchApp(postgres.url, { JWT_SECRET: secret });
  let sessions: SessionOfSocket[];
  try {
    sessions = await makeFixtures(maker, { owners: OWNERS, players: PLAYERS });
  } finally {
    await maker.close();
  }
  console.log(
    `  fixtures made through the product's repositories on PostgreSQL in ` +
      `${((performance.now() - fixturesStarted) / 1000).toFixed(0)} s (that app closed before the servers start)`,
  );

  const a = await startServer("a", env);
  stopping.unshift(() => a.stop());
  const b = await startServer("b", env);
  stopping.unshift(() => b.stop());
  console.log(
    `  servers ready: A ${(a.readyMs / 1000).toFixed(2)} s, B ${(b.readyMs / 1000).toFixed(2)} s ` +
      "after spawn (migrated database)",
  );

  // Two loaders and two relays, each with half the owners: a process may hold 20 000 open files.
  const { group: loaders, lines } = LoaderGroup.spawn(2);
  stopping.unshift(() => loaders.stop());
  for (const line of lines) console.log(`  ${line}`);
  const stopAtEnd = (relay: Child) => stopping.unshift(() => relay.stop());
  const { relays, ports: relayPorts } = await startRelays(2, ["--expose-gc"], {}, stopAtEnd);
  const bridgeEnv = { RELAY_REDIS_URL: redis.url, RELAY_REDIS_CHANNEL: "bench-relays" };
  const { relays: bridged, ports: bridgedPorts } = await startRelays(2, [], bridgeEnv, stopAtEnd);

  // Remote and devices of an owner on different processes, half one way, half the other.
  const ownerIndex = new Map(
    sessions.filter((s) => s.playerId === null).map((s, index) => [s.owner, index]),
  );
  const indexOf = (session: SessionOfSocket) => ownerIndex.get(session.owner) ?? 0;
  const serverOf = (session: SessionOfSocket): ServerProcess =>
    (session.playerId === null) === (indexOf(session) % 2 === 0) ? a : b;
  const shareOf = (session: SessionOfSocket) => loaders.shareOf(indexOf(session), OWNERS);
  const shares = (specs: SocketSpec[]) =>
    [0, 1].map((share) =>
      specs.filter((_, index) => shareOf(sessions[index] as SessionOfSocket) === share),
    );
  const issuer = new SessionIssuer(
    createAccessTokens(deriveKeys(secret).tokenSigning),
    TOKENS.browserSessionDays,
  );
  const productSockets = async () =>
    shares(await socketsOn(issuer, (session) => serverOf(session).base, sessions));
  const onServer = (server: ServerProcess) =>
    sessions.filter((session) => serverOf(session) === server).length;
  // An owner's sockets all on the relay of its loader: a relay holds its owners whole.
  const relaySockets = shares(
    relaySocketsOf(sessions, (session) => relayPorts[shareOf(session)] as number),
  );
  // The bridged relays hold the sockets as the servers do: relay 1 A's, relay 2 B's.
  const bridgedSockets = shares(
    relaySocketsOf(sessions, (session) => bridgedPorts[serverOf(session) === a ? 0 : 1] as number),
  );

  const plan: SidePlan = {
    concurrency: CONCURRENCY,
    warmUp: WARM_UP,
    rate: RATE,
    rounds: ROUNDS,
    commands: COMMANDS,
    burstCommands: BURST_COMMANDS,
    owners: OWNERS,
  };
  const measure = (...args: MeasureArgs) => measureSide(loaders, plan, ...args);

  const relayMemory = () => Promise.all(relays.map((relay) => relay.ask<Memory>({ memory: true })));
  const summed = (memories: Memory[]): Memory => ({
    rss: memories.reduce((sum, memory) => sum + memory.rss, 0),
    heapUsed: memories.reduce((sum, memory) => sum + memory.heapUsed, 0),
    external: memories.reduce((sum, memory) => sum + memory.external, 0),
    heapTotal: memories.reduce((sum, memory) => sum + memory.heapTotal, 0),
  });
  let relayPerSocket: Memory | undefined;
  let ceiling: CeilingFigure | undefined;
  const relayBefore = summed(await relayMemory());
  const baseline = await measure(async () => relaySockets, cpuOfRelays(relays), {
    async connected() {
      relayPerSocket = grewBy(relayBefore, summed(await relayMemory()), SOCKETS);
    },
    async after() {
      ceiling = await loaders.ceiling(CEILING_SECONDS);
    },
  });
  // The relays' side of each close settles before the next side's sockets connect.
  await sleep(3_000);
  const crossing = await measure(
    async () => bridgedSockets,
    { ...cpuOfRelays(bridged), redis: () => cpuSecondsOf(redis.pid) },
    { async connected() {} },
  );
  await sleep(3_000);

  const probe = new LoopProbe([a, b], metricsToken);
  const rssBefore = { a: rssOf(a.pid), b: rssOf(b.pid) };
  const rssGrown = { a: Number.NaN, b: Number.NaN };
  const product = await measure(
    productSockets,
    {
      a: () => cpuSecondsOf(a.pid),
      b: () => cpuSecondsOf(b.pid),
      redis: () => cpuSecondsOf(redis.pid),
      ...(postgres.pid ? { postgres: () => treeCpuSecondsOf(postgres.pid as number) } : {}),
    },
    {
      async connected() {
        await sleep(2_000);
        rssGrown.a = rssOf(a.pid) - rssBefore.a;
        rssGrown.b = rssOf(b.pid) - rssBefore.b;
      },
      steady: { before: () => probe.start(), after: () => probe.stop() },
    },
  );

  const steadyByRound = (side: Side) =>
    side.steady.map((run) => latencyOf(run).p99.toFixed(1)).join(", ");
  console.log(
    `    ${ROUNDS} rounds a side, each connected once, its median run (steady p99 by round: relays ` +
      `direct ${steadyByRound(baseline)} ms, bridged ${steadyByRound(crossing)} ms; product ` +
      `${steadyByRound(product)} ms)`,
  );
  const roof = ceiling as CeilingFigure;
  const headroom = roof.commandsPerSecond / RATE;
  const burstHeadroom = roof.commandsPerSecond / (OWNERS * 2);
  console.log(
    `    loader alone: bare ws relay, closed loop ${Math.round(roof.commandsPerSecond)} commands/s, ` +
      `${Math.round(roof.messagesPerSecond)} messages/s received ` +
      `(loader busy ${Math.round(roof.loaderCores * 100)}% of its core)`,
  );
  const loaderOk = headroom >= 1.5 && burstHeadroom >= 1.5;
  console.log(
    `    ${loaderOk ? "" : "WARN "}loader ceiling ${headroom.toFixed(1)}× the steady rate, ` +
      `${burstHeadroom.toFixed(1)}× the burst's: ` +
      (loaderOk ? "the loader is not what limits either side" : "the loader may cap both"),
  );
  console.log(
    `    connecting ${SOCKETS} sockets (${CONCURRENCY} at a time): relays ` +
      `${baseline.connectSeconds.toFixed(1)} s (bridged ${crossing.connectSeconds.toFixed(1)} s), ` +
      `product ${product.connectSeconds.toFixed(1)} s ` +
      `(${(product.connectSeconds / baseline.connectSeconds).toFixed(2)}× the relays, no target)`,
  );

  const steadyDirect = medianRun(baseline.steady);
  const steadyBase = medianRun(crossing.steady);
  const steadyProduct = medianRun(product.steady);
  const direct = latencyOf(steadyDirect);
  const base = latencyOf(steadyBase);
  const figure = latencyOf(steadyProduct);
  console.log(`  steady: ${COMMANDS} commands at ${RATE}/s, one at a time`);
  console.log(runLine("baseline: ws relays, direct", steadyDirect));
  console.log(runLine("baseline: ws relays, Redis", steadyBase));
  console.log(runLine("product: A + B through Redis", steadyProduct));
  const ratio = figure.p99 / base.p99;
  const p99Ok = figure.p99 <= TARGET_P99_MS;
  const ratioOk = ratio <= TARGET_RATIO;
  console.log(
    `    p50 ratio ${(figure.p50 / base.p50).toFixed(2)}× the bridged relays; against the direct ` +
      `ones p50 ${(figure.p50 / direct.p50).toFixed(2)}×, p99 ${(figure.p99 / direct.p99).toFixed(2)}× ` +
      "(no target: no command of theirs crosses)",
  );
  console.log(targetLine(p99Ok, `p99 ${figure.p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS} ms)`));
  console.log(verdictLine(ratio, TARGET_RATIO, ratioOk, "≤").replace("ratio", "p99 ratio"));
  const cores = (side: Side) =>
    Object.entries(side.steadyCores)
      .map(([name, used]) => `${name} ${Math.round(used * 100)}%`)
      .join(", ");
  console.log(
    `    CPU over the steady runs, % of a core: direct relays ${cores(baseline)}; bridged ` +
      `${cores(crossing)}; product ${cores(product)} (machine: all its cores)`,
  );
  for (const server of [a, b]) {
    const loop = probe.figureOf(server);
    if (!loop) continue;
    console.log(
      `    server ${server.name.toUpperCase()} over the steady runs (its /metrics): event-loop delay ` +
        `p99 ${loop.delayP99Ms.toFixed(1)} ms, max ${loop.delayMaxMs.toFixed(1)} ms (worst round; ` +
        `each sample a 10-ms period with its lateness: about 11 ms when idle); GC ${loop.gcMsPerSecond.toFixed(1)} ms a second, major ` +
        `${loop.majorGcMsPerSecond.toFixed(1)}`,
    );
  }

  const burstBase = medianRun(crossing.burst);
  const burstProduct = medianRun(product.burst);
  console.log(
    `  burst: ${BURST_COMMANDS} commands, ${OWNERS} at once (one per owner) every 500 ms`,
  );
  console.log(runLine("baseline: ws relays, direct", medianRun(baseline.burst)));
  console.log(runLine("baseline: ws relays, Redis", burstBase));
  console.log(runLine("product: A + B through Redis", burstProduct));
  const burstFigure = latencyOf(burstProduct);
  const burstRelay = latencyOf(burstBase);
  console.log(
    `    report p50 ratio ${(burstFigure.p50 / burstRelay.p50).toFixed(2)}×, ` +
      `p99 ratio ${(burstFigure.p99 / burstRelay.p99).toFixed(2)}× the bridged relays (no target)`,
  );
  const lostIn = (runs: RunFigure[]) => runs.reduce((total, run) => total + run.lost, 0);
  const burstLost = lostIn(product.burst);
  const steadyLost = lostIn(product.steady);
  // The loader counts the sockets a server closed from their connect: the last run holds them all.
  const last = product.burst.at(-1) as RunFigure;
  const codes = Object.entries(last.closeCodes ?? {})
    .map(([code, count]) => `${count}× code ${code}`)
    .join(", ");
  const lostOk = burstLost === 0 && steadyLost === 0 && last.closedByServer === 0;
  console.log(
    targetLine(
      lostOk,
      `lost ${burstLost} of ${ROUNDS * BURST_COMMANDS} burst commands, ${steadyLost} of ` +
        `${ROUNDS * COMMANDS} steady; ${last.closedByServer} sockets closed by a server ` +
        `(${product.closedAtConnect} by the end of the connect${codes ? `; ${codes}` : ""}) ` +
        "(target: none)",
    ),
  );

  const perSocket = (server: ServerProcess, grown: number) =>
    `${server.name.toUpperCase()} ${kb(grown / onServer(server)).trim()} (${onServer(server)} sockets, ` +
    `${Math.round(rssOf(server.pid) / 1024 / 1024)} MB now)`;
  console.log(
    `  RSS per socket, grown by connecting (no GC first, an upper bound): ` +
      `${perSocket(a, rssGrown.a)}, ${perSocket(b, rssGrown.b)}; relay ` +
      `${kb((relayPerSocket as Memory).rss).trim()} (after a GC, all ${SOCKETS}) (no target)`,
  );
  for (const server of [a, b]) {
    console.log(
      `  server ${server.name.toUpperCase()} logged: ${loggedSummary(server.logLines())}`,
    );
  }
  failed = !(p99Ok && ratioOk && lostOk && loaderOk);
} finally {
  for (const stop of stopping) await stop();
}

process.exit(failed ? 1 : 0);
