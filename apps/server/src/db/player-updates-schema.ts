import { bigint, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./schema.ts";

/**
 * Box player firmware files (issue 13, player updates), written by the
 * players module only. The file itself is in the file store under `file_key`.
 */
export const playerUpdates = pgTable(
  "player_updates",
  {
    id: id(),
    name: text("name").notNull(),
    /** Semantic version (shared firmware-version.ts); one update per version. */
    version: text("version").notNull(),
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** The admin who uploaded it; kept when that account goes. */
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("player_updates_version_key").on(table.version),
    index("player_updates_created_at_idx").on(table.createdAt),
  ],
);
