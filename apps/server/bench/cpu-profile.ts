import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/**
 * With BENCH_SOCKET_PROFILE=<path>, a CPU profile of this process (the
 * product's server) over `work` alone, written to `<path>.<label>.cpuprofile`:
 * the steady state without the fixtures' making or the sockets' connecting.
 * With BENCH_SOCKET_ALLOCATIONS=<path>, a sampling profile of what `work`
 * allocates, garbage included (what makes the young generation's
 * collections), written to `<path>.<label>.heapprofile`; with
 * BENCH_SOCKET_ALLOCATIONS_KEPT=1 as well, only what outlived a young
 * collection (what the scavenges copy and promote).
 */
export async function profiled<T>(label: string | undefined, work: () => Promise<T>): Promise<T> {
  const cpuPath = process.env.BENCH_SOCKET_PROFILE;
  const allocationsPath = process.env.BENCH_SOCKET_ALLOCATIONS;
  if ((!cpuPath && !allocationsPath) || !label) return work();
  const session = new Session();
  session.connect();
  if (cpuPath) {
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  if (allocationsPath) {
    await session.post("HeapProfiler.enable");
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 16 * 1024,
      includeObjectsCollectedByMajorGC: true,
      // BENCH_SOCKET_ALLOCATIONS_KEPT=1: only what outlived a young collection (what is promoted).
      includeObjectsCollectedByMinorGC: process.env.BENCH_SOCKET_ALLOCATIONS_KEPT !== "1",
    });
  }
  try {
    return await work();
  } finally {
    if (cpuPath) {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(`${cpuPath}.${label}.cpuprofile`, JSON.stringify(profile));
    }
    if (allocationsPath) {
      const { profile } = await session.post("HeapProfiler.stopSampling");
      writeFileSync(`${allocationsPath}.${label}.heapprofile`, JSON.stringify(profile));
    }
    session.disconnect();
  }
}
