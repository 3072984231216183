import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

/** One garbage-collection pause: when it began (ms since the epoch), how long, and whether it was a full (major) one. */
export interface GcPause {
  at: number;
  ms: number;
  major: boolean;
}

/** What this process's event loop and garbage collector did while some work ran. */
export interface LoopWatch {
  /** Node's event-loop delay over the work (its histogram less its timer's period, DELAY_RESOLUTION_MS), ms. */
  delayP99Ms: number;
  delayMaxMs: number;
  /** Garbage-collection pauses over the work: how many, the longest and all together, ms. */
  gcPauses: number;
  longestGcMs: number;
  gcMs: number;
  /** Every pause, to be laid beside the commands that were slow. */
  pauses: GcPause[];
}

/**
 * The period of the event-loop delay histogram's timer. Its timer runs in
 * the product's process (the bench's own), and not in the relay's: at 1 ms
 * it woke the product's event loop 1 000 times a second more than the
 * relay's, on two cores shared with the loader and the database's thread.
 * The histogram records each period as it came, so the period is taken
 * from what is printed.
 */
const DELAY_RESOLUTION_MS = 10;

/**
 * Runs `work` with this process's event loop watched: beside a run's p99
 * it says whether a slow command waited for the loop (its delay, its
 * collections) or for a core the operating system gave to someone else.
 */
export async function watchLoop<T>(
  work: () => Promise<T>,
): Promise<{ result: T; loop: LoopWatch }> {
  const delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  const pauses: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      pauses.push({
        at: performance.timeOrigin + entry.startTime,
        ms: entry.duration,
        major: kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      });
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  delay.enable();
  try {
    const result = await work();
    return {
      result,
      loop: {
        delayP99Ms: Math.max(0, delay.percentile(99) / 1e6 - DELAY_RESOLUTION_MS),
        delayMaxMs: Math.max(0, delay.max / 1e6 - DELAY_RESOLUTION_MS),
        gcPauses: pauses.length,
        longestGcMs: pauses.reduce((longest, pause) => Math.max(longest, pause.ms), 0),
        gcMs: pauses.reduce((sum, pause) => sum + pause.ms, 0),
        pauses,
      },
    };
  } finally {
    delay.disable();
    observer.disconnect();
  }
}

/** A line of it, for the bench's report. */
export function loopLine(name: string, loop: LoopWatch): string {
  return (
    `    ${name}: event-loop delay p99 ${loop.delayP99Ms.toFixed(1)} ms, max ` +
    `${loop.delayMaxMs.toFixed(1)} ms; ${loop.gcPauses} GC pauses, longest ` +
    `${loop.longestGcMs.toFixed(1)} ms, ${loop.gcMs.toFixed(0)} ms in all`
  );
}

/**
 * Of the commands at or above a run's p99, how many were in flight while
 * the product collected garbage (a pause overlapping the send and the last
 * receipt, both on the machine's clock), and how many of those during a
 * full collection: whether the slow tail is the collector or something else.
 */
export function slowTailLine(
  latencies: readonly number[],
  sentAt: readonly number[],
  p99: number,
  loop: LoopWatch,
): string {
  let slow = 0;
  let duringGc = 0;
  let duringMajor = 0;
  latencies.forEach((latency, index) => {
    if (latency < p99) return;
    slow++;
    const from = sentAt[index] ?? 0;
    const met = loop.pauses.filter(
      (pause) => pause.at < from + latency && pause.at + pause.ms > from,
    );
    if (met.length > 0) duringGc++;
    if (met.some((pause) => pause.major)) duringMajor++;
  });
  const major = loop.pauses.filter((pause) => pause.major);
  return (
    `    of its ${slow} commands at or above p99, ${duringGc} met a GC pause ` +
    `(${duringMajor} a full one; ${major.length} full collections, longest ` +
    `${major.reduce((longest, pause) => Math.max(longest, pause.ms), 0).toFixed(1)} ms)`
  );
}

/** A run watched: this process's event loop through it, and its slowest commands beside the GC pauses. */
export interface RunWatch {
  loop: LoopWatch;
  tail: string;
}

/** Runs `work` (a run of commands) with this process's loop watched, and lays its slow tail beside it. */
export async function watchRun<Run extends { latencies: number[]; sentAt?: number[] }>(
  work: () => Promise<Run>,
  p99Of: (run: Run) => number,
): Promise<{ run: Run; watch: RunWatch }> {
  const { result: run, loop } = await watchLoop(work);
  return {
    run,
    watch: { loop, tail: slowTailLine(run.latencies, run.sentAt ?? [], p99Of(run), loop) },
  };
}
