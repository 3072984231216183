import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

/** What this process's event loop and garbage collector did while some work ran. */
export interface LoopWatch {
  /** Node's event-loop delay histogram over the work (1 ms resolution), ms. */
  delayP99Ms: number;
  delayMaxMs: number;
  /** Garbage-collection pauses over the work: how many, the longest and all together, ms. */
  gcPauses: number;
  longestGcMs: number;
  gcMs: number;
}

/**
 * Runs `work` with this process's event loop watched: beside a run's p99
 * it says whether a slow command waited for the loop (its delay, its
 * collections) or for a core the operating system gave to someone else.
 */
export async function watchLoop<T>(
  work: () => Promise<T>,
): Promise<{ result: T; loop: LoopWatch }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ["gc"] });
  delay.enable();
  try {
    const result = await work();
    return {
      result,
      loop: {
        delayP99Ms: delay.percentile(99) / 1e6,
        delayMaxMs: delay.max / 1e6,
        gcPauses: pauses.length,
        longestGcMs: pauses.reduce((longest, pause) => Math.max(longest, pause), 0),
        gcMs: pauses.reduce((sum, pause) => sum + pause, 0),
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
