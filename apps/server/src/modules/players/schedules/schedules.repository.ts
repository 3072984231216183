import { and, asc, eq } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import type { Executor } from "../../../db/client.ts";
import { playerPlaylists, playerSchedules, players } from "../../../db/schema.ts";

/** SQL of players' schedules and fallbacks. Every function takes the database or a transaction. */

export type ScheduleRow = typeof playerSchedules.$inferSelect;

export interface WindowFields {
  startTime: string;
  endTime: string;
  weekdays: string[];
}

/** Locks a player's row for a transaction, so two changes of its week are checked one after the other. */
export async function lockPlayer(db: Executor, playerId: string): Promise<void> {
  await db.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for("update");
}

/** Every window of these players, oldest first. */
export function windowsOfPlayers(db: Executor, playerIds: string[]): Promise<ScheduleRow[]> {
  if (playerIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(playerSchedules)
    .where(anyId(playerSchedules.playerId, playerIds))
    .orderBy(asc(playerSchedules.createdAt), asc(playerSchedules.id));
}

export async function findWindow(db: Executor, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(playerSchedules).where(eq(playerSchedules.id, id));
  return row;
}

export async function insertWindow(
  db: Executor,
  fields: WindowFields & { playerId: string; playlistId: string },
): Promise<ScheduleRow> {
  const [row] = await db.insert(playerSchedules).values(fields).returning();
  if (!row) throw new Error("schedule insert returned no row");
  return row;
}

export async function updateWindow(
  db: Executor,
  id: string,
  fields: WindowFields & { playlistId: string },
): Promise<ScheduleRow> {
  const [row] = await db
    .update(playerSchedules)
    .set(fields)
    .where(eq(playerSchedules.id, id))
    .returning();
  if (!row) throw new Error("schedule update found no row");
  return row;
}

export async function deleteWindow(db: Executor, id: string): Promise<void> {
  await db.delete(playerSchedules).where(eq(playerSchedules.id, id));
}

export async function setFallback(
  db: Executor,
  playerId: string,
  playlistId: string | null,
): Promise<void> {
  await db
    .update(players)
    .set({ fallbackPlaylistId: playlistId, updatedAt: new Date() })
    .where(eq(players.id, playerId));
}

/** Whether a playlist is put on a player. */
export async function isOnPlayer(
  db: Executor,
  playerId: string,
  playlistId: string,
): Promise<boolean> {
  const rows = await db
    .select({ playerId: playerPlaylists.playerId })
    .from(playerPlaylists)
    .where(and(eq(playerPlaylists.playerId, playerId), eq(playerPlaylists.playlistId, playlistId)));
  return rows.length > 0;
}

/** The playlists put on these players. */
export function playlistsOfPlayers(db: Executor, playerIds: string[]) {
  if (playerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ playerId: playerPlaylists.playerId, playlistId: playerPlaylists.playlistId })
    .from(playerPlaylists)
    .where(anyId(playerPlaylists.playerId, playerIds));
}

/** An establishment's players, oldest first. */
export function playersOfEstablishment(db: Executor, establishmentId: string) {
  return db
    .select()
    .from(players)
    .where(eq(players.establishmentId, establishmentId))
    .orderBy(asc(players.createdAt), asc(players.id));
}

export function playersByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(players).where(anyId(players.id, ids));
}
