import { sql } from "drizzle-orm";
import { index, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns.ts";
import { players } from "./players-schema.ts";

/**
 * Silence alerts of players (issue 14), written by the players module only.
 * A row opens when a player that should play by its schedule is first seen
 * silent (`silent_since`), becomes an alert once it has stayed silent long
 * enough (`raised_at`, when its owner is mailed), and closes when it plays
 * again or the schedule no longer asks for music (`cleared_at`; a silence
 * that closes before it was raised is deleted). At most one row per player
 * is open: the unique index is what lets several server processes race to
 * open, raise and mail it, and only one of them win.
 */
export const playerAlerts = pgTable(
  "player_alerts",
  {
    id: id(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    /** When the player was first seen silent while its schedule asked for music. */
    silentSince: timestamp("silent_since", { withTimezone: true }).notNull(),
    /** When the silence became an alert (its owner was mailed); null while it is only a silence. */
    raisedAt: timestamp("raised_at", { withTimezone: true }),
    /** When it played again or the schedule stopped asking; null while open. */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("player_alerts_open_key").on(table.playerId).where(sql`${table.clearedAt} is null`),
    index("player_alerts_player_idx").on(table.playerId),
  ],
);
