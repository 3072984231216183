import type { Database } from "../../db/client.ts";
import type { ServiceLog } from "../../lib/logging.ts";
import type { EventBus } from "../../realtime/bus.ts";
import * as repository from "./subscriptions.repository.ts";

export interface SubscriptionEndingsOptions {
  db: Database;
  log: ServiceLog;
  /** Any change of who may hear what (a subscription made, moved, changed) makes the job look again. */
  bus: Pick<EventBus, "subscribe">;
  /** Tells every process that who may hear which music changed. */
  announceMusicAccessChange(): Promise<void>;
  /**
   * The longest wait between two looks (default 60 s): a subscription
   * made or changed meanwhile with an earlier end is seen by then.
   */
  maxWaitMs?: number;
}

/**
 * Subscriptions end by date (issue 13): when a live subscription's period
 * is over, its end is written down and announced at once, so that what its
 * tariff allowed stops being scheduled on the venue's players within a
 * second of the end, not at their next window edge. Reads already treat a
 * period that is over as ended; this is what tells the running players.
 *
 * The job sleeps until the next end (at most `maxWaitMs`), and looks
 * again when a `music-access-changed` event says subscriptions changed on
 * any process (a new period, an earlier end). Several
 * processes may run it on one database: the update that writes an end
 * returns its rows to one process only, which announces them.
 */
export class SubscriptionEndings {
  private readonly maxWaitMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private lookAgain = false;
  private stopListening: (() => void) | undefined;

  constructor(private readonly options: SubscriptionEndingsOptions) {
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
  }

  start(): void {
    this.stopped = false;
    this.stopListening = this.options.bus.subscribe((event) => {
      if (event.kind !== "music-access-changed") return;
      // A look in flight may have read before this change: it looks once more.
      if (this.running) this.lookAgain = true;
      else this.schedule(0);
    });
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    clearTimeout(this.timer);
    await this.running;
  }

  /** Ends the subscriptions whose period is over at `now`; answers how many ended. */
  async endDue(now = new Date()): Promise<number> {
    const ended = await repository.endDueSubscriptions(this.options.db, now);
    if (ended.length > 0) {
      this.options.log.info(
        { subscriptionIds: ended.map((row) => row.id) },
        "subscriptions ended by date",
      );
      await this.options.announceMusicAccessChange();
    }
    return ended.length;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.lookAgain = false;
    let wait = this.maxWaitMs;
    try {
      await this.endDue();
      const next = await repository.nextEndAt(this.options.db);
      if (next) wait = Math.min(wait, Math.max(next.getTime() - Date.now(), 0));
    } catch (error) {
      this.options.log.error({ err: error }, "ending subscriptions by date failed");
    }
    this.schedule(this.lookAgain ? 0 : wait);
  }
}
