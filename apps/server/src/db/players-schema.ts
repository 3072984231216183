import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
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
import { establishments } from "./clients-schema.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { playlists } from "./library-schema.ts";
import { users } from "./schema.ts";

/**
 * The players' tables (issue 13): players of an establishment, the
 * playlists put on them, and clients' requests about players. Written by
 * the players module only.
 */

export const players = pgTable(
  "players",
  {
    id: id(),
    /** The owner: the client whose establishment it plays in. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    establishmentId: uuid("establishment_id")
      .notNull()
      .references(() => establishments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** web | boxPlayer */
    type: text("type").notNull(),
    /** A box player's serial number (unique); null for a web player. */
    serialBoxNumber: text("serial_box_number"),
    address: text("address").notNull(),
    /**
     * What plays when no window does: a playlist put on the player (the
     * service checks it; taking it off the player clears it); null: silence.
     */
    fallbackPlaylistId: uuid("fallback_playlist_id").references(() => playlists.id, {
      onDelete: "set null",
    }),
    /** A web player's crossfade between songs, seconds; 0 = gapless. */
    crossfadeSeconds: integer("crossfade_seconds").notNull().default(4),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("players_serial_key")
      .on(sql`lower(${table.serialBoxNumber})`)
      .where(sql`${table.serialBoxNumber} is not null`),
    index("players_user_idx").on(table.userId, table.createdAt),
    index("players_establishment_idx").on(table.establishmentId),
    index("players_created_at_idx").on(table.createdAt),
  ],
);

/** The playlists put on a player. */
export const playerPlaylists = pgTable(
  "player_playlists",
  {
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    playlistId: uuid("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.playlistId] }),
    index("player_playlists_playlist_idx").on(table.playlistId),
  ],
);

/**
 * A player's schedule: windows of its playlists on weekdays (SPEC.md §3
 * schedule entry), read in its establishment's time zone. A window goes
 * with its playlist when the playlist is taken off the player.
 */
export const playerSchedules = pgTable(
  "player_schedules",
  {
    id: id(),
    playerId: uuid("player_id").notNull(),
    playlistId: uuid("playlist_id").notNull(),
    /** HH:MM:SS on the venue's wall clock. */
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    /** MONDAY…SUNDAY, at least one, in the week's order. */
    weekdays: text("weekdays").array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({
      name: "player_schedules_player_playlist_fk",
      columns: [table.playerId, table.playlistId],
      foreignColumns: [playerPlaylists.playerId, playerPlaylists.playlistId],
    }).onDelete("cascade"),
    index("player_schedules_player_idx").on(table.playerId, table.playlistId),
  ],
);

/** A client's request about players: buying a box (purchase) or stopping one (leave). */
export const playerRequests = pgTable(
  "player_requests",
  {
    id: id(),
    /** purchase | leave */
    kind: text("kind").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A leave request's player; kept null once the player is removed. */
    playerId: uuid("player_id").references(() => players.id, { onDelete: "set null" }),
    /** The player's name when asked, so the request still reads after removal. */
    playerName: text("player_name"),
    name: text("name"),
    phone: text("phone"),
    email: text("email"),
    company: text("company"),
    address: text("address"),
    quantity: integer("quantity"),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (table) => [index("player_requests_created_at_idx").on(table.createdAt, table.kind)],
);

/**
 * What a player plays now and how (issue 13, live state), one row per
 * player that ever connected; kept across restarts. Commands write the
 * settings (loop, shuffle, volume), the player device writes what it plays.
 * Online is not stored as a flag: `heartbeat_at` is renewed by the device's
 * socket on every process, and a player is online while it is fresh.
 */
export const playerStates = pgTable("player_states", {
  playerId: uuid("player_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  songId: uuid("song_id"),
  previousSongId: uuid("previous_song_id"),
  nextSongId: uuid("next_song_id"),
  playlistId: uuid("playlist_id"),
  positionSeconds: real("position_seconds").notNull().default(0),
  /** When the device reported the position. */
  positionAt: timestamp("position_at", { withTimezone: true }),
  loop: boolean("loop").notNull().default(false),
  shuffle: boolean("shuffle").notNull().default(false),
  volume: integer("volume").notNull().default(100),
  playing: boolean("playing").notNull().default(false),
  /**
   * When a `pause` command (the owner's or the venue's own) paused it; null
   * once anything makes it play. A player paused so is silent by choice and
   * raises no silence alert while online.
   */
  pausedAt: timestamp("paused_at", { withTimezone: true }),
  /** The play now going on (the device's uuid), ended 'offline' when it disconnects. */
  currentPlayId: uuid("current_play_id"),
  /** The songs it played last, oldest first (shuffle avoids them). */
  recentSongIds: uuid("recent_song_ids").array().notNull().default(sql`'{}'::uuid[]`),
  /** Renewed by the device's socket while it is connected; null once it left. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  updatedAt: updatedAt(),
});
