import { and, eq } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import type { Executor } from "../../../db/client.ts";
import { songAuthors, songs, vaultEntries } from "../../../db/schema.ts";
import { artistsOfTrack } from "./vault-entries.repository.ts";

/**
 * SQL of whose a song is (issue 32): its authors in order (`song_authors`)
 * and its copyright holder, for one song or many at once.
 */

/** Each of these songs' authors become these, in this order. */
export async function setSongAuthors(
  db: Executor,
  songIds: readonly string[],
  authorIds: readonly string[],
): Promise<void> {
  if (songIds.length === 0) return;
  await db.delete(songAuthors).where(anyId(songAuthors.songId, songIds));
  await addSongAuthors(
    db,
    songIds.flatMap((songId) =>
      authorIds.map((authorId, position) => ({ songId, authorId, position })),
    ),
  );
}

/** These songs' copyright holder becomes this one (or none). */
export async function setCopyrightHolder(
  db: Executor,
  songIds: readonly string[],
  copyrightHolderId: string | null,
): Promise<void> {
  if (songIds.length === 0) return;
  await db
    .update(songs)
    .set({ copyrightHolderId, updatedAt: new Date() })
    .where(anyId(songs.id, songIds));
}

/** These songs' performers become these, and their tracks in the vault show them. */
export async function setSongArtists(
  db: Executor,
  songIds: readonly string[],
  artists: readonly string[],
): Promise<void> {
  if (songIds.length === 0) return;
  await db
    .update(songs)
    .set({ artists: [...artists], updatedAt: new Date() })
    .where(anyId(songs.id, songIds));
  await db
    .update(vaultEntries)
    .set({ artists: artistsOfTrack(artists) })
    .where(and(anyId(vaultEntries.songId, songIds), eq(vaultEntries.type, "track")));
}

/** Locks these songs' rows until the transaction ends; answers how many exist. */
export async function lockSongs(db: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: songs.id })
    .from(songs)
    .where(anyId(songs.id, ids))
    .for("update");
  return rows.length;
}

/** Credits songs with authors (rows already there stay as they are). */
export async function addSongAuthors(
  db: Executor,
  credits: readonly { songId: string; authorId: string; position: number }[],
): Promise<void> {
  if (credits.length === 0) return;
  await db
    .insert(songAuthors)
    .values([...credits])
    .onConflictDoNothing();
}
