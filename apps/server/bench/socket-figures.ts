/**
 * The socket bench's figures (sockets.ts): what a run measured, memory a
 * socket, percentiles, and the lines that print them beside their targets.
 */

export interface RunFigure {
  latencies: number[];
  lost: number;
  /** Sockets the server closed since they connected (socket-loader.mjs counts from its connect). */
  closedByServer: number;
  /** Those sockets by their close code. */
  closeCodes?: Record<string, number>;
  seconds: number;
  loaderCores: number;
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
    `  (loader busy ${Math.round(run.loaderCores * 100)}% of its core)` +
    (run.lost > 0 ? `  LOST ${run.lost} commands` : "") +
    (run.closedByServer > 0 ? `  ${run.closedByServer} sockets closed by the server` : "")
  );
}

export function targetLine(ok: boolean, text: string): string {
  return `    ${ok ? "ok  " : "MISS"} ${text}`;
}

/** The run of median p99 (a passing disturbance of the machine touches one run, not the median). */
export function medianRun(runs: RunFigure[]): RunFigure {
  const sorted = [...runs].sort((a, b) => latencyOf(a).p99 - latencyOf(b).p99);
  return sorted[Math.floor(sorted.length / 2)] as RunFigure;
}
