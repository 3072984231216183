import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import {
  chatConversations,
  chatMessages,
  supportAttachments,
  supportEnquiries,
  supportEnquiryEvents,
  supportEnquiryReads,
} from "../../db/schema.ts";
import type { EnquiryScope, Side } from "./support.policy.ts";

/** SQL of enquiries, their threads and read marks; decides nothing. */

export type EnquiryRow = typeof supportEnquiries.$inferSelect;
export type EventRow = typeof supportEnquiryEvents.$inferSelect;
export type NewEnquiry = typeof supportEnquiries.$inferInsert;
export type NewEvent = typeof supportEnquiryEvents.$inferInsert;

/** The states an enquiry is no longer open in. */
const DONE_STATES = ["resolved", "closed"];

export async function insertEnquiry(db: Executor, values: NewEnquiry): Promise<EnquiryRow> {
  const [row] = await db.insert(supportEnquiries).values(values).returning();
  if (!row) throw new Error("enquiry insert returned no row");
  return row;
}

/**
 * Inserts the enquiry a silence alert opens, unless another process did
 * for the same alert (its unique index): undefined then.
 */
export async function insertAlertEnquiry(
  db: Executor,
  values: NewEnquiry,
): Promise<EnquiryRow | undefined> {
  const [row] = await db
    .insert(supportEnquiries)
    .values(values)
    .onConflictDoNothing({ target: supportEnquiries.alertId })
    .returning();
  return row;
}

export async function findEnquiry(db: Executor, id: string): Promise<EnquiryRow | undefined> {
  const [row] = await db.select().from(supportEnquiries).where(eq(supportEnquiries.id, id));
  return row;
}

/** The enquiry, locked until the transaction ends (its changes one at a time). */
export async function lockEnquiry(db: Executor, id: string): Promise<EnquiryRow | undefined> {
  const [row] = await db
    .select()
    .from(supportEnquiries)
    .where(eq(supportEnquiries.id, id))
    .for("update");
  return row;
}

/** An enquiry of the player that is not resolved or closed, locked; the newest. */
export async function lockOpenEnquiryOfPlayer(
  db: Executor,
  playerId: string,
): Promise<EnquiryRow | undefined> {
  const [row] = await db
    .select()
    .from(supportEnquiries)
    .where(
      and(eq(supportEnquiries.playerId, playerId), notInArray(supportEnquiries.state, DONE_STATES)),
    )
    .orderBy(desc(supportEnquiries.createdAt))
    .limit(1)
    .for("update");
  return row;
}

export async function updateEnquiry(
  db: Executor,
  id: string,
  change: Partial<Pick<EnquiryRow, "state" | "assigneeId" | "updatedAt">>,
): Promise<EnquiryRow> {
  const [row] = await db
    .update(supportEnquiries)
    .set(change)
    .where(eq(supportEnquiries.id, id))
    .returning();
  if (!row) throw new Error("enquiry vanished");
  return row;
}

export async function insertEvent(db: Executor, values: NewEvent): Promise<EventRow> {
  const [row] = await db.insert(supportEnquiryEvents).values(values).returning();
  if (!row) throw new Error("event insert returned no row");
  return row;
}

/** An enquiry's thread, oldest first. */
export function eventsOf(db: Executor, enquiryId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(supportEnquiryEvents)
    .where(eq(supportEnquiryEvents.enquiryId, enquiryId))
    .orderBy(asc(supportEnquiryEvents.createdAt), asc(supportEnquiryEvents.id));
}

/** What a list asks for, besides who sees what. */
export interface EnquiryFilter {
  state?: string | undefined;
  open?: boolean | undefined;
  topic?: string | undefined;
  clientId?: string | undefined;
  /** `none`: not assigned. */
  assigneeId?: string | undefined;
  query?: string | undefined;
}

function scopeCondition(scope: EnquiryScope): SQL | undefined {
  if (scope.kind === "client") return eq(supportEnquiries.clientId, scope.clientId);
  if (scope.kind === "topic") return eq(supportEnquiries.topic, scope.topic);
  return undefined;
}

function filterConditions(filter: EnquiryFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(supportEnquiries.state, filter.state));
  if (filter.open === true) conditions.push(notInArray(supportEnquiries.state, DONE_STATES));
  if (filter.open === false) conditions.push(inArray(supportEnquiries.state, DONE_STATES));
  if (filter.topic) conditions.push(eq(supportEnquiries.topic, filter.topic));
  if (filter.clientId) conditions.push(eq(supportEnquiries.clientId, filter.clientId));
  if (filter.assigneeId === "none") conditions.push(isNull(supportEnquiries.assigneeId));
  else if (filter.assigneeId) conditions.push(eq(supportEnquiries.assigneeId, filter.assigneeId));
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    const inMessages = sql`exists (select 1 from ${supportEnquiryEvents} where ${supportEnquiryEvents.enquiryId} = ${supportEnquiries.id} and ${supportEnquiryEvents.kind} = 'message' and ${supportEnquiryEvents.text} ilike ${pattern})`;
    conditions.push(or(ilike(supportEnquiries.subject, pattern), inMessages) as SQL);
  }
  return conditions;
}

/** A page of the enquiries in scope that the filter keeps, last changed first, and their count. */
export async function listEnquiries(
  db: Executor,
  scope: EnquiryScope,
  filter: EnquiryFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: EnquiryRow[]; total: number }> {
  const where = and(scopeCondition(scope), ...filterConditions(filter));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportEnquiries)
      .where(where)
      .orderBy(desc(supportEnquiries.updatedAt), desc(supportEnquiries.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(supportEnquiries).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * The messages of `otherSide` after `userId` last read each enquiry (all
 * of them when never read), by enquiry; enquiries with none are absent.
 */
export async function unreadOf(
  db: Executor,
  userId: string,
  otherSide: Side,
  enquiryIds: readonly string[],
): Promise<Map<string, number>> {
  if (enquiryIds.length === 0) return new Map();
  const rows = await db
    .select({ enquiryId: supportEnquiryEvents.enquiryId, unread: count() })
    .from(supportEnquiryEvents)
    .leftJoin(
      supportEnquiryReads,
      and(
        eq(supportEnquiryReads.enquiryId, supportEnquiryEvents.enquiryId),
        eq(supportEnquiryReads.userId, userId),
      ),
    )
    .where(
      and(
        anyId(supportEnquiryEvents.enquiryId, enquiryIds),
        eq(supportEnquiryEvents.kind, "message"),
        eq(supportEnquiryEvents.side, otherSide),
        sql`(${supportEnquiryReads.readAt} is null or ${supportEnquiryEvents.createdAt} > ${supportEnquiryReads.readAt})`,
      ),
    )
    .groupBy(supportEnquiryEvents.enquiryId);
  return new Map(rows.map((row) => [row.enquiryId, row.unread]));
}

/** How many enquiries in scope hold messages of `otherSide` that `userId` has not read. */
export async function countUnreadEnquiries(
  db: Executor,
  scope: EnquiryScope,
  userId: string,
  otherSide: Side,
): Promise<number> {
  const unread = sql`exists (select 1 from ${supportEnquiryEvents} left join ${supportEnquiryReads} on ${supportEnquiryReads.enquiryId} = ${supportEnquiryEvents.enquiryId} and ${supportEnquiryReads.userId} = ${userId} where ${supportEnquiryEvents.enquiryId} = ${supportEnquiries.id} and ${supportEnquiryEvents.kind} = 'message' and ${supportEnquiryEvents.side} = ${otherSide} and (${supportEnquiryReads.readAt} is null or ${supportEnquiryEvents.createdAt} > ${supportEnquiryReads.readAt}))`;
  const [row] = await db
    .select({ total: count() })
    .from(supportEnquiries)
    .where(and(scopeCondition(scope), unread));
  return row?.total ?? 0;
}

/** Notes that `userId` read the enquiry's thread up to `at`. */
export async function markRead(
  db: Executor,
  userId: string,
  enquiryId: string,
  at: Date,
): Promise<void> {
  await db
    .insert(supportEnquiryReads)
    .values({ userId, enquiryId, readAt: at })
    .onConflictDoUpdate({
      target: [supportEnquiryReads.userId, supportEnquiryReads.enquiryId],
      set: { readAt: sql`greatest(${supportEnquiryReads.readAt}, excluded.read_at)` },
    });
}

/** Chat messages of staff a client has not read (read-only on the chat's tables). */
export async function unreadChatOfClient(db: Executor, clientId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.clientId, chatMessages.clientId))
    .where(
      and(
        eq(chatMessages.clientId, clientId),
        eq(chatMessages.side, "staff"),
        sql`${chatMessages.seq} > ${chatConversations.clientReadSeq}`,
      ),
    );
  return row?.total ?? 0;
}

/** Conversations holding client messages staff have not read (read-only on the chat's tables). */
export async function unreadChatConversations(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(chatConversations)
    .where(
      sql`exists (select 1 from ${chatMessages} where ${chatMessages.clientId} = ${chatConversations.clientId} and ${chatMessages.side} = 'client' and ${chatMessages.seq} > ${chatConversations.staffReadSeq})`,
    );
  return row?.total ?? 0;
}

/**
 * Erases a deleted client's enquiries' texts (subjects and messages) and
 * their attachments' rows, and the files the client uploaded and never
 * sent; answers the stored files' keys to remove once committed.
 */
export async function eraseClient(
  db: Executor,
  clientId: string,
  erased: string,
): Promise<string[]> {
  const ofClient = db
    .select({ id: supportEnquiries.id })
    .from(supportEnquiries)
    .where(eq(supportEnquiries.clientId, clientId));
  await db
    .update(supportEnquiries)
    .set({ subject: erased })
    .where(eq(supportEnquiries.clientId, clientId));
  await db
    .update(supportEnquiryEvents)
    .set({ text: erased })
    .where(
      and(
        inArray(supportEnquiryEvents.enquiryId, ofClient),
        eq(supportEnquiryEvents.kind, "message"),
      ),
    );
  const events = db
    .select({ id: supportEnquiryEvents.id })
    .from(supportEnquiryEvents)
    .where(inArray(supportEnquiryEvents.enquiryId, ofClient));
  const removed = await db
    .delete(supportAttachments)
    .where(
      or(inArray(supportAttachments.eventId, events), eq(supportAttachments.uploadedBy, clientId)),
    )
    .returning({ storageKey: supportAttachments.storageKey });
  return removed.map((row) => row.storageKey);
}
