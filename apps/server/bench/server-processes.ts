import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./support.ts";

/**
 * The two-process socket bench's other servers (sockets-two-processes.ts):
 * a throwaway redis-server, the product's server as `npm start` runs it,
 * and what /proc says of a process (RSS, CPU time).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, "../../..");
/** The compiled server `npm start` runs (scripts/build-if-changed.mjs makes it). */
const SERVER_ENTRY = path.join(ROOT, "apps/server/dist/server.mjs");
/**
 * Node's flags in `npm start` (the root package.json); with
 * BENCH_SERVER_PROFILE=<dir>, each server also writes its CPU profile there
 * when it stops (for finding where a run's time went, not for its figures).
 */
const START_FLAGS = [
  "--max-semi-space-size=4",
  ...(process.env.BENCH_SERVER_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`]
    : []),
];
const TICKS_PER_SECOND = 100;

/** redis-server on PATH, or undefined. */
export function redisServerBinary(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  const binary = found.stdout.trim();
  return found.status === 0 && binary ? binary : undefined;
}

export interface Redis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free loopback port, nothing kept on disk. */
export async function startRedis(binary: string): Promise<Redis> {
  const port = await freePort();
  const child = spawn(
    binary,
    ["--save", "", "--appendonly", "no", "--port", String(port), "--bind", "127.0.0.1"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server ended (${code}): ${output}`)));
  });
  child.stdout?.resume();
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid as number, stop: () => stop(child) };
}

export interface ServerProcess {
  name: string;
  /** http://127.0.0.1:PORT */
  base: string;
  pid: number;
  /** From spawn to the first healthy answer. */
  readyMs: number;
  /** Lines the server logged (at LOG_LEVEL warn: warnings and errors). */
  logLines(): string[];
  stop(): Promise<void>;
}

/**
 * The product's server as `npm start` runs it (the compiled dist/server.mjs,
 * node with its flags) on `env` (DATABASE_URL, REDIS_URL, JWT_SECRET), a
 * DATA_DIR of its own, on a free loopback port, logging warnings and
 * errors to a file; answers once /api/v1/health does.
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `fonika-bench-${name}-`));
  const webDist = path.join(dataDir, "no-web");
  mkdirSync(webDist, { mode: 0o700 });
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "w", 0o600);
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...START_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      LOUDNESS_WORKER: "off",
      WEB_DIST: webDist,
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const logLines = () =>
    readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => line.trim());
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`server ${name} ended (${child.exitCode}): ${logLines().join("\n")}`);
      }
      const answer = await fetch(`${base}/api/v1/health`).catch(() => undefined);
      if (answer?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } catch (error) {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    name,
    base,
    pid: child.pid as number,
    readyMs: performance.now() - started,
    logLines,
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SIGTERM, and SIGKILL if it has not ended in 20 s (a server closes its sockets first). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(killer);
}

/** The process's resident memory now, bytes (VmRSS). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** The process's CPU time so far (user + system), seconds. */
export function cpuSecondsOf(pid: number): number {
  // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * CPU time so far of a process and its children (PostgreSQL's postmaster
 * and its backends): its own, its ended children's, and its live
 * children's, seconds.
 */
export function treeCpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // cutime and cstime, the 14th and 15th fields after the command.
  const ended = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  const children = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
  const live = children.reduce((sum, child) => {
    try {
      return sum + cpuSecondsOf(child);
    } catch {
      return sum; // Ended meanwhile.
    }
  }, 0);
  return cpuSecondsOf(pid) + ended + live;
}

/** The machine's busy CPU time so far, all cores, seconds (/proc/stat's first line). */
export function machineCpuSeconds(): { busy: number } {
  const [, ...fields] = (readFileSync("/proc/stat", "utf8").split("\n")[0] as string)
    .trim()
    .split(/\s+/);
  const ticks = fields.map(Number);
  const all = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (all - idle) / TICKS_PER_SECOND };
}

/** A server's /metrics (METRICS_TOKEN set): each sample's value by its name and labels. */
async function metricsOf(server: ServerProcess, token: string): Promise<Map<string, number>> {
  const answer = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!answer.ok) throw new Error(`${server.name}: GET /metrics answered ${answer.status}`);
  const samples = new Map<string, number>();
  for (const line of (await answer.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

export interface LoopFigure {
  /** The largest of the windows' event-loop delay p99 and max, ms (Node's own histogram). */
  delayP99Ms: number;
  delayMaxMs: number;
  /** Garbage collection over the windows, ms a second of them, all kinds and major alone. */
  gcMsPerSecond: number;
  majorGcMsPerSecond: number;
}

/**
 * Each server's event loop and garbage collector over windows (the steady
 * runs), read from its /metrics: Node's event-loop delay histogram (reset
 * at every scrape, so each window starts with one) and its GC time by kind.
 */
export class LoopProbe {
  private readonly gcAtStart = new Map<string, Map<string, number>>();
  private startedAt = 0;
  private seconds = 0;
  private readonly figures = new Map<string, LoopFigure>();
  private readonly gc = new Map<string, { all: number; major: number }>();

  constructor(
    private readonly servers: ServerProcess[],
    private readonly token: string,
  ) {}

  async start(): Promise<void> {
    for (const server of this.servers) {
      this.gcAtStart.set(server.name, await metricsOf(server, this.token));
    }
    this.startedAt = performance.now();
  }

  async stop(): Promise<void> {
    this.seconds += (performance.now() - this.startedAt) / 1000;
    for (const server of this.servers) {
      const now = await metricsOf(server, this.token);
      const before = this.gcAtStart.get(server.name) ?? new Map<string, number>();
      const gcOf = (samples: Map<string, number>, kind: string) =>
        samples.get(`nodejs_gc_duration_seconds_sum{kind="${kind}"}`) ?? 0;
      const kinds = ["major", "minor", "incremental", "weakcb"];
      const spent = (kind: string) => (gcOf(now, kind) - gcOf(before, kind)) * 1000;
      const gc = this.gc.get(server.name) ?? { all: 0, major: 0 };
      gc.all += kinds.reduce((sum, kind) => sum + spent(kind), 0);
      gc.major += spent("major");
      this.gc.set(server.name, gc);
      const last = this.figures.get(server.name);
      this.figures.set(server.name, {
        delayP99Ms: Math.max(
          last?.delayP99Ms ?? 0,
          (now.get("nodejs_eventloop_lag_p99_seconds") ?? Number.NaN) * 1000,
        ),
        delayMaxMs: Math.max(
          last?.delayMaxMs ?? 0,
          (now.get("nodejs_eventloop_lag_max_seconds") ?? Number.NaN) * 1000,
        ),
        gcMsPerSecond: gc.all / this.seconds,
        majorGcMsPerSecond: gc.major / this.seconds,
      });
    }
  }

  figureOf(server: ServerProcess): LoopFigure | undefined {
    return this.figures.get(server.name);
  }
}

/**
 * What a server logged at warn and above, each message once with its count:
 * an error with its cause (a failed query's, not drizzle's "Failed query: …"
 * alone), a warning with its figures.
 */
export function loggedSummary(lines: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const entry = line.startsWith("{") ? JSON.parse(line) : undefined;
    const figures = Object.entries(entry ?? {}).filter(
      ([key, value]) => typeof value === "number" && !["level", "time", "pid"].includes(key),
    );
    const detail =
      entry?.err?.cause?.message ??
      entry?.err?.message ??
      figures.map(([key, value]) => `${key} ${value}`).join(", ");
    const message = entry
      ? `${String(entry.msg)}${detail ? ` (${String(detail).slice(0, 120)})` : ""}`
      : line;
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  const messages = [...counts].map(([message, count]) => `${count}× ${message.slice(0, 280)}`);
  return messages.join("; ") || "nothing";
}
