import { TOKENS } from "@fonika/shared";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { AuthStore } from "./auth.store.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How long ended things are kept, for support to see what happened. */
export const PRUNE_AFTER = {
  /** Codes and device codes, past their expiry. */
  codesMs: DAY,
  /** Sessions, after they were ended or expired. */
  endedSessionsMs: 7 * DAY,
  /** Limit counters, past the longest window (a day). */
  rateLimitsMs: DAY,
} as const;

export interface PruneResult {
  codes: number;
  deviceCodes: number;
  refreshTokens: number;
  sessions: number;
  rateLimits: number;
}

/**
 * Keeps the auth tables the size of what is live: ended sessions with
 * their tokens, expired codes and old limit counters go. The exchanged
 * refresh tokens of a standing session stay for its whole life (reuse of
 * any of them ends the session), shrunk to their hash once past the grace
 * window. Runs at start and then hourly in every process (the deletes are
 * idempotent, so several processes may run it).
 */
export class AuthTablePruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: AuthStore,
    private readonly log: ServiceLog,
    private readonly intervalMs = HOUR,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.schedule(), this.intervalMs);
    this.timer.unref();
    this.schedule();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Deletes what is past keeping now; answers how many rows of each. */
  async prune(now = new Date()): Promise<PruneResult> {
    const tables = await this.store.auth.pruneAuthTables({
      codesExpiredBefore: new Date(now.getTime() - PRUNE_AFTER.codesMs),
      rotatedBefore: new Date(now.getTime() - TOKENS.refreshGraceSeconds * 1000),
      endedBefore: new Date(now.getTime() - PRUNE_AFTER.endedSessionsMs),
      now,
    });
    const rateLimits = await this.store.rateLimits.pruneRateLimits(
      new Date(now.getTime() - PRUNE_AFTER.rateLimitsMs),
      now,
    );
    return { ...tables, rateLimits };
  }

  private schedule(): void {
    this.running = this.running
      .then(() => this.prune())
      .then((result) => {
        if (Object.values(result).some((count) => count > 0)) {
          this.log.info({ pruned: result }, "auth tables pruned");
        }
      })
      .catch((error: unknown) => this.log.error({ err: error }, "auth table pruning failed"));
  }
}
