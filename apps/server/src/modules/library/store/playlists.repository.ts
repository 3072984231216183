import { and, asc, count, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import type { Executor } from "../../../db/client.ts";
import { containsPattern } from "../../../db/like.ts";
import { playlists, songs, vaultEntries } from "../../../db/schema.ts";

/**
 * SQL of playlists and favourites. A playlist's place, versions and tracks
 * are vault entries, written only by the vault's service; the reads here
 * join them (and songs) to present and filter playlists.
 */

export type PlaylistRow = typeof playlists.$inferSelect;
export type NewPlaylist = typeof playlists.$inferInsert;

export interface PlaylistView extends PlaylistRow {
  entryId: string | null;
  entryParentId: string | null;
  versions: Array<{ id: string; name: string; tracksCount: number; tracksDurationMs: number }>;
}

export async function insertPlaylist(db: Executor, playlist: NewPlaylist): Promise<PlaylistRow> {
  const [row] = await db.insert(playlists).values(playlist).returning();
  return row as PlaylistRow;
}

export async function findPlaylist(db: Executor, id: string): Promise<PlaylistRow | undefined> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id));
  return row;
}

export async function updatePlaylist(
  db: Executor,
  id: string,
  change: Partial<NewPlaylist>,
): Promise<PlaylistRow | undefined> {
  const [row] = await db
    .update(playlists)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(playlists.id, id))
    .returning();
  return row;
}

/** A new playlist row like this one, under another name and with no current version; answers its id. */
export async function copyPlaylist(db: Executor, id: string, name: string): Promise<string> {
  const original = await findPlaylist(db, id);
  if (!original) throw new Error(`Playlist ${id} of a vault entry is missing`);
  const {
    id: _id,
    createdAt: _created,
    updatedAt: _updated,
    currentVersionId: _current,
    ...rest
  } = original;
  const copy = await insertPlaylist(db, { ...rest, name, currentVersionId: null });
  return copy.id;
}

export async function setDeleted(db: Executor, ids: readonly string[], deleted: boolean) {
  if (ids.length === 0) return;
  await db
    .update(playlists)
    .set({ deletedAt: deleted ? new Date() : null, updatedAt: new Date() })
    .where(anyId(playlists.id, ids));
}

export async function deletePlaylists(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(playlists).where(anyId(playlists.id, ids));
}

/**
 * Playlists whose entry was deleted for good while they were kept (a tariff
 * held them): they stay deleted and lose their current version, which went
 * with the entry.
 */
export async function unplacePlaylists(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const now = new Date();
  await db
    .update(playlists)
    .set({
      currentVersionId: null,
      deletedAt: sql`coalesce(${playlists.deletedAt}, now())`,
      updatedAt: now,
    })
    .where(anyId(playlists.id, ids));
}

/** Whether a playlist has no entry in the tree (no place). */
const unplaced = sql`not exists (select 1 from ${vaultEntries} placed where placed.playlist_id = ${playlists.id} and placed.type = 'playlist')`;

/** One page of the playlists without a place, by name. */
export async function listUnplacedPlaylists(
  db: Executor,
  paging: { limit: number; offset: number },
): Promise<{ rows: Array<{ id: string; name: string; updatedAt: Date }>; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: playlists.id, name: playlists.name, updatedAt: playlists.updatedAt })
      .from(playlists)
      .where(unplaced)
      .orderBy(asc(sql`lower(${playlists.name})`), asc(playlists.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ value: count() }).from(playlists).where(unplaced),
  ]);
  return { rows, total: totals?.value ?? 0 };
}

export async function currentVersionIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: playlists.currentVersionId })
    .from(playlists)
    .where(and(anyId(playlists.id, ids), isNotNull(playlists.currentVersionId)));
  return rows.map((row) => row.id as string);
}

/** Playlists with their vault entry and versions, in the order of `ids`. */
export async function findPlaylistViews(
  db: Executor,
  ids: readonly string[],
): Promise<PlaylistView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ playlist: playlists, entryId: vaultEntries.id, entryParentId: vaultEntries.parentId })
    .from(playlists)
    .leftJoin(
      vaultEntries,
      and(eq(vaultEntries.playlistId, playlists.id), eq(vaultEntries.type, "playlist")),
    )
    .where(anyId(playlists.id, ids));
  const entryIds = rows.flatMap((row) => (row.entryId ? [row.entryId] : []));
  const versions =
    entryIds.length === 0
      ? []
      : await db
          .select({
            id: vaultEntries.id,
            parentId: vaultEntries.parentId,
            name: vaultEntries.name,
            tracksCount: vaultEntries.tracksCount,
            tracksDurationMs: vaultEntries.tracksDurationMs,
          })
          .from(vaultEntries)
          .where(and(anyId(vaultEntries.parentId, entryIds), eq(vaultEntries.type, "version")))
          .orderBy(asc(vaultEntries.position));
  const byId = new Map(
    rows.map((row) => [
      row.playlist.id,
      {
        ...row.playlist,
        entryId: row.entryId,
        entryParentId: row.entryParentId,
        versions: versions.filter((version) => version.parentId === row.entryId),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The tracks of a version in play order: entry, position and song. */
export async function versionTracks(db: Executor, versionId: string) {
  return db
    .select({
      entryId: vaultEntries.id,
      position: vaultEntries.position,
      songId: vaultEntries.songId,
    })
    .from(vaultEntries)
    .where(and(eq(vaultEntries.parentId, versionId), eq(vaultEntries.type, "track")))
    .orderBy(asc(vaultEntries.position), asc(vaultEntries.id));
}

/** Whether `versionId` is a version of this playlist's entry. */
export async function isVersionOf(db: Executor, playlistId: string, versionId: string) {
  const [row] = await db
    .select({ id: vaultEntries.id })
    .from(vaultEntries)
    .innerJoin(
      sql`${vaultEntries} as owner`,
      sql`owner.id = ${vaultEntries.parentId} and owner.playlist_id = ${playlistId}`,
    )
    .where(and(eq(vaultEntries.id, versionId), eq(vaultEntries.type, "version")));
  return Boolean(row);
}

export interface PlaylistFilter {
  text?: string | undefined;
  song?: string | undefined;
  artist?: string | undefined;
  album?: string | undefined;
  tag?: string | undefined;
  /** Only playlists whose current version has tracks (what can be played). */
  playable?: boolean;
  /** Only playlists of these ids (none: no playlist at all). */
  ids?: readonly string[];
  limit: number;
  offset: number;
}

/** A condition on the songs of a playlist's current version. */
function hasSong(condition: SQL): SQL {
  return sql`exists (
    select 1 from ${vaultEntries} track join ${songs} song on song.id = track.song_id
    where track.parent_id = ${playlists.currentVersionId} and song.removed_at is null and ${condition})`;
}

/** Live playlists (placed, not in the trash) matching the filter, by name. */
export async function listPlaylistIds(
  db: Executor,
  filter: PlaylistFilter,
): Promise<{ ids: string[]; total: number }> {
  if (filter.ids?.length === 0) return { ids: [], total: 0 };
  const conditions: SQL[] = [isNull(playlists.deletedAt)];
  if (filter.ids) conditions.push(anyId(playlists.id, filter.ids));
  if (filter.text) {
    const pattern = containsPattern(filter.text);
    conditions.push(
      sql`(${playlists.name} ilike ${pattern} or array_to_string(${playlists.tags}, ' ') ilike ${pattern})`,
    );
  }
  if (filter.tag) {
    conditions.push(
      sql`exists (select 1 from unnest(${playlists.tags}) tag where lower(tag) = lower(${filter.tag}))`,
    );
  }
  if (filter.song) conditions.push(hasSong(sql`lower(song.title) = lower(${filter.song})`));
  if (filter.album) conditions.push(hasSong(sql`lower(song.album) = lower(${filter.album})`));
  if (filter.artist) {
    conditions.push(
      hasSong(
        sql`exists (select 1 from unnest(song.artists) artist where lower(artist) = lower(${filter.artist}))`,
      ),
    );
  }
  const placed = and(eq(vaultEntries.playlistId, playlists.id), eq(vaultEntries.type, "playlist"));
  if (filter.playable) {
    conditions.push(
      sql`exists (select 1 from ${vaultEntries} version where version.id = ${playlists.currentVersionId} and version.tracks_count > 0)`,
    );
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: playlists.id })
      .from(playlists)
      .innerJoin(vaultEntries, placed)
      .where(where)
      .orderBy(asc(sql`lower(${playlists.name})`), asc(playlists.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ value: count() }).from(playlists).innerJoin(vaultEntries, placed).where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: totals?.value ?? 0 };
}

/** How many playlists show this cover (covers are shared by content). */
export async function countPlaylistsWithFile(db: Executor, key: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(playlists)
    .where(sql`${playlists.coverKey} = ${key} or ${playlists.summaryKey} = ${key}`);
  return row?.value ?? 0;
}

/** Names of the playlists of these ids that are not in the trash. */
export async function namesOfLivePlaylists(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: playlists.id, name: playlists.name })
    .from(playlists)
    .where(and(anyId(playlists.id, ids), isNull(playlists.deletedAt)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A track of a playlist's current version as players need it: the song,
 * what orders and shows it, whether it is explicit (obsceneLexicon) and
 * the loudness job's figures.
 */
export interface PlaylistTrack {
  songId: string;
  title: string;
  artists: string[];
  durationMs: number;
  /** The song is marked obsceneLexicon: an establishment's explicit filter keeps it out. */
  explicit: boolean;
  gainDb: number | null;
  truePeakDb: number | null;
  hasCover: boolean;
  sizeBytes: number;
  /**
   * When the song's copyright holder's licences run out (ISO instant, the
   * end of its last Moscow day), absent when they do not (issue 32): a
   * player without the network stops it then. The library sets it.
   */
  playableUntil?: string;
}

/**
 * The tracks of each live playlist's current version in their order, with
 * the artists of each song (removed songs left out); a playlist without a
 * current version or in the trash is absent.
 */
export async function currentVersionTracks(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, PlaylistTrack[]>> {
  const tracks = new Map<string, PlaylistTrack[]>();
  if (ids.length === 0) return tracks;
  const rows = await db
    .select({
      playlistId: playlists.id,
      songId: songs.id,
      title: songs.title,
      artists: songs.artists,
      durationMs: songs.durationMs,
      explicit: songs.obsceneLexicon,
      gainDb: songs.gainDb,
      truePeakDb: songs.truePeakDb,
      coverKey: songs.coverKey,
      sizeBytes: songs.sizeBytes,
    })
    .from(playlists)
    .innerJoin(vaultEntries, eq(vaultEntries.parentId, playlists.currentVersionId))
    .innerJoin(songs, eq(songs.id, vaultEntries.songId))
    .where(
      and(
        anyId(playlists.id, ids),
        isNull(playlists.deletedAt),
        eq(vaultEntries.type, "track"),
        isNull(songs.removedAt),
      ),
    )
    .orderBy(asc(playlists.id), asc(vaultEntries.position), asc(vaultEntries.id));
  for (const { playlistId, coverKey, artists, ...song } of rows) {
    const list = tracks.get(playlistId) ?? [];
    list.push({ ...song, artists: artists ?? [], hasCover: coverKey !== null });
    tracks.set(playlistId, list);
  }
  return tracks;
}
