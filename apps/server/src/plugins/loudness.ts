import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * What the worker runs: the songs module's loudness job. app.ts hands it in
 * (plugins never import a module).
 */
export interface LoudnessJobRunner {
  /** Run once before the first measurement (e.g. frees a crashed run's claims). */
  recover(): Promise<void>;
  /**
   * Measures one song due now; false when none was due or `signal` stopped
   * it (then the song is handed back). Throws when it cannot work at all.
   */
  measureNext(signal: AbortSignal): Promise<boolean>;
}

export interface LoudnessPluginOptions {
  /** Builds the job on the app's library; may throw (no ffmpeg). */
  createJob(): LoudnessJobRunner;
  /** Look for due songs this often while idle (default 5 s). */
  pollIntervalMs?: number;
  /** After a failed run (no ffmpeg, database down), wait this long (default 60 s). */
  errorPauseMs?: number;
}

export interface LoudnessWorker {
  /** Look for pending songs now, e.g. right after an upload. */
  wake(): void;
  /** Resolves when the worker has nothing due left to measure (at once when it is off). */
  idle(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    loudness: LoudnessWorker;
  }
}

/**
 * The background worker of loudness measurement: started when the app is
 * ready, it runs the job song after song (one ffmpeg at a time in this
 * process) until nothing is due, then looks again every few seconds or when
 * woken. Closing the app kills a running ffmpeg and waits until its song is
 * handed back. `LOUDNESS_WORKER=off` leaves it out of a process; `wake`
 * and `idle` then do nothing.
 */
export default fp<LoudnessPluginOptions>(
  async function loudnessPlugin(app: FastifyInstance, options: LoudnessPluginOptions) {
    const log = app.log.child({ module: "loudness" });
    let job: LoudnessJobRunner | undefined;
    if (app.config.loudnessWorker) {
      try {
        job = options.createJob();
      } catch (error) {
        // The rest of the product works without it; songs stay pending.
        log.error({ err: error }, "loudness worker not started: songs stay pending");
      }
    }
    if (!job) {
      app.decorate("loudness", { wake: () => undefined, idle: async () => undefined });
      return;
    }
    const worker = new Worker(job, log, options);
    app.decorate("loudness", { wake: () => worker.wake(), idle: () => worker.idle() });
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "loudness", dependencies: ["db", "storage"] },
);

class Worker {
  private readonly pollIntervalMs: number;
  private readonly errorPauseMs: number;
  /** Aborted by stop(): kills a running ffmpeg. */
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  /** The loop in progress, if any: there is never more than one. */
  private running: Promise<void> | undefined;
  /** A wake-up arrived: look for songs again before going idle. */
  private wanted = false;
  private pausedUntil = 0;

  constructor(
    private readonly job: LoudnessJobRunner,
    private readonly log: FastifyInstance["log"],
    options: LoudnessPluginOptions,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.errorPauseMs = options.errorPauseMs ?? 60_000;
  }

  async start(): Promise<void> {
    try {
      await this.job.recover();
    } catch (error) {
      this.log.error({ err: error }, "loudness: releasing old claims failed");
    }
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  wake(): void {
    if (this.stopping.signal.aborted || Date.now() < this.pausedUntil) return;
    this.wanted = true;
    this.running ??= this.loop().finally(() => {
      this.running = undefined;
      // A wake-up between the loop's last look and its end.
      if (this.wanted) this.wake();
    });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.idle();
  }

  private async loop(): Promise<void> {
    const { signal } = this.stopping;
    while (this.wanted && !signal.aborted && Date.now() >= this.pausedUntil) {
      this.wanted = false;
      try {
        while (await this.job.measureNext(signal)) {
          // One song after another; the job stops early once the signal aborts.
        }
      } catch (error) {
        this.pausedUntil = Date.now() + this.errorPauseMs;
        this.wanted = false;
        this.log.error(
          { err: error, pauseMs: this.errorPauseMs },
          "loudness: measuring stopped; trying again later",
        );
      }
    }
  }
}
