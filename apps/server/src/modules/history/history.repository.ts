import { and, asc, count, desc, eq, gt, isNotNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { plays } from "../../db/schema.ts";

/** The broadcast history's SQL: the `plays` table, written and read only here. */

export type PlayRow = typeof plays.$inferSelect;

/** A play's start as stored: the player's venue and name copied in. */
export interface StartedPlay {
  id: string;
  playerId: string;
  /** The player's name now, kept for when the player is removed. */
  playerName: string;
  userId: string;
  establishmentId: string;
  timeZone: string;
  songId: string;
  playlistId: string | null;
  fallback: boolean;
  startedAt: Date;
  /** The end that arrived before this start, as it is filed now that the start is known. */
  endedAt?: Date;
}

/** A play by its id (the player's own), whatever has arrived of it. */
export async function findPlay(db: Executor, id: string): Promise<PlayRow | undefined> {
  const [row] = await db.select().from(plays).where(eq(plays.id, id));
  return row;
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

/** An end as stored; `playerId` is the reporting player's when the end comes before its start. */
export interface EndedPlay {
  id: string;
  endedAt: Date;
  ending: string;
  playerId?: string | null;
}

/**
 * Stores an end; the first end reported wins (save over a guessed
 * `offline`), so a resent one changes nothing. Answers whether it was
 * stored.
 */
export async function recordEnd(db: Executor, play: EndedPlay): Promise<boolean> {
  const { endedAt, ending } = play;
  const stored = await db
    .insert(plays)
    .values({ id: play.id, endedAt, ending, playerId: play.playerId ?? null })
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
    })
    .returning({ id: plays.id });
  return stored.length > 0;
}

/**
 * Whether another play of the player was under way at `at`: the last one
 * begun at or before it ended more than `toleranceMs` after it. The last
 * one is enough: the plays of a player are filed so that none runs into
 * the next, and it is one step back along the player's index.
 */
export async function isUnderWayAt(
  db: Executor,
  play: { id: string; playerId: string; at: Date },
  toleranceMs: number,
): Promise<boolean> {
  const [previous] = await db
    .select({ endedAt: plays.endedAt })
    .from(plays)
    .where(
      and(eq(plays.playerId, play.playerId), lte(plays.startedAt, play.at), ne(plays.id, play.id)),
    )
    .orderBy(desc(plays.startedAt))
    .limit(1);
  return Boolean(previous?.endedAt && previous.endedAt.getTime() > play.at.getTime() + toleranceMs);
}

/** When the player's next play after `after` began (null: none has yet). */
export async function nextStart(
  db: Executor,
  play: { id: string; playerId: string; after: Date },
): Promise<Date | null> {
  const [next] = await db
    .select({ startedAt: plays.startedAt })
    .from(plays)
    .where(
      and(
        eq(plays.playerId, play.playerId),
        gt(plays.startedAt, play.after),
        ne(plays.id, play.id),
      ),
    )
    .orderBy(asc(plays.startedAt))
    .limit(1);
  return next?.startedAt ?? null;
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

/** The seconds the grouped plays lasted, each from its start to its reported end. */
const playedSeconds = sql<string>`coalesce(sum(round(greatest(0, extract(epoch from ${plays.endedAt} - ${plays.startedAt})))), 0)`;

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
      seconds: playedSeconds,
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

/** A song's plays across the venues of the filter over the period. */
export interface SongTotalAcrossVenues {
  songId: string;
  plays: number;
  seconds: number;
  /** How many venues played it. */
  venues: number;
}

/**
 * The next `limit` per-song totals after the song `afterSongId`, by song id:
 * a collecting society's report counts a work's uses, whichever venue
 * played it. Seconds as `songTotals` counts them.
 */
export async function songTotalsAcrossVenues(
  db: Executor,
  filter: PlayFilter,
  afterSongId: string | null,
  limit: number,
): Promise<SongTotalAcrossVenues[]> {
  const conditions = conditionsOf(filter);
  conditions.push(isNotNull(plays.songId), isNotNull(plays.establishmentId));
  if (afterSongId) conditions.push(sql`${plays.songId} > ${afterSongId}::uuid`);
  const rows = await db
    .select({
      songId: plays.songId,
      plays: count(),
      seconds: playedSeconds,
      venues: sql<number>`count(distinct ${plays.establishmentId})`.mapWith(Number),
    })
    .from(plays)
    .where(and(...conditions))
    .groupBy(plays.songId)
    .orderBy(plays.songId)
    .limit(limit);
  return rows.map((row) => ({
    songId: row.songId as string,
    plays: row.plays,
    seconds: Number(row.seconds),
    venues: row.venues,
  }));
}
