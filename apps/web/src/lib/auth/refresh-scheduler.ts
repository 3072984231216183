import { TIMING } from "../../config/constants.ts";
import type { Timers } from "../timers.ts";

/**
 * What one refresh attempt came to:
 * - `ok`: new tokens are in place;
 * - `unauthorized`: the server answered 401;
 * - `no-session`: there is nothing left to refresh with (no stored refresh
 *   token, or the account may no longer sign in);
 * - `failed`: anything else (network, 500): try again at the next tick.
 */
export type RefreshOutcome = "ok" | "unauthorized" | "no-session" | "failed";

export interface RefreshSchedulerOptions {
  refresh: () => Promise<RefreshOutcome>;
  /** Called once when the rules say the session is over. */
  onSessionLost: () => void;
  timers: Pick<Timers, "setTimeout" | "clearTimeout">;
  intervalMs?: number;
  retryAfterUnauthorizedMs?: number;
}

export interface RefreshScheduler {
  /** Starts (or restarts) the cycle: the first refresh runs one interval from now. */
  start(): void;
  stop(): void;
  isRunning(): boolean;
}

/**
 * SPEC.md §4: while signed in, refresh every 50 s. A 401 is retried once
 * after 30 s; a second 401 in a row ends the session. Only a successful
 * refresh resets the count of 401s in a row.
 */
export function createRefreshScheduler({
  refresh,
  onSessionLost,
  timers,
  intervalMs = TIMING.tokenRefreshMs,
  retryAfterUnauthorizedMs = TIMING.refreshRetryAfter401Ms,
}: RefreshSchedulerOptions): RefreshScheduler {
  let handle: unknown;
  let running = false;
  let generation = 0;
  let unauthorizedInARow = 0;

  const clear = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };

  const schedule = (ms: number) => {
    clear();
    handle = timers.setTimeout(() => void tick(), ms);
  };

  const stop = () => {
    running = false;
    generation += 1;
    clear();
  };

  async function tick(): Promise<void> {
    handle = undefined;
    const current = generation;
    let outcome: RefreshOutcome;
    try {
      outcome = await refresh();
    } catch {
      outcome = "failed";
    }
    // A stop or restart while the call was out makes its outcome irrelevant.
    if (!running || current !== generation) return;
    switch (outcome) {
      case "ok":
        unauthorizedInARow = 0;
        schedule(intervalMs);
        return;
      case "unauthorized":
        unauthorizedInARow += 1;
        if (unauthorizedInARow >= 2) {
          stop();
          onSessionLost();
        } else {
          schedule(retryAfterUnauthorizedMs);
        }
        return;
      case "no-session":
        stop();
        onSessionLost();
        return;
      case "failed":
        schedule(intervalMs);
        return;
    }
  }

  return {
    start() {
      stop();
      running = true;
      unauthorizedInARow = 0;
      schedule(intervalMs);
    },
    stop,
    isRunning: () => running,
  };
}
