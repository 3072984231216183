import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { songRatings } from "../../../db/schema.ts";

/** SQL of song_ratings: a user's rating of a song. */

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
  return Math.round(Number(row?.value ?? rating.rating) * 100) / 100;
}
