import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/**
 * With BENCH_SOCKET_PROFILE=<path>, a CPU profile of this process (the
 * product's server) over `work` alone, written to `<path>.<label>.cpuprofile`:
 * the steady state without the fixtures' making or the sockets' connecting.
 */
export async function profiled<T>(label: string | undefined, work: () => Promise<T>): Promise<T> {
  const path = process.env.BENCH_SOCKET_PROFILE;
  if (!path || !label) return work();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(`${path}.${label}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}
