import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./schema.ts";

/**
 * The music library's tables (issue 6): the catalog (genres, authors,
 * copyright holders) and songs. Files themselves live in the storage module;
 * rows hold their keys.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A named catalog table: unique by case-insensitive name. */
function catalogTable(name: string) {
  return pgTable(
    name,
    {
      id: uuid("id").primaryKey().defaultRandom(),
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
    id: uuid("id").primaryKey().defaultRandom(),
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
    authorId: uuid("author_id").references(() => authors.id, { onDelete: "set null" }),
    /** Storage key of the cover image (content-addressed, shared by equal covers). */
    coverKey: text("cover_key"),
    coverType: text("cover_type"),
    coverSize: integer("cover_size"),
    /** pending | measured | failed */
    loudnessStatus: text("loudness_status").notNull().default("pending"),
    integratedLufs: real("integrated_lufs"),
    truePeakDb: real("true_peak_db"),
    gainDb: real("gain_db"),
    playCount: integer("play_count").notNull().default(0),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
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
  ],
);
