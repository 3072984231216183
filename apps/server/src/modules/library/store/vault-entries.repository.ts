import { and, arrayContains, asc, count, desc, eq, max, ne, type SQL, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import type { Executor } from "../../../db/client.ts";
import { containsPattern } from "../../../db/like.ts";
import { songs, vaultEntries } from "../../../db/schema.ts";

/** SQL of the vault's tree (vault_entries): entries, their subtrees and totals. */

export type EntryRow = typeof vaultEntries.$inferSelect;
export type NewEntry = typeof vaultEntries.$inferInsert;

/** A listed entry: the row, and for a track what its row shows of the song. */
export interface ListedEntry extends EntryRow {
  song: {
    title: string;
    artists: string[];
    album: string | null;
    durationMs: number;
    obsceneLexicon: boolean;
    removed: boolean;
  } | null;
}

export interface Totals {
  sizeBytes: number;
  tracksCount: number;
  tracksDurationMs: number;
}

const songColumns = {
  title: songs.title,
  artists: songs.artists,
  album: songs.album,
  durationMs: songs.durationMs,
  obsceneLexicon: songs.obsceneLexicon,
  removedAt: songs.removedAt,
};

function withSong(row: { entry: EntryRow; song: SongPart | null }): ListedEntry {
  const { song } = row;
  return {
    ...row.entry,
    song:
      song && song.title !== null
        ? {
            title: song.title,
            artists: song.artists ?? [],
            album: song.album,
            durationMs: song.durationMs ?? 0,
            obsceneLexicon: song.obsceneLexicon ?? false,
            removed: song.removedAt !== null,
          }
        : null,
  };
}

interface SongPart {
  title: string | null;
  artists: string[] | null;
  album: string | null;
  durationMs: number | null;
  obsceneLexicon: boolean | null;
  removedAt: Date | null;
}

export async function findEntry(db: Executor, id: string): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(vaultEntries).where(eq(vaultEntries.id, id));
  return row;
}

/** The row locked for the rest of the transaction (PostgreSQL; PGlite runs one at a time). */
export async function lockEntry(db: Executor, id: string): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(vaultEntries).where(eq(vaultEntries.id, id)).for("update");
  return row;
}

export async function findEntries(db: Executor, ids: readonly string[]): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(vaultEntries).where(anyId(vaultEntries.id, ids));
}

/** Entries with their songs, in the order of `ids`. */
export async function findListedEntries(
  db: Executor,
  ids: readonly string[],
): Promise<ListedEntry[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ entry: vaultEntries, song: songColumns })
    .from(vaultEntries)
    .leftJoin(songs, eq(songs.id, vaultEntries.songId))
    .where(anyId(vaultEntries.id, ids));
  const byId = new Map(rows.map((row) => [row.entry.id, withSong(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface ChildrenQuery {
  query?: string | undefined;
  sortBy: "name" | "size" | "createdDate" | "modifiedDate" | "position";
  order: "asc" | "desc";
  limit: number;
  offset: number;
}

/**
 * One page of an entry's children, folders first. Tracks carry their song's
 * title as their name (the vault renames them when the title changes), so a
 * page is read from vault_entries alone, and the songs are joined for the
 * rows of the page only; a search by name or by a track's artists goes
 * through their trigram indexes. Folders and the rest are read as two parts,
 * each in the order of its listing index (migration 0009) in either
 * direction: a page deep in a 10 000-track folder is an index walk, never a
 * sort of the folder.
 */
export async function listChildren(
  db: Executor,
  parentId: string,
  request: ChildrenQuery,
): Promise<{ rows: ListedEntry[]; total: number }> {
  const conditions: SQL[] = [eq(vaultEntries.parentId, parentId)];
  if (request.query) {
    // Name, and a track's artists, in search's normal form ('ё' is 'е'):
    // the stored search_key and its trigram index (migration 0009).
    conditions.push(
      sql`${vaultEntries}.search_key like fonika_search_text(${containsPattern(request.query)})`,
    );
  }
  const where = and(...conditions);
  const column: Record<ChildrenQuery["sortBy"], SQL> = {
    name: sql`lower(${vaultEntries.name})`,
    size: sql`${vaultEntries.sizeBytes}`,
    createdDate: sql`${vaultEntries.createdAt}`,
    modifiedDate: sql`${vaultEntries.modifiedAt}`,
    position: sql`${vaultEntries.position}`,
  };
  const direction = request.order === "desc" ? desc : asc;
  // The listing indexes' second column: false (folders) sorts first.
  const notFolder = sql`(${vaultEntries.type} <> 'folder')`;
  const [counted] = await db
    .select({
      folders: sql<number>`count(*) filter (where not ${notFolder})`.mapWith(Number),
      total: count(),
    })
    .from(vaultEntries)
    .where(where);
  const folders = counted?.folders ?? 0;
  const total = counted?.total ?? 0;
  const part = (ofFolders: boolean, limit: number, offset: number) =>
    limit <= 0
      ? Promise.resolve([])
      : db
          .select({ id: vaultEntries.id })
          .from(vaultEntries)
          .where(and(where, sql`${notFolder} = ${sql.raw(ofFolders ? "false" : "true")}`))
          .orderBy(direction(column[request.sortBy]), direction(vaultEntries.id))
          .limit(limit)
          .offset(offset);
  const fromFolders = Math.max(0, Math.min(request.limit, folders - request.offset));
  const page = [
    ...(await part(true, fromFolders, request.offset)),
    ...(await part(
      false,
      Math.min(request.limit - fromFolders, total - folders),
      Math.max(0, request.offset - folders),
    )),
  ];
  const rows = await findListedEntries(
    db,
    page.map((row) => row.id),
  );
  return { rows, total };
}

/** A track's artists as it keeps them: its song's, in one line. */
export function artistsOfTrack(artists: readonly string[]): string {
  return artists.join(", ");
}

/** Gives a song's tracks its title and artists, wherever they are. */
export async function followSong(
  db: Executor,
  songId: string,
  song: { name: string; artists: string },
) {
  await db
    .update(vaultEntries)
    .set(song)
    .where(and(eq(vaultEntries.songId, songId), eq(vaultEntries.type, "track")));
}

/** Everything below an entry (not the entry itself), or only what is of `type`. */
export async function listDescendants(
  db: Executor,
  id: string,
  type?: "folder" | "playlist",
): Promise<EntryRow[]> {
  const below = arrayContains(vaultEntries.ancestors, [id]);
  return db
    .select()
    .from(vaultEntries)
    .where(type ? and(below, eq(vaultEntries.type, type)) : below)
    .orderBy(sql`cardinality(${vaultEntries.ancestors})`, asc(vaultEntries.position));
}

/** Folders, playlists and versions below an entry: the side menu's tree. */
export async function listTreeDescendants(db: Executor, id: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(vaultEntries)
    .where(and(arrayContains(vaultEntries.ancestors, [id]), ne(vaultEntries.type, "track")))
    .orderBy(asc(vaultEntries.position), asc(sql`lower(${vaultEntries.name})`));
}

/** The lower-cased names of an entry's children of named types (folders, playlists, versions). */
export async function siblingNames(db: Executor, parentId: string): Promise<Set<string>> {
  const rows = await db
    .select({ name: vaultEntries.name })
    .from(vaultEntries)
    .where(and(eq(vaultEntries.parentId, parentId), ne(vaultEntries.type, "track")));
  return new Set(rows.map((row) => row.name.toLowerCase()));
}

/** The child of a named type with this name (any case), if any. */
export async function findNamedChild(
  db: Executor,
  parentId: string,
  name: string,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(vaultEntries)
    .where(
      and(
        eq(vaultEntries.parentId, parentId),
        ne(vaultEntries.type, "track"),
        sql`lower(${vaultEntries.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row;
}

/** The track children of an entry that play these songs. */
export async function findTracksOfSongs(
  db: Executor,
  parentId: string,
  songIds: readonly string[],
): Promise<EntryRow[]> {
  if (songIds.length === 0) return [];
  return db
    .select()
    .from(vaultEntries)
    .where(and(eq(vaultEntries.parentId, parentId), anyId(vaultEntries.songId, songIds)));
}

/** The next free position among an entry's children. */
export async function nextPosition(db: Executor, parentId: string): Promise<number> {
  const [row] = await db
    .select({ value: max(vaultEntries.position) })
    .from(vaultEntries)
    .where(eq(vaultEntries.parentId, parentId));
  return (row?.value ?? -1) + 1;
}

export async function insertEntries(db: Executor, entries: NewEntry[]): Promise<EntryRow[]> {
  if (entries.length === 0) return [];
  return db.insert(vaultEntries).values(entries).returning();
}

export async function updateEntry(
  db: Executor,
  id: string,
  change: Partial<NewEntry>,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .update(vaultEntries)
    .set({ ...change, modifiedAt: new Date() })
    .where(eq(vaultEntries.id, id))
    .returning();
  return row;
}

/**
 * Moves an entry and its subtree under a new parent: the entry's parent,
 * and the ancestors and partition of everything below it.
 */
export async function moveSubtree(
  db: Executor,
  entry: EntryRow,
  parent: EntryRow,
  change: Partial<NewEntry>,
): Promise<void> {
  const ancestors = [...parent.ancestors, parent.id];
  await db
    .update(vaultEntries)
    .set({ ...change, parentId: parent.id, ancestors, modifiedAt: new Date() })
    .where(eq(vaultEntries.id, entry.id));
  // Below the entry: replace the prefix up to and including the entry's old parent.
  const keep = entry.ancestors.length + 1;
  await db
    .update(vaultEntries)
    .set({
      ancestors: sql`${sql.param(ancestors)}::uuid[] || ${vaultEntries.ancestors}[${keep}:]`,
      ...(change.partition ? { partition: change.partition } : {}),
    })
    .where(arrayContains(vaultEntries.ancestors, [entry.id]));
}

/** Adds (or with negative figures, takes) totals to every listed entry. */
export async function addTotals(
  db: Executor,
  ids: readonly string[],
  delta: Totals,
): Promise<void> {
  if (
    ids.length === 0 ||
    (delta.tracksCount === 0 && delta.sizeBytes === 0 && delta.tracksDurationMs === 0)
  ) {
    return;
  }
  await db
    .update(vaultEntries)
    .set({
      sizeBytes: sql`${vaultEntries.sizeBytes} + ${delta.sizeBytes}`,
      tracksCount: sql`${vaultEntries.tracksCount} + ${delta.tracksCount}`,
      tracksDurationMs: sql`${vaultEntries.tracksDurationMs} + ${delta.tracksDurationMs}`,
      modifiedAt: new Date(),
    })
    .where(anyId(vaultEntries.id, ids));
}

export async function deleteEntry(db: Executor, id: string): Promise<void> {
  // Everything below goes with it (parent_id cascades).
  await db.delete(vaultEntries).where(eq(vaultEntries.id, id));
}

/** Puts the listed children in this order (positions 0…n-1). */
export async function setPositions(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${vaultEntries} set position = ordered.position, modified_at = now()
    from unnest(${sql.param([...ids])}::uuid[]) with ordinality as ordered(id, position)
    where ${vaultEntries.id} = ordered.id`);
}

/** How many folders an entry and its ancestors are (its own depth if it is a folder). */
export async function folderDepth(db: Executor, entry: EntryRow): Promise<number> {
  const ids = [...entry.ancestors, entry.id];
  const [row] = await db
    .select({ value: count() })
    .from(vaultEntries)
    .where(and(anyId(vaultEntries.id, ids), eq(vaultEntries.type, "folder")));
  return row?.value ?? 0;
}
