import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

/** How the benches load a server: wrk when installed (autocannon else), the baselines in processes of their own, and the loader's own ceiling. */

/** What every `npm run bench` part shares: load, medians, the app, a throwaway PostgreSQL. */

export const CONNECTIONS = 32;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Product and baseline alternate this many times; each figure is the median. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const onlyParts = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((part) => part.trim())
  .filter(Boolean);
/**
 * The parts of a bench to run: BENCH_ONLY=streaming,search runs those
 * (library: streaming, import, search; request path: pglite, postgres);
 * unset, every part runs.
 */
export const BENCH_ONLY = {
  has: (part: string): boolean => onlyParts.length === 0 || onlyParts.includes(part),
};

export interface Figure {
  requestsPerSecond: number;
  bytesPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The loader's own CPU time over the run, in cores (wrk only): near 1, it was the limit. */
  loaderCores?: number;
}

/**
 * wrk from apt when present: it reaches far more than autocannon (a C loop
 * against a JS one). BENCH_LOADER=autocannon uses the fallback anyway.
 */
const WRK =
  process.env.BENCH_LOADER === "autocannon"
    ? undefined
    : ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((candidate) => existsSync(candidate));
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Which loader this run uses, as a line of the bench's output. */
export const LOADER = WRK
  ? `wrk (${WRK}), 1 thread`
  : process.env.BENCH_LOADER === "autocannon"
    ? "autocannon in a worker thread (BENCH_LOADER=autocannon)"
    : "autocannon in a worker thread (wrk not found: install it for figures the loader does not cap)";

export interface LoadOptions {
  headers?: Record<string, string>;
  /** Each request asks for a random range of `rangeBytes` within a file of `fileSize` bytes. */
  ranges?: { fileSize: number; rangeBytes: number };
  seconds?: number;
}

/**
 * One run at full load, from wrk in its own process when present, else
 * from autocannon in a worker thread: either way the server's event loop is
 * not shared with the client's.
 */
export function load(url: string, options: LoadOptions = {}): Promise<Figure> {
  return WRK ? loadWithWrk(WRK, url, options) : loadWithAutocannon(url, options);
}

async function loadWithWrk(wrk: string, url: string, options: LoadOptions): Promise<Figure> {
  const args = [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${options.seconds ?? SECONDS}s`,
    "--timeout",
    "10s",
    "-s",
    path.join(BENCH_DIR, "wrk-load.lua"),
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push("-H", `${name}: ${value}`);
  }
  args.push(url);
  const child = spawn(wrk, args, {
    env: {
      ...process.env,
      BENCH_FILE_SIZE: String(options.ranges?.fileSize ?? 0),
      BENCH_RANGE_BYTES: String(options.ranges?.rangeBytes ?? 0),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, "close")) as [number | null];
  const line = /WRK_RESULT (\{.*\})/.exec(output)?.[1];
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}): ${output}`);
  const result = JSON.parse(line) as {
    requests: number;
    bytes: number;
    durationUs: number;
    errors: number;
    p50Us: number;
    p99Us: number;
    cpuSeconds: number;
  };
  const seconds = result.durationUs / 1_000_000;
  const milliseconds = (microseconds: number) => Math.round(microseconds / 100) / 10;
  return {
    requestsPerSecond: result.requests / seconds,
    bytesPerSecond: result.bytes / seconds,
    p50: milliseconds(result.p50Us),
    p99: milliseconds(result.p99Us),
    errors: result.errors,
    loaderCores: result.cpuSeconds / seconds,
  };
}

async function loadWithAutocannon(url: string, options: LoadOptions): Promise<Figure> {
  if (options.ranges) {
    // The worker's setupRequest module reads these (workers cannot take functions).
    process.env.BENCH_FILE_SIZE = String(options.ranges.fileSize);
    process.env.BENCH_RANGE_BYTES = String(options.ranges.rangeBytes);
  }
  const result = await autocannon({
    url,
    headers: options.headers,
    connections: CONNECTIONS,
    workers: 1,
    duration: options.seconds ?? SECONDS,
    ...(options.ranges
      ? { requests: [{ setupRequest: path.join(BENCH_DIR, "random-range.cjs") as never }] }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    bytesPerSecond: result.throughput.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A bare Node http server in its own process (bare-server.mjs); `url` serves every path. */
export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts bare-server.mjs with these arguments (`file <path> <size>`,
 * `memory <bytes>`, `json`) in a process of its own, so that its event loop
 * and heap are not the product's.
 */
export async function startBareServer(args: string[]): Promise<BareServer> {
  const child = spawn(process.execPath, [path.join(BENCH_DIR, "bare-server.mjs"), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^(\d+)\n/.exec(output)?.[1];
      if (line) resolve(Number(line));
    });
    child.once("exit", (code) => reject(new Error(`bare-server ${args[0]} exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/bare`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * What the loader reaches against a bare Node server in its own process
 * answering `args` (e.g. a static 256 KB body from memory): the ceiling
 * above which no figure of this run can go. A baseline close to it was
 * capped by the loader, not measured.
 */
export async function loaderCeiling(args: string[], options: LoadOptions = {}): Promise<Figure> {
  const bare = await startBareServer(args);
  try {
    await load(bare.url, { ...options, seconds: 1 });
    return await load(bare.url, options);
  } finally {
    await bare.stop();
  }
}

/**
 * The line that says whether the loader was, or may have been, the ceiling
 * of a baseline: its ceiling must stand well above the baseline, and (wrk)
 * its one thread must not have been busy all the time.
 */
export function ceilingLine(ceiling: Figure, baseline: Figure, unit: "req/s" | "MB/s"): string {
  const rate = (figure: Figure) =>
    unit === "MB/s" ? figure.bytesPerSecond : figure.requestsPerSecond;
  const headroom = rate(ceiling) / rate(baseline);
  const busy = baseline.loaderCores;
  const cores = busy === undefined ? "" : `, loader busy ${Math.round(busy * 100)}% of its core`;
  if (headroom < 1.5 || (busy !== undefined && busy > 0.9)) {
    return `    WARN loader ceiling ${headroom.toFixed(1)}× the baseline${cores}: the loader may cap both`;
  }
  return (
    `    loader ceiling ${headroom.toFixed(1)}× the baseline${cores}: the loader is not what limits it` +
    (busy === undefined
      ? " (autocannon: its own load is not measured, and answers streamed in pieces cost" +
        " it far more than this ceiling shows; install wrk)"
      : "")
  );
}
