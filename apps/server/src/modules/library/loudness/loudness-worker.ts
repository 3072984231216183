import type { ServiceLog } from "../../../kernel/service-log.ts";
import type { EventBus } from "../../../realtime/bus.ts";

/**
 * What the worker runs: the library's loudness job (loudness.ts).
 */
export interface LoudnessJobRunner {
  /** Run once before the first measurement (e.g. frees a crashed run's claims). */
  recover(): Promise<void>;
  /**
   * Measures one song due now; false when none was due or `signal` stopped
   * it (then the song is handed back). Throws when it cannot work at all.
   */
  measureNext(signal: AbortSignal): Promise<boolean>;
  /**
   * How long until the next pending song is due, in milliseconds (0: now);
   * undefined when none is pending.
   */
  nextDueInMs(): Promise<number | undefined>;
}

/** The worker's options: its job (made lazily: it may throw when there is no ffmpeg), bus and log. */
export interface LoudnessWorkerOptions {
  /** LOUDNESS_WORKER: off leaves the worker out of this process (wake and idle do nothing). */
  enabled: boolean;
  /** Builds the job on the library; may throw (no ffmpeg). */
  createJob(): LoudnessJobRunner;
  bus: EventBus;
  log: ServiceLog;
  /** After a failed run (no ffmpeg, database down), wait this long (default 60 s). */
  errorPauseMs?: number;
}

/** What the library offers of its worker (tests and tools wait for it). */
export interface LoudnessWorker {
  /** Look for pending songs now (in this process only; the bus event wakes them all). */
  wake(): void;
  /** Resolves when the worker has nothing due left to measure (at once when it is off). */
  idle(): Promise<void>;
}

/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The background worker of loudness measurement: started when the app is
 * ready (the library's plugin), it runs the job song after song (one ffmpeg
 * at a time in this process) until nothing is due. It never polls: a
 * `loudness-pending` bus event (an upload or import in any process) wakes
 * it, and when nothing is due it sleeps on one timer until the next pending
 * song is (a retry's delay, another process's lease), or without any timer
 * when none is pending. Closing the app kills a running ffmpeg and waits
 * until its song is handed back, then tells the other processes.
 * `LOUDNESS_WORKER=off` leaves it out of a process; `wake` and `idle` then
 * do nothing.
 */
export function createLoudnessWorker(options: LoudnessWorkerOptions): LoudnessWorker & {
  start(): Promise<void>;
  stop(): Promise<void>;
} {
  const { bus, log } = options;
  let job: LoudnessJobRunner | undefined;
  if (options.enabled) {
    try {
      job = options.createJob();
    } catch (error) {
      // The rest of the product works without it; songs stay pending.
      log.error({ err: error }, "loudness worker not started: songs stay pending");
    }
  }
  if (!job) {
    return {
      wake: () => undefined,
      idle: async () => undefined,
      start: async () => undefined,
      stop: async () => undefined,
    };
  }
  const worker = new Worker(job, log, options.errorPauseMs ?? 60_000);
  let stopListening: (() => void) | undefined;
  return {
    wake: () => worker.wake(),
    idle: () => worker.idle(),
    start: async () => {
      stopListening = bus.subscribe((event) => {
        if (event.kind === "loudness-pending") worker.wake();
      });
      // Redis came back after a loss: an event may have been missed.
      bus.onGap(() => worker.wake());
      await worker.start();
    },
    stop: async () => {
      stopListening?.();
      const handedBack = await worker.stop();
      // Due again at once: the other processes need not wait for its lease to end.
      if (handedBack) await bus.publish({ kind: "loudness-pending", rooms: [] });
    },
  };
}

class Worker {
  /** Aborted by stop(): kills a running ffmpeg. */
  private readonly stopping = new AbortController();
  /** The one timer while idle: when the next song is due, or when an error pause ends. */
  private timer: NodeJS.Timeout | undefined;
  /** The loop in progress, if any: there is never more than one. */
  private running: Promise<void> | undefined;
  /** A wake-up arrived: look for songs again before going idle. */
  private wanted = false;
  private pausedUntil = 0;

  constructor(
    private readonly job: LoudnessJobRunner,
    private readonly log: ServiceLog,
    private readonly errorPauseMs: number,
  ) {}

  async start(): Promise<void> {
    try {
      await this.job.recover();
    } catch (error) {
      this.log.error({ err: error }, "loudness: releasing old claims failed");
    }
    this.wake();
  }

  wake(): void {
    // During an error pause its own timer wakes it.
    if (this.stopping.signal.aborted || Date.now() < this.pausedUntil) return;
    this.sleep(undefined);
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

  /** Stops and waits for the loop; answers whether it was measuring (its song is handed back). */
  async stop(): Promise<boolean> {
    const wasRunning = this.running !== undefined;
    this.sleep(undefined);
    this.stopping.abort();
    await this.idle();
    return wasRunning;
  }

  /** Replaces the timer: wakes after `ms` (clamped to what setTimeout takes), or never. */
  private sleep(ms: number | undefined): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (ms === undefined || this.stopping.signal.aborted) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.pausedUntil = 0;
        this.wake();
      },
      Math.min(ms, LONGEST_TIMER_MS),
    );
    // The server's socket holds the process; a sleeping worker should not.
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    const { signal } = this.stopping;
    while (this.wanted && !signal.aborted) {
      this.wanted = false;
      try {
        while (await this.job.measureNext(signal)) {
          // One song after another; the job stops early once the signal aborts.
        }
        if (this.wanted || signal.aborted) continue;
        // Nothing due now: sleep until the next song is, if any is pending.
        const dueInMs = await this.job.nextDueInMs();
        if (!this.wanted) this.sleep(dueInMs);
      } catch (error) {
        this.pausedUntil = Date.now() + this.errorPauseMs;
        this.wanted = false;
        this.sleep(this.errorPauseMs);
        this.log.error(
          { err: error, pauseMs: this.errorPauseMs },
          "loudness: measuring stopped; trying again later",
        );
      }
    }
  }
}
