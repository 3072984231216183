import { and, eq, isNull, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import type { Executor } from "../../../db/client.ts";
import { songRatings, songs } from "../../../db/schema.ts";

/** SQL of song_ratings: a user's rating of a song. */

/** An average as the API shows it: two decimals. */
function roundAverage(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Sets a user's rating of a song (again replaces it); answers the song's average. */
export async function rateSong(
  db: Executor,
  rating: { userId: string; songId: string; rating: number },
): Promise<number> {
  await db
    .insert(songRatings)
    .values(rating)
    .onConflictDoUpdate({
      target: [songRatings.userId, songRatings.songId],
      set: { rating: rating.rating, ratedAt: new Date() },
    });
  const [row] = await db
    .select({ value: sql<string>`avg(${songRatings.rating})` })
    .from(songRatings)
    .where(eq(songRatings.songId, rating.songId));
  return roundAverage(Number(row?.value ?? rating.rating));
}

/** One song's ratings as a reader sees them (`ratingsOf`). */
export interface SongRatingRow {
  songId: string;
  /** Null while nobody rated the song. */
  averageRating: number | null;
  ratingsCount: number;
  /** The reader's own rating, null when they gave none. */
  myRating: number | null;
}

/**
 * The ratings of these songs still in the library (removed and unknown
 * ones are left out), with this user's own: one query, any order.
 */
export async function ratingsOf(
  db: Executor,
  userId: string,
  songIds: readonly string[],
): Promise<SongRatingRow[]> {
  if (songIds.length === 0) return [];
  const rows = await db
    .select({
      songId: songs.id,
      average: sql<string | null>`avg(${songRatings.rating})`,
      count: sql<number>`count(${songRatings.rating})::int`,
      mine: sql<
        number | null
      >`max(${songRatings.rating}) filter (where ${songRatings.userId} = ${userId})`,
    })
    .from(songs)
    .leftJoin(songRatings, eq(songRatings.songId, songs.id))
    .where(and(anyId(songs.id, songIds), isNull(songs.removedAt)))
    .groupBy(songs.id);
  return rows.map((row) => ({
    songId: row.songId,
    averageRating: row.average === null ? null : roundAverage(Number(row.average)),
    ratingsCount: Number(row.count),
    myRating: row.mine === null ? null : Number(row.mine),
  }));
}
