import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { favouritePlaylists, playlists } from "../../../db/schema.ts";

/** SQL of favourite_playlists: the playlists a user keeps at hand. */

export async function addFavourite(db: Executor, userId: string, playlistId: string) {
  await db.insert(favouritePlaylists).values({ userId, playlistId }).onConflictDoNothing();
}

export async function removeFavourite(db: Executor, userId: string, playlistId: string) {
  await db
    .delete(favouritePlaylists)
    .where(
      and(eq(favouritePlaylists.userId, userId), eq(favouritePlaylists.playlistId, playlistId)),
    );
}

/** A user's favourites that are live, latest first. */
export async function listFavouriteIds(
  db: Executor,
  userId: string,
  paging: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = and(eq(favouritePlaylists.userId, userId), isNull(playlists.deletedAt));
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: favouritePlaylists.playlistId })
      .from(favouritePlaylists)
      .innerJoin(playlists, eq(playlists.id, favouritePlaylists.playlistId))
      .where(where)
      .orderBy(desc(favouritePlaylists.createdAt), asc(favouritePlaylists.playlistId))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ value: count() })
      .from(favouritePlaylists)
      .innerJoin(playlists, eq(playlists.id, favouritePlaylists.playlistId))
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: totals?.value ?? 0 };
}
