import { and, asc, count, desc, eq, inArray, lte, min } from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";

/**
 * SQL of the landing page leads and their outbox: every function takes the
 * database or a transaction and decides nothing.
 */

export type LeadRow = typeof leads.$inferSelect;
export type LeadStatus = "stored" | "pending" | "forwarded" | "failing";

export interface NewLead {
  name: string;
  phone: string;
  company: string;
  ip: string;
  status: LeadStatus;
  nextAttemptAt: Date | null;
}

export async function insertLead(db: Executor, lead: NewLead): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(lead).returning();
  if (!row) throw new Error("Lead insert returned no row");
  return row;
}

/** One page of leads, newest first, and how many there are. */
export async function listLeads(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<{ rows: LeadRow[]; total: number }> {
  const rows = await db
    .select()
    .from(leads)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(leads);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Claims up to `limit` leads due for forwarding: locks them (`skip locked`,
 * so that another process's claim is passed over, not waited for) and moves
 * their next attempt to `leaseUntil`. A process that dies mid-send thus only
 * delays the lead until the lease ends; then anyone picks it up again.
 */
export async function claimDueLeads(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<LeadRow[]> {
  const due = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(inArray(leads.status, ["pending", "failing"]), lte(leads.nextAttemptAt, now)))
    .orderBy(asc(leads.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .update(leads)
    .set({ nextAttemptAt: leaseUntil })
    .where(anyId(leads.id, ids))
    .returning();
}

/**
 * When the next lead waiting to be forwarded is due (its retry, or the end
 * of a process's lease); undefined when none waits.
 */
export async function nextLeadAttemptAt(db: Executor): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(leads.nextAttemptAt) })
    .from(leads)
    .where(inArray(leads.status, ["pending", "failing"]));
  return row?.at ?? undefined;
}

export async function markLeadForwarded(
  db: Executor,
  id: string,
  attempts: number,
  at: Date,
): Promise<void> {
  await db
    .update(leads)
    .set({ status: "forwarded", attempts, forwardedAt: at, nextAttemptAt: null, lastError: null })
    .where(eq(leads.id, id));
}

/**
 * Hands a claimed lead back unsent: due at `at` instead of at its lease's
 * end, its status, attempts and last error unchanged.
 */
export async function releaseLead(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(leads).set({ nextAttemptAt: at }).where(eq(leads.id, id));
}

export async function markLeadFailing(
  db: Executor,
  id: string,
  attempts: number,
  lastError: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(leads)
    .set({ status: "failing", attempts, lastError, nextAttemptAt })
    .where(eq(leads.id, id));
}
