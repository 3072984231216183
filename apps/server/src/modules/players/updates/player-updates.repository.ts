import { count, desc, eq, ilike, or } from "drizzle-orm";
import { type Executor, isUniqueViolation } from "../../../db/client.ts";
import { containsPattern } from "../../../db/like.ts";
import { playerUpdates } from "../../../db/schema.ts";

/** SQL of player updates (box firmware). Every function takes the database or a transaction. */

export type PlayerUpdateRow = typeof playerUpdates.$inferSelect;

export interface PlayerUpdateFields {
  name: string;
  version: string;
  fileKey: string;
  fileName: string;
  size: number;
  sha256: string;
  uploadedBy: string;
}

/** Inserts an update; "taken" when another update has its version. */
export async function insertUpdate(
  db: Executor,
  fields: PlayerUpdateFields,
): Promise<PlayerUpdateRow | "taken"> {
  try {
    const [row] = await db.insert(playerUpdates).values(fields).returning();
    if (!row) throw new Error("player update insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}

/** Renames an update or changes its version; undefined for an unknown id, "taken" for a used version. */
export async function updateMeta(
  db: Executor,
  id: string,
  fields: { name: string; version: string },
): Promise<PlayerUpdateRow | "taken" | undefined> {
  try {
    const [row] = await db
      .update(playerUpdates)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(playerUpdates.id, id))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}

export async function findUpdate(db: Executor, id: string): Promise<PlayerUpdateRow | undefined> {
  const [row] = await db.select().from(playerUpdates).where(eq(playerUpdates.id, id));
  return row;
}

export async function findByVersion(
  db: Executor,
  version: string,
): Promise<PlayerUpdateRow | undefined> {
  const [row] = await db.select().from(playerUpdates).where(eq(playerUpdates.version, version));
  return row;
}

/** A page of updates, newest upload first, whose name or version contains `query`. */
export async function listUpdates(
  db: Executor,
  search: { query?: string | undefined; limit: number; offset: number },
): Promise<{ rows: PlayerUpdateRow[]; total: number }> {
  const text = search.query?.trim();
  const where = text
    ? or(
        ilike(playerUpdates.name, containsPattern(text)),
        ilike(playerUpdates.version, containsPattern(text)),
      )
    : undefined;
  const rows = await db
    .select()
    .from(playerUpdates)
    .where(where)
    .orderBy(desc(playerUpdates.createdAt), desc(playerUpdates.id))
    .limit(search.limit)
    .offset(search.offset);
  const [counted] = await db.select({ total: count() }).from(playerUpdates).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Every update's version, to find the newest: semantic versions do not
 * order as text, and a product ships a few dozen firmware files at most.
 */
export function allVersions(db: Executor): Promise<PlayerUpdateRow[]> {
  return db.select().from(playerUpdates);
}
