import type { SongMetaChange } from "@fonika/shared";
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { anyId } from "../../../db/any-id.ts";
import type { Executor } from "../../../db/client.ts";
import { prepared } from "../../../db/prepared.ts";
import { authors, copyrightHolders, genres, songAuthors, songs } from "../../../db/schema.ts";

/** SQL of songs and of the catalog names they show. */

const genre = alias(genres, "genre");
const holder = alias(copyrightHolders, "holder");

/** A song's authors in their order, as a JSON array of {id, name} (one subquery per song). */
const authorsOfSong = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', a.id, 'name', a.name) order by sa.position)
    from ${songAuthors} sa join ${authors} a on a.id = sa.author_id
   where sa.song_id = ${songs.id}), '[]'::json)`;

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
  authors: authorsOfSong,
  copyrightHolderId: holder.id,
  copyrightHolderName: holder.name,
};

function selectSongs(db: Executor) {
  return db
    .select(songColumns)
    .from(songs)
    .leftJoin(genre, eq(genre.id, songs.genreId))
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
  return selectSongs(db).where(anyId(songs.id, ids));
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
    .where(and(anyId(songs.id, ids), isNull(songs.removedAt)));
}

/** What a file answer needs of a song (`findSongFile`). */
export interface SongFileRow {
  storageKey: string;
  contentHash: string;
  format: string;
  sizeBytes: number;
  coverKey: string | null;
  coverType: string | null;
  coverSize: number | null;
  /** The song is marked obsceneLexicon (a filtering venue's device never gets it). */
  obsceneLexicon: boolean;
  removedAt: Date | null;
}

/** The few columns a file answer needs: the hot read of audio streaming. */
export async function findSongFile(db: Executor, id: string): Promise<SongFileRow | undefined> {
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
        obsceneLexicon: songs.obsceneLexicon,
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

/** Inserts a song; undefined when a song of the same content got there first. */
export async function insertSong(db: Executor, song: NewSong): Promise<string | undefined> {
  const [row] = await db
    .insert(songs)
    .values(song)
    .onConflictDoNothing({ target: songs.contentHash })
    .returning({ id: songs.id });
  return row?.id;
}

/** The columns of a song's row a change may set (its authors are `setSongAuthors`'). */
type SongColumnsChange = Partial<Omit<SongMetaChange, "isrc" | "authorId" | "authorIds">>;

export async function updateSong(
  db: Executor,
  id: string,
  change: SongColumnsChange & {
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
  /** Songs left out (those no venue may play today, for a listener). */
  excludeSongIds?: readonly string[] | undefined;
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
  if (filter.excludeSongIds && filter.excludeSongIds.length > 0) {
    conditions.push(
      sql`${songs.id} not in (${sql.join(
        filter.excludeSongIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
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

/** A song claimed for measuring: what the job needs to read and judge it. */
// The loudness job's SQL (the loudness columns): decides nothing.

/** `now() + ms` on the database's clock, which every process shares. */
const fromNow = (ms: number) =>
  sql`now() + (${Math.round(ms)}::integer * interval '1 millisecond')`;

export interface ClaimedSong {
  id: string;
  storageKey: string;
  durationMs: number;
  /** Measurements begun, this one included. */
  attempts: number;
}

/** Songs still to measure, due or not (metrics): the pending index counts them. */
export async function countPendingLoudness(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql`count(*)`.mapWith(Number) })
    .from(songs)
    .where(and(eq(songs.loudnessStatus, "pending"), isNull(songs.removedAt)));
  return row?.count ?? 0;
}

/**
 * How long until the next pending song is due, in milliseconds on the
 * database's clock (0: one is due now); undefined when none is pending. A
 * song's next attempt is a retry's delay or another process's lease; a
 * song without one is due at once.
 */
export async function msUntilNextLoudnessDue(db: Executor): Promise<number | undefined> {
  const nextDue = sql`min(coalesce(${songs.loudnessNextAttemptAt}, now()))`;
  const [row] = await db
    .select({ ms: sql<number | null>`extract(epoch from ${nextDue} - now())::float8 * 1000` })
    .from(songs)
    .where(and(eq(songs.loudnessStatus, "pending"), isNull(songs.removedAt)));
  const ms = row?.ms;
  return ms === null || ms === undefined ? undefined : Math.max(0, Math.ceil(Number(ms)));
}

/**
 * Claims the oldest pending song that is due: locks it (`skip locked`, so
 * that another process's claim is passed over, not waited for), counts the
 * attempt and holds it for `leaseMs`. A process that dies while measuring
 * only delays the song until the lease ends; then anyone claims it again.
 */
export async function claimNextSong(
  db: Executor,
  leaseMs: number,
): Promise<ClaimedSong | undefined> {
  const due = db
    .select({ id: songs.id })
    .from(songs)
    .where(
      and(
        eq(songs.loudnessStatus, "pending"),
        isNull(songs.removedAt),
        or(isNull(songs.loudnessNextAttemptAt), lte(songs.loudnessNextAttemptAt, sql`now()`)),
      ),
    )
    .orderBy(asc(songs.createdAt), asc(songs.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(songs)
    .set({
      loudnessAttempts: sql`${songs.loudnessAttempts} + 1`,
      loudnessNextAttemptAt: fromNow(leaseMs),
    })
    .where(eq(songs.id, sql`(${due})`))
    .returning({
      id: songs.id,
      storageKey: songs.storageKey,
      durationMs: songs.durationMs,
      attempts: songs.loudnessAttempts,
    });
  return claimed;
}

/** Extends the claim of a song still being measured. */
export async function renewClaim(db: Executor, id: string, leaseMs: number): Promise<void> {
  await db
    .update(songs)
    .set({ loudnessNextAttemptAt: fromNow(leaseMs) })
    .where(and(eq(songs.id, id), eq(songs.loudnessStatus, "pending")));
}

/** Stores a measurement; the song leaves the queue. */
export async function storeLoudness(
  db: Executor,
  id: string,
  values: { integratedLufs: number | null; truePeakDb: number | null; gainDb: number },
): Promise<void> {
  await db
    .update(songs)
    .set({
      loudnessStatus: "measured",
      ...values,
      loudnessNextAttemptAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(songs.id, id), eq(songs.loudnessStatus, "pending")));
}

/** Gives up on a song: `failed`, without values; it leaves the queue. */
export async function markLoudnessFailed(db: Executor, id: string): Promise<void> {
  await db
    .update(songs)
    .set({
      loudnessStatus: "failed",
      integratedLufs: null,
      truePeakDb: null,
      gainDb: null,
      loudnessNextAttemptAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(songs.id, id), eq(songs.loudnessStatus, "pending")));
}

/** Leaves a song pending, not due before `delayMs` from now. */
export async function postponeLoudness(db: Executor, id: string, delayMs: number): Promise<void> {
  await db
    .update(songs)
    .set({ loudnessNextAttemptAt: fromNow(delayMs) })
    .where(and(eq(songs.id, id), eq(songs.loudnessStatus, "pending")));
}

/** Hands a claimed song back unmeasured: due at once, the attempt not counted. */
export async function releaseClaim(db: Executor, id: string): Promise<void> {
  await db
    .update(songs)
    .set({
      loudnessAttempts: sql`greatest(${songs.loudnessAttempts} - 1, 0)`,
      loudnessNextAttemptAt: null,
    })
    .where(and(eq(songs.id, id), eq(songs.loudnessStatus, "pending")));
}

/**
 * Makes every pending song due now, whatever claim or retry time it held.
 * Only right for a database no other process uses (embedded PGlite): there,
 * every claim at start was left by a process that is gone.
 */
export async function releaseAllClaims(db: Executor): Promise<number> {
  const released = await db
    .update(songs)
    .set({ loudnessNextAttemptAt: null })
    .where(
      and(
        eq(songs.loudnessStatus, "pending"),
        isNotNull(songs.loudnessNextAttemptAt),
        gt(songs.loudnessNextAttemptAt, sql`now()`),
      ),
    )
    .returning({ id: songs.id });
  return released.length;
}

/** The tag-derived text of songs after `afterId` in id order, removed ones too; a batch. */
export async function listSongTagText(db: Executor, afterId: string | null, limit: number) {
  return db
    .select({ id: songs.id, title: songs.title, artists: songs.artists, album: songs.album })
    .from(songs)
    .where(afterId ? gt(songs.id, afterId) : undefined)
    .orderBy(asc(songs.id))
    .limit(limit);
}

/** Moves the songs of one genre to another (a genre merged into its twin). */
export async function moveSongsToGenre(db: Executor, fromId: string, toId: string): Promise<void> {
  await db
    .update(songs)
    .set({ genreId: toId, updatedAt: new Date() })
    .where(eq(songs.genreId, fromId));
}
