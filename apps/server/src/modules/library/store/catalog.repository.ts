import type { CatalogKind } from "@fonika/shared";
import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import { type Executor, isUniqueViolation } from "../../../db/client.ts";
import { authors, copyrightHolders, genres, songAuthors, songs } from "../../../db/schema.ts";

/** SQL of the catalog tables: genres, authors, copyright holders. */

/** The three tables have the same columns (library-schema.ts catalogTable). */
type CatalogTable = typeof genres;

const TABLES: Record<CatalogKind, CatalogTable> = {
  author: authors as unknown as CatalogTable,
  "copyright-holder": copyrightHolders as unknown as CatalogTable,
  genre: genres,
};

/** The column of songs that points at a genre or a copyright holder (authors are credits). */
const SONG_COLUMNS = {
  "copyright-holder": songs.copyrightHolderId,
  genre: songs.genreId,
} satisfies Record<Exclude<CatalogKind, "author">, unknown>;

export interface EntryRow {
  id: string;
  name: string;
}

/** How names compare in search and order: lower case, accents and ё → е dropped. */
const folded = (value: SQL | CatalogTable["name"]) => sql`lower(unaccent(${value}))`;

export interface EntrySearch {
  text?: string | undefined;
  limit: number;
  offset: number;
}

/** A page of entries whose name holds `text` (folded), ordered by folded name. */
export async function listEntries(
  db: Executor,
  kind: CatalogKind,
  search: EntrySearch,
): Promise<{ rows: EntryRow[]; total: number }> {
  const table = TABLES[kind];
  const where = search.text
    ? sql`strpos(${folded(table.name)}, ${folded(sql`${search.text}::text`)}) > 0`
    : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(where)
      .orderBy(folded(table.name), table.name, table.id)
      .limit(search.limit)
      .offset(search.offset),
    db.select({ value: count() }).from(table).where(where),
  ]);
  return { rows, total: totals?.value ?? 0 };
}

export async function findEntry(
  db: Executor,
  kind: CatalogKind,
  id: string,
): Promise<EntryRow | undefined> {
  const table = TABLES[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.id, id));
  return row;
}

/**
 * Locks the entry's row until the transaction ends (an author's documents
 * are added and removed under it); false when there is no such entry.
 */
export async function lockEntry(db: Executor, kind: CatalogKind, id: string): Promise<boolean> {
  const table = TABLES[kind];
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
  return rows.length > 0;
}

/** Inserts an entry; undefined when the name (in any letter case) is taken. */
export async function insertEntry(
  db: Executor,
  kind: CatalogKind,
  name: string,
): Promise<EntryRow | undefined> {
  const table = TABLES[kind];
  const [row] = await db
    .insert(table)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: table.id, name: table.name });
  return row;
}

/** Renames an entry: its row, undefined when there is none, "taken" when another has the name. */
export async function renameEntry(
  db: Executor,
  kind: CatalogKind,
  id: string,
  name: string,
): Promise<EntryRow | undefined | "taken"> {
  const table = TABLES[kind];
  try {
    const [row] = await db
      .update(table)
      .set({ name })
      .where(eq(table.id, id))
      .returning({ id: table.id, name: table.name });
    return row;
  } catch (error) {
    // The unique index on lower(name) is the one judge of a duplicate.
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}

/** Deletes an entry (songs pointing at it point at none); false when there was none. */
export async function deleteEntry(db: Executor, kind: CatalogKind, id: string): Promise<boolean> {
  const table = TABLES[kind];
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}

/** How many songs that are not removed point at each of these entries. */
export async function countSongsOf(
  db: Executor,
  kind: CatalogKind,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  if (kind === "author") {
    const credited = await db
      .select({ id: songAuthors.authorId, value: count() })
      .from(songAuthors)
      .innerJoin(songs, eq(songs.id, songAuthors.songId))
      .where(and(isNull(songs.removedAt), anyId(songAuthors.authorId, ids)))
      .groupBy(songAuthors.authorId);
    return new Map(credited.map((row) => [row.id, row.value] as const));
  }
  const column = SONG_COLUMNS[kind];
  const rows = await db
    .select({ id: column, value: count() })
    .from(songs)
    .where(and(isNull(songs.removedAt), anyId(column, ids)))
    .groupBy(column);
  return new Map(rows.flatMap((row) => (row.id ? [[row.id, row.value] as const] : [])));
}

/** The entries of these names (any case) of a kind, made where missing: id by lower-case name. */
export async function findOrCreateEntries(
  db: Executor,
  kind: CatalogKind,
  names: readonly string[],
): Promise<Map<string, string>> {
  const table = TABLES[kind];
  const wanted = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  if (wanted.length === 0) return new Map();
  const lowered = wanted.map((name) => name.toLowerCase());
  const find = () =>
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(sql`lower(${table.name})`, lowered));
  const found = new Map((await find()).map((row) => [row.name.toLowerCase(), row.id]));
  const missing = wanted.filter((name) => !found.has(name.toLowerCase()));
  if (missing.length > 0) {
    await db
      .insert(table)
      .values(missing.map((name) => ({ name })))
      .onConflictDoNothing();
    for (const row of await find()) found.set(row.name.toLowerCase(), row.id);
  }
  return found;
}

/** Which of the referenced catalog entries exist (a change must not point at nothing). */
export async function catalogEntriesExist(
  db: Executor,
  ids: {
    genreId?: string | null;
    authorId?: string | null;
    authorIds?: readonly string[];
    copyrightHolderId?: string | null;
  },
): Promise<{ genre: boolean; author: boolean; copyrightHolder: boolean }> {
  const exists = async (table: CatalogTable, wanted: readonly (string | null | undefined)[]) => {
    const some = [...new Set(wanted.filter((id): id is string => Boolean(id)))];
    if (some.length === 0) return true;
    const rows = await db.select({ id: table.id }).from(table).where(anyId(table.id, some));
    return rows.length === some.length;
  };
  const [genreFound, authorFound, holderFound] = await Promise.all([
    exists(genres, [ids.genreId]),
    exists(TABLES.author, [ids.authorId, ...(ids.authorIds ?? [])]),
    exists(TABLES["copyright-holder"], [ids.copyrightHolderId]),
  ]);
  return { genre: genreFound, author: authorFound, copyrightHolder: holderFound };
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
