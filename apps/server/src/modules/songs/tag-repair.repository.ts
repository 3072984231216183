import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { genres, songs } from "../../db/schema.ts";

/** SQL of the stored tag repair (tag-repair.ts). */

/** The tag-derived text of songs after `afterId` in id order, removed ones too; a batch. */
export async function listSongTagText(db: Executor, afterId: string | null, limit: number) {
  return db
    .select({ id: songs.id, title: songs.title, artists: songs.artists, album: songs.album })
    .from(songs)
    .where(afterId ? gt(songs.id, afterId) : undefined)
    .orderBy(asc(songs.id))
    .limit(limit);
}

/** Every genre (a catalog of tens to hundreds of names). */
export async function listGenres(db: Executor) {
  return db.select({ id: genres.id, name: genres.name }).from(genres).orderBy(asc(genres.id));
}

/** Another genre already named `name` (any case), whose songs a repaired genre joins. */
export async function findOtherGenreNamed(db: Executor, id: string, name: string) {
  const [row] = await db
    .select({ id: genres.id })
    .from(genres)
    .where(and(ne(genres.id, id), sql`lower(${genres.name}) = lower(${name})`));
  return row;
}

export async function renameGenre(db: Executor, id: string, name: string): Promise<void> {
  await db.update(genres).set({ name }).where(eq(genres.id, id));
}

/** Moves the songs of genre `fromId` to `toId` and deletes `fromId`. */
export async function mergeGenre(db: Executor, fromId: string, toId: string): Promise<void> {
  await db
    .update(songs)
    .set({ genreId: toId, updatedAt: new Date() })
    .where(eq(songs.genreId, fromId));
  await db.delete(genres).where(eq(genres.id, fromId));
}
