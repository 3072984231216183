import { and, asc, count, desc, eq, ilike, isNotNull, or, type SQL } from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import { establishments } from "../../db/schema.ts";

/** SQL of establishments. Every function takes the database or a transaction. */

export type EstablishmentRow = typeof establishments.$inferSelect;

export interface EstablishmentFields {
  name: string;
  address: string;
  timeZone: string;
  explicitFilter: boolean;
}

export interface LayoutFields {
  layoutKey: string | null;
  layoutName: string | null;
  layoutType: string | null;
  layoutSize: number | null;
  layoutUploadedAt: Date | null;
}

function matches(query: string): SQL | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) =>
      or(
        ilike(establishments.name, containsPattern(word)),
        ilike(establishments.address, containsPattern(word)),
      ),
    ),
  );
}

/** One page of a client's establishments, newest first, and how many match. */
export async function listEstablishments(
  db: Executor,
  userId: string,
  query: string,
  page: { offset: number; limit: number },
): Promise<{ rows: EstablishmentRow[]; total: number }> {
  const filter = and(eq(establishments.userId, userId), matches(query));
  const rows = await db
    .select()
    .from(establishments)
    .where(filter)
    .orderBy(desc(establishments.createdAt), asc(establishments.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(establishments).where(filter);
  return { rows, total: counted?.total ?? 0 };
}

/** Ids of a client's establishments, oldest first. */
export async function idsOfClient(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(eq(establishments.userId, userId))
    .orderBy(asc(establishments.createdAt), asc(establishments.id));
  return rows.map((row) => row.id);
}

/** The establishment `id` of the client `userId`; undefined when it is not theirs or missing. */
export async function findEstablishment(
  db: Executor,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<EstablishmentRow | undefined> {
  const query = db
    .select()
    .from(establishments)
    .where(and(eq(establishments.id, id), eq(establishments.userId, userId)));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function insertEstablishment(
  db: Executor,
  userId: string,
  fields: EstablishmentFields,
): Promise<EstablishmentRow> {
  const [row] = await db
    .insert(establishments)
    .values({ userId, ...fields })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateEstablishment(
  db: Executor,
  id: string,
  change: Partial<EstablishmentFields & LayoutFields>,
): Promise<EstablishmentRow | undefined> {
  const [row] = await db
    .update(establishments)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(establishments.id, id))
    .returning();
  return row;
}

/** Whether the establishment's explicit filter is on; undefined when there is none. */
export async function findExplicitFilter(db: Executor, id: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ explicitFilter: establishments.explicitFilter })
    .from(establishments)
    .where(eq(establishments.id, id));
  return row?.explicitFilter;
}

export async function namesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: establishments.id, name: establishments.name })
    .from(establishments)
    .where(anyId(establishments.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Owners, time zones, explicit filters, names and addresses of
 * establishments by id (players' schedules and plans, history).
 */
export async function placesOf(
  db: Executor,
  ids: string[],
): Promise<
  Array<{
    id: string;
    userId: string;
    timeZone: string;
    explicitFilter: boolean;
    name: string;
    address: string;
  }>
> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: establishments.id,
      userId: establishments.userId,
      timeZone: establishments.timeZone,
      explicitFilter: establishments.explicitFilter,
      name: establishments.name,
      address: establishments.address,
    })
    .from(establishments)
    .where(anyId(establishments.id, ids));
}

/** Ids of establishments whose name or address holds every word, at most `limit`. */
export async function idsMatching(db: Executor, query: string, limit: number): Promise<string[]> {
  const filter = matches(query);
  if (!filter) return [];
  const rows = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(filter)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Erases a deleted client's establishments (152-FZ): names and addresses
 * become blank, floor plans are let go; ids, time zones and dates stay for
 * the subscriptions and histories that name them. Answers the stored keys
 * of the plans that were attached.
 */
export async function eraseEstablishmentsOfUser(
  db: Executor,
  userId: string,
  at: Date,
): Promise<string[]> {
  const before = await db
    .select({ layoutKey: establishments.layoutKey })
    .from(establishments)
    .where(and(eq(establishments.userId, userId), isNotNull(establishments.layoutKey)))
    .for("update");
  await db
    .update(establishments)
    .set({
      name: "",
      address: "",
      layoutKey: null,
      layoutName: null,
      layoutType: null,
      layoutSize: null,
      layoutUploadedAt: null,
      updatedAt: at,
    })
    .where(eq(establishments.userId, userId));
  return before.flatMap((row) => (row.layoutKey ? [row.layoutKey] : []));
}
