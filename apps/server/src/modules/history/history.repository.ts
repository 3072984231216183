import { and, count, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { plays } from "../../db/schema.ts";

/** The broadcast history's SQL: the `plays` table, written and read only here. */

export type PlayRow = typeof plays.$inferSelect;

/** A play's start as stored: the player's venue copied in. */
export interface StartedPlay {
  id: string;
  playerId: string;
  userId: string;
  establishmentId: string;
  timeZone: string;
  songId: string;
  playlistId: string | null;
  fallback: boolean;
  startedAt: Date;
}

/**
 * Stores a start. A start sent again changes nothing; a start arriving
 * after its end fills the row the end made.
 */
export async function recordStart(db: Executor, play: StartedPlay): Promise<void> {
  const { id, ...fields } = play;
  await db
    .insert(plays)
    .values(play)
    .onConflictDoUpdate({ target: plays.id, set: fields, where: sql`${plays.startedAt} is null` });
}

/** Stores an end; the first end reported wins (save over a guessed `offline`), so a resent one changes nothing. */
export async function recordEnd(
  db: Executor,
  id: string,
  endedAt: Date,
  ending: string,
): Promise<void> {
  await db
    .insert(plays)
    .values({ id, endedAt, ending })
    .onConflictDoUpdate({
      target: plays.id,
      set: { endedAt, ending },
      // A play the server ended `offline` (its device went away) is set
      // right by the device's own later report: the web player keeps its
      // history through an outage and sends it when the network is back.
      where:
        ending === "offline"
          ? sql`${plays.endedAt} is null`
          : sql`${plays.endedAt} is null or ${plays.ending} = 'offline'`,
    });
}

/** Which plays a list or report covers. */
export interface PlayFilter {
  playerId?: string;
  establishmentId?: string;
  /** Venue days `YYYY-MM-DD`, inclusive, read in each play's zone. */
  from?: string;
  to?: string;
  ending?: string;
}

/** A zone's offset is within a day of UTC: these bounds let the index narrow before the exact test. */
function conditionsOf(filter: PlayFilter): SQL[] {
  const conditions: SQL[] = [isNotNull(plays.startedAt), isNotNull(plays.playerId)];
  if (filter.playerId) conditions.push(eq(plays.playerId, filter.playerId));
  if (filter.establishmentId) conditions.push(eq(plays.establishmentId, filter.establishmentId));
  if (filter.ending) conditions.push(eq(plays.ending, filter.ending));
  if (filter.from) {
    conditions.push(
      sql`${plays.startedAt} >= (${filter.from}::date - 1)::timestamp at time zone 'UTC'`,
      sql`${plays.startedAt} >= (${filter.from}::date)::timestamp at time zone ${plays.timeZone}`,
    );
  }
  if (filter.to) {
    conditions.push(
      sql`${plays.startedAt} < (${filter.to}::date + 2)::timestamp at time zone 'UTC'`,
      sql`${plays.startedAt} < (${filter.to}::date + 1)::timestamp at time zone ${plays.timeZone}`,
    );
  }
  return conditions;
}

/** Plays of the filter, newest first, and how many there are. */
export async function listPlays(
  db: Executor,
  filter: PlayFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PlayRow[]; total: number }> {
  const where = and(...conditionsOf(filter));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(plays)
      .where(where)
      .orderBy(desc(plays.startedAt), desc(plays.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(plays).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One line of a royalty report: a song's plays in one venue over the period. */
export interface SongTotal {
  establishmentId: string;
  songId: string;
  plays: number;
  seconds: number;
}

/**
 * The next `limit` (venue, song) totals after `after`, in that order: the
 * report reads the period in keyset pages, never all at once. Seconds count
 * the plays whose end was reported, each from its start to its end.
 */
export async function songTotals(
  db: Executor,
  filter: PlayFilter,
  after: { establishmentId: string; songId: string } | null,
  limit: number,
): Promise<SongTotal[]> {
  const conditions = conditionsOf(filter);
  conditions.push(isNotNull(plays.songId), isNotNull(plays.establishmentId));
  if (after) {
    conditions.push(
      sql`(${plays.establishmentId}, ${plays.songId}) > (${after.establishmentId}::uuid, ${after.songId}::uuid)`,
    );
  }
  const rows = await db
    .select({
      establishmentId: plays.establishmentId,
      songId: plays.songId,
      plays: count(),
      seconds: sql<string>`coalesce(sum(round(greatest(0, extract(epoch from ${plays.endedAt} - ${plays.startedAt})))), 0)`,
    })
    .from(plays)
    .where(and(...conditions))
    .groupBy(plays.establishmentId, plays.songId)
    .orderBy(plays.establishmentId, plays.songId)
    .limit(limit);
  return rows.map((row) => ({
    establishmentId: row.establishmentId as string,
    songId: row.songId as string,
    plays: row.plays,
    seconds: Number(row.seconds),
  }));
}
