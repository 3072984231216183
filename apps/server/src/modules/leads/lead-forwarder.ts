import type { ServiceLog } from "../../kernel/service-log.ts";
import type { LeadRow } from "./leads.repository.ts";
import type { LeadsStore } from "./leads.store.ts";

/** Waits after the 1st, 2nd, … failure; the last one repeats for ever. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
];

export interface LeadForwarderOptions {
  store: LeadsStore;
  webhookUrl: string;
  log: ServiceLog;
  retryDelaysMs?: readonly number[];
  /** After a failed run (the database gone), look again after this long (default 5 s). */
  errorPauseMs?: number;
  /** A webhook call that takes longer fails (default 10 s). */
  timeoutMs?: number;
  /** Leads sent at once (default 10). */
  batchSize?: number;
  /**
   * How long `stop()` lets webhook calls in flight finish before aborting
   * them (default 2 s), well inside the 10 s the process gives shutdown.
   */
  stopGraceMs?: number;
}

/** The JSON body the webhook receives (CONTRACT.md: AMO_WEBHOOK_URL). */
export interface LeadWebhookBody {
  id: string;
  name: string;
  phone: string;
  company: string;
  createdAt: string;
  source: "landing";
}

/** How one webhook call ended: answered 2xx, failed (why), or cut by stop(). */
type SendResult =
  | { outcome: "delivered" }
  | { outcome: "failed"; error: string }
  | { outcome: "interrupted" };

/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The outbox of landing page leads: every lead is in the database before it
 * is sent, and this forwarder POSTs the pending ones to AMO_WEBHOOK_URL until
 * the webhook answers 2xx. A failure (non-2xx, network, timeout) is recorded
 * on the lead and retried with growing delays, for ever; after a restart
 * the leads are picked up where they were.
 *
 * Several processes may run a forwarder on one database: a lead is claimed
 * under `for update skip locked` with a lease, so each send happens in one
 * process. Delivery is at least once — a process that dies after the
 * webhook answered but before recording it sends the lead again after the
 * lease — so the body carries the lead's `id` for the receiver to dedupe.
 *
 * It never polls: a new lead wakes it (`wake`), and after each run it sleeps
 * on one timer until the next lead waiting is due (a retry's delay, another
 * process's lease), or without a timer when none waits.
 *
 * Stopping (SIGTERM) gives calls in flight a short grace, then aborts them:
 * an aborted lead is released, due again at once and not counted as a
 * failure, so the next start (or another process) sends it without waiting
 * for its lease.
 */
export class LeadForwarder {
  private readonly retryDelaysMs: readonly number[];
  private readonly errorPauseMs: number;
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly stopGraceMs: number;
  /** Aborted when stop()'s grace ends: cuts the webhook calls still in flight. */
  private readonly abortInFlight = new AbortController();
  /** The one timer while idle: when the next lead is due. Only once started. */
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  /** The runs happen one after another, never two at once. */
  private chain: Promise<unknown> = Promise.resolve();
  /** A run queued but not started yet; further wake-ups join it. */
  private queued: Promise<number> | null = null;

  constructor(private readonly options: LeadForwarderOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.errorPauseMs = options.errorPauseMs ?? 5_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.batchSize = options.batchSize ?? 10;
    this.stopGraceMs = options.stopGraceMs ?? 2_000;
    // Long enough for a whole batch (sent in parallel) to finish.
    this.leaseMs = this.timeoutMs + 60_000;
  }

  /** Forwards what is already due, then sleeps until the next lead is due or a wake-up. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.wake();
  }

  /** Asks for a run soon, e.g. right after a new lead was stored. */
  wake(): void {
    this.tick().catch(() => undefined);
  }

  /**
   * Forwards every lead due now and answers how many were attempted. Runs
   * after the current run, if any; calls made before it starts share it.
   */
  tick(): Promise<number> {
    if (this.queued) return this.queued;
    const run = this.chain.then(async () => {
      this.queued = null;
      if (this.stopped) return 0;
      try {
        const attempted = await this.forwardDue();
        await this.sleepUntilNextDue();
        return attempted;
      } catch (error) {
        this.sleep(this.errorPauseMs);
        throw error;
      }
    });
    this.queued = run;
    this.chain = run.catch((error: unknown) => {
      this.options.log.error({ err: error }, "lead forwarding run failed");
    });
    return run;
  }

  /**
   * Stops the timer and waits for a run in progress to finish: webhook calls
   * in flight get `stopGraceMs`, then are aborted and their leads released.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.sleep(undefined);
    const grace = setTimeout(() => this.abortInFlight.abort(), this.stopGraceMs);
    try {
      await this.chain;
    } finally {
      clearTimeout(grace);
    }
  }

  /** Once started: one timer for when the next lead is due; none when none waits or a run is queued. */
  private async sleepUntilNextDue(): Promise<void> {
    if (!this.started || this.stopped || this.queued) return;
    const next = await this.options.store.leads.nextLeadAttemptAt();
    // A wake-up meanwhile queued a run, which looks again when it ends.
    if (this.queued) return;
    this.sleep(next === undefined ? undefined : Math.max(0, next.getTime() - Date.now()));
  }

  /** Replaces the timer: a run after `ms` (clamped to what setTimeout takes), or none. */
  private sleep(ms: number | undefined): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (ms === undefined || !this.started || this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.wake();
      },
      Math.min(ms, LONGEST_TIMER_MS),
    );
    this.timer.unref();
  }

  private async forwardDue(): Promise<number> {
    let attempted = 0;
    while (!this.stopped) {
      const now = new Date();
      const claimed = await this.options.store.withTx((tx) =>
        tx.leads.claimDueLeads(now, new Date(now.getTime() + this.leaseMs), this.batchSize),
      );
      if (claimed.length === 0) break;
      await Promise.all(claimed.map((lead) => this.forward(lead)));
      attempted += claimed.length;
      if (claimed.length < this.batchSize) break;
    }
    return attempted;
  }

  private async forward(lead: LeadRow): Promise<void> {
    const { store, log } = this.options;
    const attempts = lead.attempts + 1;
    // Once stopping, a claimed lead is not sent: it is handed back at once.
    const result: SendResult = this.stopped ? { outcome: "interrupted" } : await this.post(lead);
    if (result.outcome === "interrupted") {
      await store.leads.releaseLead(lead.id, new Date());
      log.info({ leadId: lead.id }, "lead not sent: stopping; it is due again at the next start");
      return;
    }
    if (result.outcome === "delivered") {
      await store.leads.markLeadForwarded(lead.id, attempts, new Date());
      log.info({ leadId: lead.id, attempts }, "lead forwarded to the webhook");
      return;
    }
    const delay =
      this.retryDelaysMs[Math.min(attempts, this.retryDelaysMs.length) - 1] ?? 30 * 60_000;
    await store.leads.markLeadFailing(
      lead.id,
      attempts,
      result.error,
      new Date(Date.now() + delay),
    );
    log.warn(
      { leadId: lead.id, attempts, error: result.error, retryInMs: delay },
      "lead webhook failed; will retry",
    );
  }

  /** POSTs the lead and tells how the call ended. */
  private async post(lead: LeadRow): Promise<SendResult> {
    const body: LeadWebhookBody = {
      id: lead.id,
      name: lead.name,
      phone: lead.phone,
      company: lead.company,
      createdAt: lead.createdAt.toISOString(),
      source: "landing",
    };
    try {
      const response = await fetch(this.options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.any([this.abortInFlight.signal, AbortSignal.timeout(this.timeoutMs)]),
        redirect: "error",
      });
      // The answer's body is not needed, but reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      return response.ok
        ? { outcome: "delivered" }
        : { outcome: "failed", error: `Webhook answered HTTP ${response.status}` };
    } catch (error) {
      if (this.abortInFlight.signal.aborted) return { outcome: "interrupted" };
      return { outcome: "failed", error: describeFailure(error, this.timeoutMs) };
    }
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `Webhook did not answer within ${timeoutMs / 1000} s`;
  }
  // fetch reports every network failure as "fetch failed"; the cause says which.
  const cause =
    error instanceof Error
      ? (error.cause as Partial<NodeJS.ErrnoException> | undefined)
      : undefined;
  const detail =
    cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `Webhook unreachable: ${detail}`.slice(0, 500);
}
