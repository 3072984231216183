import type { CeilingFigure, RunFigure } from "./socket-figures.ts";
import type { SocketSpec } from "./socket-fixtures.ts";
import { type Child, raiseLoader, spawnLoader } from "./socket-processes.ts";

/**
 * Several loaders (socket-loader.mjs, unchanged) as one, for a bench of more
 * sockets than a process may hold: this machine allows a process 20 000
 * open files and root here cannot raise it (no CAP_SYS_RESOURCE), so 22 000
 * sockets are held by two loaders. Each holds every socket of its share of
 * the owners, so a command's send and all its receipts are still read on
 * one clock, that loader's; their figures are merged.
 */
/** What a connect answers: sockets opened and failed, its seconds, sockets the server closed meanwhile. */
export interface Connected {
  connected: number;
  failed: number;
  seconds: number;
  closedByServer: number;
}

export class LoaderGroup {
  private constructor(readonly loaders: Child[]) {}

  /** `count` loaders, each raised above the servers; answers them and the lines that say so. */
  static spawn(count: number): { group: LoaderGroup; lines: string[] } {
    const loaders = Array.from({ length: count }, spawnLoader);
    const lines = [...new Set(loaders.map((loader) => raiseLoader(loader.process.pid)))];
    return { group: new LoaderGroup(loaders), lines };
  }

  /** The owner's share: loader `index` of the owner at `ownerIndex` of `owners`. */
  shareOf(ownerIndex: number, owners: number): number {
    return Math.min(
      this.loaders.length - 1,
      Math.floor((ownerIndex * this.loaders.length) / owners),
    );
  }

  /** Opens every loader's sockets at once, `concurrency` in all. */
  async connect(shares: SocketSpec[][], concurrency: number): Promise<Connected> {
    const answers = await Promise.all(
      this.loaders.map((loader, index) =>
        loader.ask<Connected>({
          connect: {
            sockets: shares[index] ?? [],
            concurrency: Math.ceil(concurrency / this.loaders.length),
          },
        }),
      ),
    );
    return {
      connected: answers.reduce((sum, answer) => sum + answer.connected, 0),
      failed: answers.reduce((sum, answer) => sum + answer.failed, 0),
      seconds: Math.max(...answers.map((answer) => answer.seconds)),
      closedByServer: answers.reduce((sum, answer) => sum + answer.closedByServer, 0),
    };
  }

  /**
   * `commands` at `perSecond`, `groupSize` at a time, shared between the
   * loaders. One at a time (groupSize 1), each loader's schedule starts a
   * gap later than the one before, so that theirs interleave rather than
   * send together; a burst starts on all at once.
   */
  async run(commands: number, perSecond: number, groupSize: number): Promise<RunFigure> {
    const count = this.loaders.length;
    const staggerMs = groupSize === 1 ? 1000 / perSecond : 0;
    const answers = await Promise.all(
      this.loaders.map(async (loader, index) => {
        await sleep(staggerMs * index);
        return loader.ask<RunFigure>({
          run: {
            commands: Math.round(commands / count),
            perSecond: perSecond / count,
            groupSize: Math.max(1, Math.round(groupSize / count)),
          },
        });
      }),
    );
    return {
      latencies: answers.flatMap((answer) => answer.latencies),
      sentAt: answers.flatMap((answer) => answer.sentAt ?? []),
      lost: answers.reduce((sum, answer) => sum + answer.lost, 0),
      closedByServer: answers.reduce((sum, answer) => sum + answer.closedByServer, 0),
      closeCodes: answers.reduce<Record<string, number>>((codes, answer) => {
        for (const [code, count] of Object.entries(answer.closeCodes ?? {})) {
          codes[code] = (codes[code] ?? 0) + count;
        }
        return codes;
      }, {}),
      seconds: Math.max(...answers.map((answer) => answer.seconds)),
      // The busiest loader, of its own core.
      loaderCores: Math.max(...answers.map((answer) => answer.loaderCores)),
      loaderGc: {
        pauses: answers.reduce((sum, answer) => sum + (answer.loaderGc?.pauses ?? 0), 0),
        longestMs: Math.max(...answers.map((answer) => answer.loaderGc?.longestMs ?? 0)),
      },
    };
  }

  /** Every loader's closed loop at once; commands and messages a second in all. */
  async ceiling(seconds: number): Promise<CeilingFigure> {
    const answers = await Promise.all(
      this.loaders.map((loader) => loader.ask<CeilingFigure>({ ceiling: { seconds } })),
    );
    return {
      commandsPerSecond: answers.reduce((sum, answer) => sum + answer.commandsPerSecond, 0),
      messagesPerSecond: answers.reduce((sum, answer) => sum + answer.messagesPerSecond, 0),
      loaderCores: Math.max(...answers.map((answer) => answer.loaderCores)),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.loaders.map((loader) => loader.ask({ close: true })));
  }

  async stop(): Promise<void> {
    await Promise.all(this.loaders.map((loader) => loader.stop()));
  }
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
