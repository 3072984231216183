/**
 * The socket bench's figures (sockets.ts): what a run measured, memory a
 * socket, percentiles, and the lines that print them beside their targets.
 */

export interface RunFigure {
  latencies: number[];
  /** When each command was sent, ms since the epoch (the machine's one clock: the product's GC pauses are read on it too). */
  sentAt?: number[];
  lost: number;
  /** Sockets the server closed since they connected (socket-loader.mjs counts from its connect). */
  closedByServer: number;
  /** Those sockets by their close code. */
  closeCodes?: Record<string, number>;
  seconds: number;
  loaderCores: number;
  /** The loader's own collections over the run: how many, and the longest (a client's GC is not the server's latency). */
  loaderGc?: { pauses: number; longestMs: number };
}

export interface CeilingFigure {
  commandsPerSecond: number;
  messagesPerSecond: number;
  loaderCores: number;
}

export interface Memory {
  rss: number;
  heapUsed: number;
  /** Buffers and ArrayBuffers outside the heap. */
  external: number;
  /** The heap V8 holds, used or not. */
  heapTotal: number;
}

/** What a server's memory grew by over `sockets` sockets, a socket. */
export function grewBy(before: Memory, after: Memory, sockets: number): Memory {
  return {
    rss: (after.rss - before.rss) / sockets,
    heapUsed: (after.heapUsed - before.heapUsed) / sockets,
    external: (after.external - before.external) / sockets,
    heapTotal: (after.heapTotal - before.heapTotal) / sockets,
  };
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

export interface Latency {
  p50: number;
  p99: number;
  max: number;
}

export function latencyOf(run: RunFigure): Latency {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;

export function runLine(name: string, run: RunFigure): string {
  const { p50, p99, max } = latencyOf(run);
  return (
    `    ${name.padEnd(30)} p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(max)}` +
    `  (loader busy ${Math.round(run.loaderCores * 100)}% of its core` +
    (run.loaderGc
      ? `, its GC ${run.loaderGc.pauses} pauses, longest ${run.loaderGc.longestMs.toFixed(1)} ms)`
      : ")") +
    (run.lost > 0 ? `  LOST ${run.lost} commands` : "") +
    (run.closedByServer > 0 ? `  ${run.closedByServer} sockets closed by the server` : "")
  );
}

export function targetLine(ok: boolean, text: string): string {
  return `    ${ok ? "ok  " : "MISS"} ${text}`;
}

/** The middle of some figures (the higher of the two middles of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The run of median p99 (a passing disturbance of the machine touches one run, not the median). */
export function medianRun(runs: RunFigure[]): RunFigure {
  const sorted = [...runs].sort((a, b) => latencyOf(a).p99 - latencyOf(b).p99);
  return sorted[Math.floor(sorted.length / 2)] as RunFigure;
}

/**
 * Prints memory a socket, each side's first connection and again, and
 * judges two figures, the larger of the two connections each: what a socket
 * holds (its share of the JS heap and of the buffers outside it) and the
 * process's RSS, which also moves with PGlite's WASM memory (grown by pages
 * for the players' rows, never given back) and V8's held heap
 * (docs/decisions.md, the player socket's bench). Issue 30 sets ≤ 50 KB on
 * the RSS. Answers whether both are within `target` bytes.
 */
export function memoryReport(
  sockets: number,
  relay: { first: Memory; again: Memory },
  product: { first: Memory; again: Memory },
  target: number,
): boolean {
  console.log(
    `  memory per socket: ${sockets} sockets connected and idle, after a GC, less before; ` +
      "first: each socket's first connection; again: the same sockets closed and connected anew",
  );
  const memoryLine = (name: string, memory: Memory) =>
    `    ${name.padEnd(30)} RSS ${kb(memory.rss)}  heap ${kb(memory.heapUsed)}` +
    `  external ${kb(memory.external)}  heap held ${kb(memory.heapTotal)}`;
  console.log(memoryLine("baseline: bare ws relay, first", relay.first));
  console.log(memoryLine("baseline: bare ws relay, again", relay.again));
  console.log(memoryLine("product: player socket, first", product.first));
  console.log(memoryLine("product: player socket, again", product.again));
  const held = (memory: Memory) => memory.heapUsed + memory.external;
  const perSocket = Math.max(held(product.first), held(product.again));
  const relayPerSocket = Math.max(held(relay.first), held(relay.again));
  const rssPerSocket = Math.max(product.first.rss, product.again.rss);
  console.log(
    `    held (heap + external) ratio ${(perSocket / relayPerSocket).toFixed(2)}× the relay (no target)`,
  );
  const kbOf = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    targetLine(
      perSocket <= target,
      `held ${kbOf(perSocket)} KB a socket, heap + external, the larger of first and again ` +
        `(target ≤ ${target / 1024} KB)`,
    ),
  );
  console.log(
    targetLine(
      rssPerSocket <= target,
      `RSS ${kbOf(rssPerSocket)} KB a socket, the larger of first and again (target ≤ ${target / 1024} KB)`,
    ),
  );
  return perSocket <= target && rssPerSocket <= target;
}
