import type { ServiceLog } from "../../kernel/service-log.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { SubscriptionRef } from "./subscription-news.ts";
import type { SubscriptionsStore } from "./subscriptions.store.ts";

export interface SubscriptionEndingsOptions {
  store: SubscriptionsStore;
  log: ServiceLog;
  /**
   * Any change of who may hear what (every change of a subscription
   * announces one) makes the job look again, as does a gap of the shared
   * bus (such an event may have been missed).
   */
  bus: Pick<EventBus, "subscribe" | "onGap">;
  /** Tells every process that who may hear which music changed. */
  announceMusicAccessChange(): Promise<void>;
  /** Tells the owners' and staff's screens that these subscriptions ended (issue 28). */
  announceEnded(ended: SubscriptionRef[]): Promise<void>;
}

/** The longest delay a timer holds (~24.8 days): a later end is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** How soon a look that failed (the database gone) is tried again. */
const RETRY_MS = 60_000;

/**
 * Subscriptions end by date (issue 13): when a live subscription's period
 * is over, its end is written down and announced at once, so that what its
 * tariff allowed stops being scheduled on the venue's players within a
 * second of the end, not at their next window edge. Reads already treat a
 * period that is over as ended; this is what tells the running players.
 *
 * The job sleeps until the next end, or with none until an event: every
 * change of a subscription (made, activated, approved, moved, ended,
 * forgotten with its client) announces `music-access-changed` on every
 * process, and the job looks again then; an idle process queries nothing
 * (issue 16). Several
 * processes may run it on one database: the update that writes an end
 * returns its rows to one process only, which announces them.
 */
export class SubscriptionEndings {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private lookAgain = false;
  private stopListening: (() => void) | undefined;

  /** When the next look of its timer is due (ms since the epoch); null while it sleeps until an event. */
  private dueAt: number | null = null;

  constructor(private readonly options: SubscriptionEndingsOptions) {}

  start(): void {
    this.stopped = false;
    const lookNow = () => {
      // A look in flight may have read before this change: it looks once more.
      if (this.running) this.lookAgain = true;
      else this.schedule(0);
    };
    this.stopListening = this.options.bus.subscribe((event) => {
      if (event.kind === "music-access-changed") lookNow();
    });
    this.options.bus.onGap(lookNow);
    this.schedule(0);
  }

  /** When the job looks next (ms since the epoch); null while it sleeps until an event. */
  get nextLookAt(): number | null {
    return this.dueAt;
  }

  /** Whether a look is running now. */
  get looking(): boolean {
    return this.running !== undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    clearTimeout(this.timer);
    await this.running;
  }

  /** Ends the subscriptions whose period is over at `now`; answers how many ended. */
  async endDue(now = new Date()): Promise<number> {
    const ended = await this.options.store.subscriptions.endDueSubscriptions(now);
    if (ended.length > 0) {
      this.options.log.info(
        { subscriptionIds: ended.map((row) => row.id) },
        "subscriptions ended by date",
      );
      await this.options.announceMusicAccessChange();
      await this.options.announceEnded(ended);
    }
    return ended.length;
  }

  /** Looks after `delayMs`; null: not until an event. */
  private schedule(delayMs: number | null): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = null;
    if (this.stopped || delayMs === null) return;
    const delay = Math.min(delayMs, LONGEST_TIMER_MS);
    this.dueAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dueAt = null;
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.lookAgain = false;
    let wait: number | null = RETRY_MS;
    try {
      await this.endDue();
      const next = await this.options.store.subscriptions.nextEndAt();
      wait = next ? Math.max(next.getTime() - Date.now(), 0) : null;
    } catch (error) {
      this.options.log.error({ err: error }, "ending subscriptions by date failed");
    }
    this.schedule(this.lookAgain ? 0 : wait);
  }
}
