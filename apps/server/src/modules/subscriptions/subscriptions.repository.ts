import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  isNull,
  lte,
  min,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { licencePeriods, subscriptionItems, subscriptions } from "../../db/schema.ts";

/** SQL of subscriptions and their chosen items. Every function takes the database or a transaction. */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionItemRow = typeof subscriptionItems.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;

/**
 * The state a subscription is in now: what staff set, except that one
 * whose period is over has ended.
 */
export function effectiveState(row: SubscriptionRow, now: Date): string {
  if (row.state !== "ended" && row.endsAt && row.endsAt <= now) return "ended";
  return row.state;
}

/** The same, in SQL. */
function effectiveStateSql(now: Date): SQL {
  return sql`case when ${subscriptions.state} <> 'ended' and ${subscriptions.endsAt} <= ${now} then 'ended' else ${subscriptions.state} end`;
}

/**
 * Writes down the end of subscriptions whose period is over, so that the
 * one-live-subscription rule lets the establishment subscribe again.
 */
export async function endDueSubscriptions(
  db: Executor,
  now: Date,
  establishmentId?: string,
): Promise<{ id: string; userId: string; establishmentId: string }[]> {
  return db
    .update(subscriptions)
    .set({ state: "ended", endedAt: sql`${subscriptions.endsAt}`, updatedAt: now })
    .where(
      and(
        ne(subscriptions.state, "ended"),
        lte(subscriptions.endsAt, now),
        establishmentId ? eq(subscriptions.establishmentId, establishmentId) : undefined,
      ),
    )
    .returning({
      id: subscriptions.id,
      userId: subscriptions.userId,
      establishmentId: subscriptions.establishmentId,
    });
}

/** When the next live subscription's period is over (null: none has an end). */
export async function nextEndAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(subscriptions.endsAt) })
    .from(subscriptions)
    .where(ne(subscriptions.state, "ended"));
  return row?.at ?? null;
}

/** Inserts a subscription; undefined when the establishment already has a live one. */
export async function insertSubscription(
  db: Executor,
  row: NewSubscription,
): Promise<SubscriptionRow | undefined> {
  const [inserted] = await db.insert(subscriptions).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findSubscription(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function updateSubscription(
  db: Executor,
  id: string,
  change: Partial<NewSubscription>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

export async function replaceItems(
  db: Executor,
  subscriptionId: string,
  items: Array<Omit<typeof subscriptionItems.$inferInsert, "subscriptionId">>,
): Promise<void> {
  await db.delete(subscriptionItems).where(eq(subscriptionItems.subscriptionId, subscriptionId));
  if (items.length > 0) {
    await db.insert(subscriptionItems).values(items.map((item) => ({ subscriptionId, ...item })));
  }
}

export async function decideItem(
  db: Executor,
  subscriptionId: string,
  itemId: string,
  decision: { approval: string; decidedBy: string; decidedAt: Date },
): Promise<void> {
  await db
    .update(subscriptionItems)
    .set(decision)
    .where(
      and(
        eq(subscriptionItems.subscriptionId, subscriptionId),
        eq(subscriptionItems.itemId, itemId),
      ),
    );
}

export function itemsOf(db: Executor, subscriptionIds: string[]): Promise<SubscriptionItemRow[]> {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(subscriptionItems)
    .where(anyId(subscriptionItems.subscriptionId, subscriptionIds));
}

export interface SubscriptionFilter {
  userId?: string | undefined;
  state?: string | undefined;
  awaitingApproval?: boolean | undefined;
  /** Any of: the client, the establishment or the tariff matched the query. */
  matching?: { userIds: string[]; establishmentIds: string[]; tariffIds: string[] } | undefined;
}

function whereOf(filter: SubscriptionFilter, now: Date): SQL | undefined {
  const matching = filter.matching;
  return and(
    filter.userId ? eq(subscriptions.userId, filter.userId) : undefined,
    filter.state ? sql`${effectiveStateSql(now)} = ${filter.state}` : undefined,
    filter.awaitingApproval === undefined
      ? undefined
      : filter.awaitingApproval
        ? exists(pendingItem())
        : sql`not ${exists(pendingItem())}`,
    matching
      ? or(
          matching.userIds.length ? anyId(subscriptions.userId, matching.userIds) : sql`false`,
          matching.establishmentIds.length
            ? anyId(subscriptions.establishmentId, matching.establishmentIds)
            : sql`false`,
          matching.tariffIds.length
            ? anyId(subscriptions.tariffId, matching.tariffIds)
            : sql`false`,
        )
      : undefined,
  );
}

function pendingItem() {
  return sql`(select 1 from ${subscriptionItems} where ${subscriptionItems.subscriptionId} = ${subscriptions.id} and ${subscriptionItems.approval} = 'pending')`;
}

/** One page of subscriptions, newest first (or oldest first: the queue), and how many match. */
export async function listSubscriptions(
  db: Executor,
  filter: SubscriptionFilter,
  page: { offset: number; limit: number; oldestFirst?: boolean },
  now: Date,
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const where = whereOf(filter, now);
  const direction = page.oldestFirst ? asc : desc;
  const rows = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(direction(subscriptions.createdAt), direction(subscriptions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(subscriptions).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The subscriptions of these establishments that have not ended (by state and by date). */
export function liveOfEstablishments(
  db: Executor,
  establishmentIds: string[],
  now: Date,
): Promise<SubscriptionRow[]> {
  if (establishmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        anyId(subscriptions.establishmentId, establishmentIds),
        sql`${effectiveStateSql(now)} <> 'ended'`,
      ),
    );
}

/** A client's subscriptions not written down as ended (those past their period too), locked. */
export function notEndedOfUserForUpdate(db: Executor, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.state, "ended")))
    .for("update");
}

/** These clients' subscriptions that have not ended. */
export function liveOfUsers(
  db: Executor,
  userIds: readonly string[],
  now: Date,
): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(subscriptions)
    .where(and(anyId(subscriptions.userId, userIds), sql`${effectiveStateSql(now)} <> 'ended'`));
}

/** Subscriptions that have not ended and pay through these organizations. */
export function liveOfOrganizations(
  db: Executor,
  organizationIds: string[],
  now: Date,
): Promise<SubscriptionRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        anyId(subscriptions.organizationId, organizationIds),
        sql`${effectiveStateSql(now)} <> 'ended'`,
      ),
    );
}

/**
 * The tariffs under which a venue was licensed at `at` (its licence
 * periods, kept by migration 0022's trigger), with the subscription's
 * owner: a stretch open then, within its subscription's paid period.
 */
export function licensedAt(
  db: Executor,
  establishmentId: string,
  at: Date,
): Promise<{ tariffId: string; userId: string; endsAt: Date | null }[]> {
  return db
    .select({
      tariffId: licencePeriods.tariffId,
      userId: subscriptions.userId,
      endsAt: subscriptions.endsAt,
    })
    .from(licencePeriods)
    .innerJoin(subscriptions, eq(subscriptions.id, licencePeriods.subscriptionId))
    .where(
      and(
        eq(licencePeriods.establishmentId, establishmentId),
        lte(licencePeriods.startedAt, at),
        or(isNull(licencePeriods.endedAt), gt(licencePeriods.endedAt, at)),
        or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, at)),
      ),
    );
}
