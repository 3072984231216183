import type { EntryType, PartitionType } from "@fonika/shared";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./schema.ts";

/**
 * The music library's tables (issue 6): the catalog (genres, authors,
 * copyright holders) and songs. Files themselves live in the storage module;
 * rows hold their keys.
 */

/** A named catalog table: unique by case-insensitive name. */
function catalogTable(name: string) {
  return pgTable(
    name,
    {
      id: id(),
      name: text("name").notNull(),
      createdAt: createdAt(),
    },
    (table) => [uniqueIndex(`${name}_name_idx`).on(sql`lower(${table.name})`)],
  );
}

export const genres = catalogTable("genres");
export const authors = catalogTable("authors");
export const copyrightHolders = catalogTable("copyright_holders");

export const songs = pgTable(
  "songs",
  {
    id: id(),
    /** SHA-256 of the audio file, hex: identical content is one song. */
    contentHash: text("content_hash").notNull(),
    /** Where the storage module keeps the audio. */
    storageKey: text("storage_key").notNull(),
    /** mp3 | ogg | opus | flac | wav | m4a */
    format: text("format").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    bitrate: integer("bitrate"),
    /** The uploaded file's name, for people (not used to find the file). */
    originalName: text("original_name"),
    title: text("title").notNull(),
    artists: text("artists").array().notNull().default(sql`'{}'::text[]`),
    album: text("album"),
    genreId: uuid("genre_id").references(() => genres.id, { onDelete: "set null" }),
    year: integer("year"),
    obsceneLexicon: boolean("obscene_lexicon").notNull().default(false),
    isrc: text("isrc"),
    copyrightHolderId: uuid("copyright_holder_id").references(() => copyrightHolders.id, {
      onDelete: "set null",
    }),
    /** Storage key of the cover image (content-addressed, shared by equal covers). */
    coverKey: text("cover_key"),
    coverType: text("cover_type"),
    coverSize: integer("cover_size"),
    /** pending | measured | failed */
    loudnessStatus: text("loudness_status").notNull().default("pending"),
    integratedLufs: real("integrated_lufs"),
    truePeakDb: real("true_peak_db"),
    gainDb: real("gain_db"),
    /** Measurements begun (one lost to a crash counts too); the job gives up after a few. */
    loudnessAttempts: integer("loudness_attempts").notNull().default(0),
    /**
     * While pending, not measured before this time: the lease of the process
     * measuring it (renewed while it runs), or the retry after a storage
     * failure or timeout. Null: due now.
     */
    loudnessNextAttemptAt: timestamp("loudness_next_attempt_at", { withTimezone: true }),
    playCount: integer("play_count").notNull().default(0),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when a content manager removes the song; the file stays for history. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("songs_content_hash_idx").on(table.contentHash),
    index("songs_created_at_idx").on(table.createdAt).where(sql`${table.removedAt} is null`),
    index("songs_play_count_idx").on(table.playCount).where(sql`${table.removedAt} is null`),
    index("songs_album_idx").on(sql`lower(${table.album})`),
    index("songs_artists_idx").using("gin", table.artists),
    index("songs_cover_key_idx").on(table.coverKey),
    // The loudness job's queue: only songs still to measure.
    index("songs_loudness_pending_idx")
      .on(table.createdAt)
      .where(sql`${table.loudnessStatus} = 'pending' and ${table.removedAt} is null`),
  ],
);

/**
 * A song's authors (composers, lyricists), in the order they are credited
 * (issue 32: a collecting society's report names each). Removing an author
 * takes it off its songs; removing a song's row takes its credits.
 */
export const songAuthors = pgTable(
  "song_authors",
  {
    songId: uuid("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => authors.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.songId, table.authorId] }),
    index("song_authors_author_idx").on(table.authorId),
  ],
);

/**
 * A copyright holder's licences (issue 32): the contract's number,
 * territory and period (Moscow dates, the end inclusive, open when null),
 * and its signed document, stored as authors' documents are (one file per
 * content under `attachments/`).
 */
export const copyrightLicences = pgTable(
  "copyright_licences",
  {
    id: id(),
    holderId: uuid("holder_id")
      .notNull()
      .references(() => copyrightHolders.id, { onDelete: "cascade" }),
    contractNumber: text("contract_number").notNull(),
    territory: text("territory").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on"),
    storageKey: text("storage_key"),
    contentHash: text("content_hash"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("copyright_licences_holder_idx").on(table.holderId),
    index("copyright_licences_ends_idx").on(table.endsOn),
  ],
);

/** Licence documents and other files kept with an author. */
export const authorAttachments = pgTable(
  "author_attachments",
  {
    id: id(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => authors.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    contentHash: text("content_hash").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("author_attachments_author_idx").on(table.authorId)],
);

/**
 * A playlist: what clients choose and players play. Its place, name and
 * versions live in the vault (a `playlist` entry and its `version` entries);
 * this row holds what a playlist is beyond its place.
 */
export const playlists = pgTable(
  "playlists",
  {
    id: id(),
    /** The same as its vault entry's name, kept in step by the vault. */
    name: text("name").notNull(),
    description: text("description"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    coverKey: text("cover_key"),
    coverType: text("cover_type"),
    coverSize: integer("cover_size"),
    /** A short preview of the playlist's sound. */
    summaryKey: text("summary_key"),
    summaryType: text("summary_type"),
    summarySize: integer("summary_size"),
    /** The vault `version` entry that is played; null until one exists. */
    currentVersionId: uuid("current_version_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set while its vault entry is in the trash. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [index("playlists_tags_idx").using("gin", table.tags)],
);

/**
 * The content manager's tree (SPEC.md §3 Library entry): three partition
 * roots (playlists, tracks, deleted) and below them folders, playlists,
 * versions and tracks. Every entry keeps its ancestors (root first) and the
 * totals of its subtree, updated by every operation, so that a listing
 * never walks a tree.
 */
export const vaultEntries = pgTable(
  "vault_entries",
  {
    id: id(),
    /** partition | folder | playlist | version | track */
    type: text("type").$type<EntryType>().notNull(),
    /** The partition it lives in now: playlists | tracks | deleted */
    partition: text("partition").$type<PartitionType>().notNull(),
    parentId: uuid("parent_id").references((): AnyPgColumn => vaultEntries.id, {
      onDelete: "cascade",
    }),
    /** Ids from the partition root down to the parent. */
    ancestors: uuid("ancestors").array().notNull().default(sql`'{}'::uuid[]`),
    name: text("name").notNull(),
    /** A track's song's artists, as shown (kept like its name): what a folder's search finds. */
    artists: text("artists"),
    songId: uuid("song_id").references(() => songs.id, { onDelete: "cascade" }),
    playlistId: uuid("playlist_id").references(() => playlists.id, { onDelete: "cascade" }),
    /** Order among its siblings (tracks of a version play in this order). */
    position: integer("position").notNull().default(0),
    /** Totals of the subtree (a track: its song's). */
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    tracksCount: integer("tracks_count").notNull().default(0),
    tracksDurationMs: bigint("tracks_duration_ms", { mode: "number" }).notNull().default(0),
    /** In the trash: where it was, for restore. */
    originParentId: uuid("origin_parent_id"),
    originPartition: text("origin_partition").$type<PartitionType>(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    modifiedAt: timestamp("modified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("vault_entries_parent_idx").on(table.parentId, table.position),
    index("vault_entries_ancestors_idx").using("gin", table.ancestors),
    index("vault_entries_song_idx").on(table.songId),
    index("vault_entries_playlist_idx").on(table.playlistId),
    // SPEC.md §5: folder and playlist names are unique among their siblings
    // (not in the trash, which may hold many of one name).
    uniqueIndex("vault_entries_sibling_name_idx")
      .on(table.parentId, sql`lower(${table.name})`)
      .where(
        sql`${table.type} in ('folder', 'playlist', 'version') and ${table.partition} <> 'deleted'`,
      ),
  ],
);

/** A user's favourite playlists. */
export const favouritePlaylists = pgTable(
  "favourite_playlists",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.playlistId] })],
);

/** A user's rating of a song (1–5). */
export const songRatings = pgTable(
  "song_ratings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    songId: uuid("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    ratedAt: timestamp("rated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.songId] }),
    index("song_ratings_song_idx").on(table.songId),
  ],
);
