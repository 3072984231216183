import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { copyrightHolders, copyrightLicences, songs } from "../../../db/schema.ts";

/** SQL of copyright holders' licences (issue 32). */

export type LicenceRow = typeof copyrightLicences.$inferSelect;
export type NewLicence = typeof copyrightLicences.$inferInsert;

/** A holder's licences, the latest period first. */
export async function listLicences(db: Executor, holderId: string): Promise<LicenceRow[]> {
  return db
    .select()
    .from(copyrightLicences)
    .where(eq(copyrightLicences.holderId, holderId))
    .orderBy(desc(copyrightLicences.startsOn), desc(copyrightLicences.createdAt));
}

export async function findLicence(
  db: Executor,
  holderId: string,
  licenceId: string,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .select()
    .from(copyrightLicences)
    .where(and(eq(copyrightLicences.holderId, holderId), eq(copyrightLicences.id, licenceId)))
    .for("update");
  return row;
}

export async function insertLicence(db: Executor, licence: NewLicence): Promise<LicenceRow> {
  const [row] = await db.insert(copyrightLicences).values(licence).returning();
  if (!row) throw new Error("A licence insert returned no row");
  return row;
}

export async function updateLicence(
  db: Executor,
  licenceId: string,
  change: Partial<Omit<NewLicence, "id" | "holderId" | "createdAt">>,
): Promise<LicenceRow> {
  const [row] = await db
    .update(copyrightLicences)
    .set(change)
    .where(eq(copyrightLicences.id, licenceId))
    .returning();
  if (!row) throw new Error("A licence update returned no row");
  return row;
}

/** Deletes a licence; its document's storage key (null without one), undefined when none was. */
export async function deleteLicence(
  db: Executor,
  holderId: string,
  licenceId: string,
): Promise<string | null | undefined> {
  const [row] = await db
    .delete(copyrightLicences)
    .where(and(eq(copyrightLicences.holderId, holderId), eq(copyrightLicences.id, licenceId)))
    .returning({ storageKey: copyrightLicences.storageKey });
  return row ? row.storageKey : undefined;
}

/** The distinct storage keys of a holder's licence documents. */
export async function listLicenceKeys(db: Executor, holderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ storageKey: copyrightLicences.storageKey })
    .from(copyrightLicences)
    .where(and(eq(copyrightLicences.holderId, holderId), isNotNull(copyrightLicences.storageKey)));
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}

/** How many licences keep this stored document. */
export async function countLicencesWithKey(db: Executor, storageKey: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(copyrightLicences)
    .where(eq(copyrightLicences.storageKey, storageKey));
  return row?.value ?? 0;
}

/** Every licence's holder and period: what decides which songs play (a few per holder). */
export async function licencePeriods(db: Executor) {
  return db
    .select({
      holderId: copyrightLicences.holderId,
      startsOn: copyrightLicences.startsOn,
      endsOn: copyrightLicences.endsOn,
    })
    .from(copyrightLicences);
}

/** Songs of the library (not removed) of these holders, with their holder. */
export async function songsOfHolders(
  db: Executor,
  holderIds: readonly string[],
): Promise<{ id: string; holderId: string }[]> {
  if (holderIds.length === 0) return [];
  const rows = await db
    .select({ id: songs.id, holderId: songs.copyrightHolderId })
    .from(songs)
    .where(
      and(
        isNull(songs.removedAt),
        sql`${songs.copyrightHolderId} in (${sql.join(
          holderIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
  return rows.flatMap((row) => (row.holderId ? [{ id: row.id, holderId: row.holderId }] : []));
}

/**
 * Licences whose end falls between `from` and `to` (inclusive), soonest
 * first, with the holder's name, its songs, and whether another licence of
 * the holder covers the day after the end.
 */
export async function licencesEndingBetween(db: Executor, from: string, to: string) {
  const other = sql`exists (select 1 from ${copyrightLicences} o
     where o.holder_id = ${copyrightLicences.holderId} and o.id <> ${copyrightLicences.id}
       and o.starts_on <= ${copyrightLicences.endsOn} + 1
       and (o.ends_on is null or o.ends_on > ${copyrightLicences.endsOn}))`;
  const songCount = sql<number>`(select count(*) from ${songs} s
     where s.copyright_holder_id = ${copyrightLicences.holderId} and s.removed_at is null)`;
  return db
    .select({
      licence: copyrightLicences,
      holderName: copyrightHolders.name,
      songCount: songCount.mapWith(Number),
      followedBy: sql<boolean>`${other}`,
    })
    .from(copyrightLicences)
    .innerJoin(copyrightHolders, eq(copyrightHolders.id, copyrightLicences.holderId))
    .where(and(gte(copyrightLicences.endsOn, from), lte(copyrightLicences.endsOn, to)))
    .orderBy(asc(copyrightLicences.endsOn), asc(copyrightHolders.name), asc(copyrightLicences.id));
}
