import type { SongMetaChange } from "@fonika/shared";
import { and, arrayContains, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../../db/client.ts";
import { prepared } from "../../../db/prepared.ts";
import { authors, copyrightHolders, genres, songRatings, songs } from "../../../db/schema.ts";

/** SQL of songs and of the catalog names they show. */

const genre = alias(genres, "genre");
const author = alias(authors, "author");
const holder = alias(copyrightHolders, "holder");

/** A song with the names of its catalog entries: what presentSong needs. */
const songColumns = {
  id: songs.id,
  title: songs.title,
  artists: songs.artists,
  album: songs.album,
  year: songs.year,
  obsceneLexicon: songs.obsceneLexicon,
  isrc: songs.isrc,
  format: songs.format,
  durationMs: songs.durationMs,
  bitrate: songs.bitrate,
  sizeBytes: songs.sizeBytes,
  coverKey: songs.coverKey,
  loudnessStatus: songs.loudnessStatus,
  integratedLufs: songs.integratedLufs,
  truePeakDb: songs.truePeakDb,
  gainDb: songs.gainDb,
  playCount: songs.playCount,
  createdAt: songs.createdAt,
  updatedAt: songs.updatedAt,
  removedAt: songs.removedAt,
  genreId: genre.id,
  genreName: genre.name,
  authorId: author.id,
  authorName: author.name,
  copyrightHolderId: holder.id,
  copyrightHolderName: holder.name,
};

function selectSongs(db: Executor) {
  return db
    .select(songColumns)
    .from(songs)
    .leftJoin(genre, eq(genre.id, songs.genreId))
    .leftJoin(author, eq(author.id, songs.authorId))
    .leftJoin(holder, eq(holder.id, songs.copyrightHolderId));
}

export type SongRow = Awaited<ReturnType<ReturnType<typeof selectSongs>["execute"]>>[number];

export async function findSong(db: Executor, id: string): Promise<SongRow | undefined> {
  const statement = prepared(db, "songs_find", (handle) =>
    selectSongs(handle)
      .where(eq(songs.id, sql.placeholder("id")))
      .prepare("songs_find"),
  );
  const [row] = await statement.execute({ id });
  return row;
}

/** Songs by id, with their catalog names (any order). */
export async function findSongs(db: Executor, ids: readonly string[]): Promise<SongRow[]> {
  if (ids.length === 0) return [];
  return selectSongs(db).where(inArray(songs.id, [...ids]));
}

/** What a vault track needs of songs still in the library. */
export async function findSongsForTracks(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: songs.id,
      title: songs.title,
      artists: songs.artists,
      sizeBytes: songs.sizeBytes,
      durationMs: songs.durationMs,
    })
    .from(songs)
    .where(and(inArray(songs.id, [...ids]), isNull(songs.removedAt)));
}

/** The few columns a file answer needs: the hot read of audio streaming. */
export async function findSongFile(db: Executor, id: string) {
  const statement = prepared(db, "songs_find_file", (handle) =>
    handle
      .select({
        storageKey: songs.storageKey,
        contentHash: songs.contentHash,
        format: songs.format,
        sizeBytes: songs.sizeBytes,
        coverKey: songs.coverKey,
        coverType: songs.coverType,
        coverSize: songs.coverSize,
        removedAt: songs.removedAt,
      })
      .from(songs)
      .where(eq(songs.id, sql.placeholder("id")))
      .prepare("songs_find_file"),
  );
  const [row] = await statement.execute({ id });
  return row;
}

export async function findSongIdByHash(
  db: Executor,
  contentHash: string,
): Promise<{ id: string; removedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: songs.id, removedAt: songs.removedAt })
    .from(songs)
    .where(eq(songs.contentHash, contentHash));
  return row;
}

/** The songs of these contents, by hash. */
export async function findSongIdsByHashes(
  db: Executor,
  hashes: readonly string[],
): Promise<Map<string, { id: string; removedAt: Date | null }>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select({ id: songs.id, removedAt: songs.removedAt, contentHash: songs.contentHash })
    .from(songs)
    .where(inArray(songs.contentHash, [...hashes]));
  return new Map(rows.map((row) => [row.contentHash, { id: row.id, removedAt: row.removedAt }]));
}

export type NewSong = typeof songs.$inferInsert;

/** Inserts songs at once; a content already there is skipped. Answers the ids made, by hash. */
export async function insertSongs(db: Executor, rows: NewSong[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const made = await db
    .insert(songs)
    .values(rows)
    .onConflictDoNothing({ target: songs.contentHash })
    .returning({ id: songs.id, contentHash: songs.contentHash });
  return new Map(made.map((row) => [row.contentHash, row.id]));
}

/** The genres of these names (any case), made where missing. */
export async function findOrCreateGenres(
  db: Executor,
  names: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  if (wanted.length === 0) return new Map();
  const lowered = wanted.map((name) => name.toLowerCase());
  const find = () =>
    db
      .select({ id: genres.id, name: genres.name })
      .from(genres)
      .where(inArray(sql`lower(${genres.name})`, lowered));
  const found = new Map((await find()).map((row) => [row.name.toLowerCase(), row.id]));
  const missing = wanted.filter((name) => !found.has(name.toLowerCase()));
  if (missing.length > 0) {
    await db
      .insert(genres)
      .values(missing.map((name) => ({ name })))
      .onConflictDoNothing();
    for (const row of await find()) found.set(row.name.toLowerCase(), row.id);
  }
  return found;
}

/** Inserts a song; undefined when a song of the same content got there first. */
export async function insertSong(db: Executor, song: NewSong): Promise<string | undefined> {
  const [row] = await db
    .insert(songs)
    .values(song)
    .onConflictDoNothing({ target: songs.contentHash })
    .returning({ id: songs.id });
  return row?.id;
}

export async function updateSong(
  db: Executor,
  id: string,
  change: Partial<Omit<SongMetaChange, "isrc">> & {
    isrc?: string | null;
    coverKey?: string | null;
    coverType?: string | null;
    coverSize?: number | null;
    removedAt?: Date | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(songs)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(songs.id, id))
    .returning({ id: songs.id });
  return rows.length > 0;
}

/** How many songs show this cover (covers are shared by content). */
export async function countSongsWithCover(db: Executor, coverKey: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(songs).where(eq(songs.coverKey, coverKey));
  return row?.value ?? 0;
}

export interface SongListFilter {
  limit: number;
  offset: number;
  orderBy: "popular" | "lastAdded";
  albumName?: string | undefined;
  artistName?: string | undefined;
  /** Songs on the current versions of these playlists (a player's). */
  playlistIds?: readonly string[] | undefined;
}

export async function listSongs(
  db: Executor,
  filter: SongListFilter,
): Promise<{ rows: SongRow[]; total: number }> {
  const conditions: SQL[] = [isNull(songs.removedAt)];
  if (filter.albumName) conditions.push(sql`lower(${songs.album}) = lower(${filter.albumName})`);
  if (filter.artistName) conditions.push(arrayContains(songs.artists, [filter.artistName]));
  if (filter.playlistIds) {
    // The tracks of each playlist's current version (the vault's and the
    // playlists' tables, read here as the playlists module reads songs).
    conditions.push(
      filter.playlistIds.length === 0
        ? sql`false`
        : sql`${songs.id} in (select e.song_id from vault_entries e
            join playlists p on e.parent_id = p.current_version_id
           where p.id in ${sql`(${sql.join(
             filter.playlistIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`} and e.type = 'track' and p.deleted_at is null)`,
    );
  }
  const where = and(...conditions);
  const order =
    filter.orderBy === "popular"
      ? [desc(songs.playCount), desc(songs.createdAt), desc(songs.id)]
      : [desc(songs.createdAt), desc(songs.id)];
  const [rows, [totals]] = await Promise.all([
    selectSongs(db)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ value: count() }).from(songs).where(where),
  ]);
  return { rows, total: totals?.value ?? 0 };
}

/** The genre of this name (any case), made when it is new. */
export async function findOrCreateGenre(db: Executor, name: string): Promise<string> {
  const [made] = await db
    .insert(genres)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: genres.id });
  if (made) return made.id;
  const [found] = await db
    .select({ id: genres.id })
    .from(genres)
    .where(sql`lower(${genres.name}) = lower(${name})`);
  if (!found) throw new Error(`Genre ${name} vanished while it was being found`);
  return found.id;
}

/** Which of the referenced catalog entries exist (a change must not point at nothing). */
export async function catalogEntriesExist(
  db: Executor,
  ids: { genreId?: string | null; authorId?: string | null; copyrightHolderId?: string | null },
): Promise<{ genre: boolean; author: boolean; copyrightHolder: boolean }> {
  const exists = async (table: typeof genres, id: string | null | undefined) => {
    if (!id) return true;
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    return Boolean(row);
  };
  const [genreFound, authorFound, holderFound] = await Promise.all([
    exists(genres, ids.genreId),
    exists(authors, ids.authorId),
    exists(copyrightHolders, ids.copyrightHolderId),
  ]);
  return { genre: genreFound, author: authorFound, copyrightHolder: holderFound };
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
  return Math.round(Number(row?.value ?? rating.rating) * 100) / 100;
}
