import { and, eq, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rateLimits } from "../../db/schema.ts";

/**
 * SQL of the sign-in limits: one counter row per scope and key in a fixed
 * window. Counting and reading happen in one statement (an upsert holding
 * the row lock), so parallel requests, on any number of processes, each
 * see a distinct count and can never pass a limit together.
 */

export type Hit = { kind: "counted"; count: number } | { kind: "blocked"; until: Date };

/**
 * Counts one attempt in the window that started at most `windowSeconds`
 * ago (a new window starts at 1) and answers the count — unless a backoff
 * holds the key, in which case nothing is counted and its end is answered.
 */
export async function hit(
  db: Executor,
  scope: string,
  key: string,
  now: Date,
  windowSeconds: number,
): Promise<Hit> {
  const cutoff = new Date(now.getTime() - windowSeconds * 1000);
  const expired = sql`${rateLimits.windowStart} <= ${cutoff}`;
  const rows = await db
    .insert(rateLimits)
    .values({ scope, key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.scope, rateLimits.key],
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${rateLimits.windowStart} end`,
      },
      setWhere: or(sql`${rateLimits.blockedUntil} is null`, lte(rateLimits.blockedUntil, now)),
    })
    .returning({ count: rateLimits.count });
  const [row] = rows;
  if (row) return { kind: "counted", count: row.count };
  const [blocked] = await db
    .select({ until: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key)));
  return { kind: "blocked", until: blocked?.until ?? now };
}

/** Holds a key until `until`: attempts before then are refused uncounted. */
export async function block(db: Executor, scope: string, key: string, until: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ blockedUntil: until })
    .where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key)));
}

/** Forgets a key's attempts (e.g. after a successful sign-in). */
export async function reset(db: Executor, scope: string, key: string): Promise<void> {
  await db.delete(rateLimits).where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key)));
}

/** Removes counters whose window ended before `before` and that hold no backoff. */
export async function pruneRateLimits(db: Executor, before: Date, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(
      and(
        lte(rateLimits.windowStart, before),
        or(sql`${rateLimits.blockedUntil} is null`, lte(rateLimits.blockedUntil, now)),
      ),
    )
    .returning({ scope: rateLimits.scope });
  return rows.length;
}
