import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Broadcast history (issue 13): one row per play a player reported, written
 * by the history module only. The owner and establishment are copied from
 * the player when the play starts, so that the history of a venue stays
 * whole after a player is removed (royalty reports count what was played,
 * not what still exists); songs and playlists are named at reading time
 * through the library's public face.
 */
export const plays = pgTable(
  "plays",
  {
    /** The player's own id of the play: a report sent twice is one play. */
    id: text("id").primaryKey(),
    /**
     * No foreign key: a removed player's plays stay (its id then names
     * nothing), shown under `playerName`.
     */
    playerId: uuid("player_id"),
    /** The player's name when the play began: the history still names a player removed since. */
    playerName: text("player_name"),
    userId: uuid("user_id"),
    establishmentId: uuid("establishment_id"),
    /**
     * The establishment's IANA zone when it played: periods are venue days
     * ("1–31 March in Vladivostok"), kept even if the venue moves later.
     */
    timeZone: text("time_zone").notNull().default("Europe/Moscow"),
    songId: uuid("song_id"),
    playlistId: uuid("playlist_id"),
    /** Whether the fallback playlist played it (no window of the schedule did). */
    fallback: boolean("fallback").notNull().default(false),
    /** Null while only the end has arrived (a report out of order). */
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** finished | skipped | stopped | offline; null while playing. */
    ending: text("ending"),
  },
  (table) => [
    index("plays_player_idx").on(table.playerId, table.startedAt),
    index("plays_establishment_idx").on(table.establishmentId, table.startedAt),
    index("plays_started_idx").on(table.startedAt),
  ],
);
