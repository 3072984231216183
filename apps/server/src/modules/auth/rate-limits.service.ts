import type { Executor } from "../../db/client.ts";
import { AuthStore } from "./auth.store.ts";

/**
 * The rate-limit counters (`rate_limits`, auth's table) as other modules
 * use them: one attempt counted atomically per scope and key in a fixed
 * window, across processes. Support counts its messages here.
 */

/**
 * Counts one attempt of `key` in `scope` and answers whether it is within
 * `max` in the window of `windowSeconds`; when it is not, how many seconds
 * to wait. A refused attempt is counted too (a flood stays refused).
 */
export async function takeSlot(
  db: Executor,
  scope: string,
  key: string,
  windowSeconds: number,
  max: number,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const now = new Date();
  const result = await new AuthStore(db).rateLimits.hit(scope, key, now, windowSeconds);
  if (result.kind === "blocked") {
    return { allowed: false, retryAfterSeconds: (result.until.getTime() - now.getTime()) / 1000 };
  }
  return result.count > max
    ? { allowed: false, retryAfterSeconds: windowSeconds }
    : { allowed: true };
}
