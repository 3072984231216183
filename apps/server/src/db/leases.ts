import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "./client.ts";

/**
 * Takes the lease `name` for `holder` until `untilMs` when it is free,
 * expired at `nowMs`, or `holder`'s already (then it is renewed); answers
 * whether `holder` holds it now. One statement: of several processes
 * asking at once, one gets it. The times are the processes' clocks (one
 * NTP's), so a lease is never shorter than the clocks' skew.
 */
export async function takeLease(
  db: Executor,
  name: string,
  holder: string,
  nowMs: number,
  untilMs: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into leases (name, holder, expires_at)
    values (${name}, ${holder}, ${new Date(untilMs).toISOString()}::timestamptz)
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where leases.holder = excluded.holder
      or leases.expires_at <= ${new Date(nowMs).toISOString()}::timestamptz
    returning holder`);
  return rowsOf<{ holder: string }>(result).length > 0;
}
