import { performance } from "node:perf_hooks";
import { cpuSecondsOf, machineCpuSeconds } from "./server-processes.ts";
import type { RunFigure } from "./socket-figures.ts";
import type { SocketSpec } from "./socket-fixtures.ts";
import type { LoaderGroup } from "./socket-loaders.ts";
import type { Child } from "./socket-processes.ts";

/**
 * One side of the two-process bench (sockets-two-processes.ts): the
 * product, the bridged relays or the direct ones, connected once, warmed
 * up, run for its rounds of steady and burst commands, and costed.
 */

/** What one side ran, and what its processes cost over the steady runs. */
export interface Side {
  steady: RunFigure[];
  burst: RunFigure[];
  connectSeconds: number;
  /** Sockets the server closed by the end of the connect (the loader counts from its start). */
  closedAtConnect: number;
  /** Cores each named process used over the steady runs, and the machine's (of all its cores). */
  steadyCores: Record<string, number>;
}

/** The bench's shape, the same for every side. */
export interface SidePlan {
  concurrency: number;
  warmUp: number;
  /** Steady commands a second. */
  rate: number;
  rounds: number;
  commands: number;
  burstCommands: number;
  owners: number;
}

/** A side's sockets (a share a loader), its processes' CPU seconds by name, and its hooks. */
export type MeasureArgs = [
  sockets: () => Promise<SocketSpec[][]>,
  cpuOf: Record<string, () => number>,
  hooks: {
    connected(): Promise<void>;
    steady?: { before(): Promise<void>; after(): Promise<void> };
    after?(): Promise<void>;
  },
];

/**
 * Connects one side's sockets, runs the warm-up and the rounds, and closes
 * them; `cpuOf` each process's CPU seconds, read over the steady runs, and
 * the hooks run once connected, around each steady run, and after the rounds.
 */
export async function measureSide(
  loaders: LoaderGroup,
  plan: SidePlan,
  ...[sockets, cpuOf, hooks]: MeasureArgs
): Promise<Side> {
  const connected = await loaders.connect(await sockets(), plan.concurrency);
  if (connected.failed > 0) throw new Error(`${connected.failed} sockets failed to open`);
  await hooks.connected();
  await loaders.run(plan.warmUp, plan.rate, 1);
  const side: Side = {
    steady: [],
    burst: [],
    connectSeconds: connected.seconds,
    closedAtConnect: connected.closedByServer,
    steadyCores: {},
  };
  const used: Record<string, number> = {};
  let seconds = 0;
  let machine = 0;
  for (let round = 0; round < plan.rounds; round++) {
    const before = Object.fromEntries(Object.entries(cpuOf).map(([name, read]) => [name, read()]));
    const machineBefore = machineCpuSeconds();
    await hooks.steady?.before();
    const started = performance.now();
    side.steady.push(await loaders.run(plan.commands, plan.rate, 1));
    seconds += (performance.now() - started) / 1000;
    await hooks.steady?.after();
    machine += machineCpuSeconds().busy - machineBefore.busy;
    for (const [name, read] of Object.entries(cpuOf)) {
      used[name] = (used[name] ?? 0) + read() - (before[name] as number);
    }
    side.burst.push(await loaders.run(plan.burstCommands, plan.owners * 2, plan.owners));
  }
  for (const [name, cpu] of Object.entries(used)) side.steadyCores[name] = cpu / seconds;
  side.steadyCores.machine = machine / seconds;
  await hooks.after?.();
  await loaders.close();
  return side;
}

/** Each relay's CPU seconds, by its name ("relay 1", "relay 2"). */
export function cpuOfRelays(relays: readonly Child[]): Record<string, () => number> {
  return Object.fromEntries(
    relays.map((relay, index) => [
      `relay ${index + 1}`,
      () => cpuSecondsOf(relay.process.pid ?? 0),
    ]),
  );
}
