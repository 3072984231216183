import type { PlayerPlayback, PlayerSort, PlayerStatus, PlayerType } from "@fonika/shared";
import { and, asc, count, desc, eq, ilike, not, or, type SQL, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import { type Executor, isUniqueViolation } from "../../../db/client.ts";
import { containsPattern } from "../../../db/like.ts";
import { playerPlaylists, playerRequests, playerStates, players } from "../../../db/schema.ts";
import { hasOpenAlertSql } from "../alerts/silence-alerts.repository.ts";
import { onlineSql, playingSql } from "../live/live.repository.ts";

/** SQL of players, their playlists and requests. Every function takes the database or a transaction. */

export type PlayerRow = typeof players.$inferSelect;
export type PlayerRequestRow = typeof playerRequests.$inferSelect;

export interface PlayerFields {
  userId: string;
  establishmentId: string;
  name: string;
  type: string;
  serialBoxNumber: string | null;
  address: string;
}

/** Inserts a player; "taken" when a box with its serial number is already registered. */
export async function insertPlayer(
  db: Executor,
  fields: PlayerFields,
): Promise<PlayerRow | "taken"> {
  try {
    const [row] = await db.insert(players).values(fields).returning();
    if (!row) throw new Error("player insert returned no row");
    return row;
  } catch (error) {
    // The unique index on lower(serial_box_number) is the one judge of a duplicate.
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}

export async function updatePlayer(
  db: Executor,
  id: string,
  fields: Partial<Pick<PlayerFields, "name" | "address"> & { crossfadeSeconds: number }>,
): Promise<void> {
  await db
    .update(players)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(players.id, id));
}

export async function deletePlayer(db: Executor, id: string): Promise<void> {
  await db.delete(players).where(eq(players.id, id));
}

export async function findPlayer(db: Executor, id: string): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.id, id));
  return row;
}

/** Players by id (unknown ids left out). */
export async function findPlayers(db: Executor, ids: string[]): Promise<PlayerRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(players).where(anyId(players.id, ids));
}

/** Where each of these players stands: its owner and establishment (unknown ids left out). */
export async function findPlacements(
  db: Executor,
  ids: readonly string[],
): Promise<Array<{ id: string; userId: string; establishmentId: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: players.id, userId: players.userId, establishmentId: players.establishmentId })
    .from(players)
    .where(anyId(players.id, ids));
}

/** A user's players, oldest first, optionally of one establishment. */
export async function listPlayersOfUser(
  db: Executor,
  userId: string,
  filter: { establishmentId?: string | undefined; limit: number; offset: number },
): Promise<{ rows: PlayerRow[]; total: number }> {
  const where = and(
    eq(players.userId, userId),
    filter.establishmentId ? eq(players.establishmentId, filter.establishmentId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(players)
      .where(where)
      .orderBy(asc(players.createdAt), asc(players.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(players).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The players of an establishment (a device session plays for one). */
export function playersOfEstablishment(db: Executor, establishmentId: string) {
  return db
    .select({ id: players.id, userId: players.userId })
    .from(players)
    .where(eq(players.establishmentId, establishmentId));
}

/** The names of an establishment's players of one type. */
export async function playerNamesOfEstablishment(
  db: Executor,
  establishmentId: string,
  type: PlayerType,
): Promise<string[]> {
  const rows = await db
    .select({ name: players.name })
    .from(players)
    .where(and(eq(players.establishmentId, establishmentId), eq(players.type, type)));
  return rows.map((row) => row.name);
}

export interface PlayerSearch {
  /** Words matched against a player's name, serial number and address. */
  query?: string | undefined;
  /** Owners or establishments whose names the query found (an OR with the words). */
  userIds: string[];
  establishmentIds: string[];
  type?: PlayerType | undefined;
  status?: PlayerStatus | undefined;
  playback?: PlayerPlayback | undefined;
  /** `silent`: only players with an open silence alert. */
  alert?: "silent" | undefined;
  /** The instant of the online rule for this one answer (live.service's `onlineSince`). */
  freshSince: Date;
  sortBy: PlayerSort;
  limit: number;
  offset: number;
}

/** Every player matching the search and filters, a page at a time; the total counts the filtered. */
export async function searchPlayers(
  db: Executor,
  search: PlayerSearch,
): Promise<{ rows: PlayerRow[]; total: number }> {
  const online = onlineSql(search.freshSince);
  const playing = playingSql(search.freshSince);
  const conditions: Array<SQL | undefined> = [
    search.type ? eq(players.type, search.type) : undefined,
    search.status === "online" ? online : search.status === "offline" ? not(online) : undefined,
    search.playback === "playing"
      ? playing
      : search.playback === "paused"
        ? and(online, not(playing))
        : undefined,
    search.alert === "silent" ? hasOpenAlertSql() : undefined,
  ];
  const text = search.query?.trim();
  if (text) {
    const pattern = containsPattern(text);
    conditions.push(
      or(
        ilike(players.name, pattern),
        ilike(players.serialBoxNumber, pattern),
        ilike(players.address, pattern),
        search.userIds.length > 0 ? anyId(players.userId, search.userIds) : undefined,
        search.establishmentIds.length > 0
          ? anyId(players.establishmentId, search.establishmentIds)
          : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const order =
    search.sortBy === "name"
      ? [asc(sql`lower(${players.name})`), asc(players.id)]
      : search.sortBy === "type"
        ? [asc(players.type), desc(players.createdAt), asc(players.id)]
        : search.sortBy === "lastSeen"
          ? [
              sql`${playerStates.lastSeenAt} desc nulls last`,
              desc(players.createdAt),
              asc(players.id),
            ]
          : [desc(players.createdAt), asc(players.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ player: players })
      .from(players)
      .leftJoin(playerStates, eq(playerStates.playerId, players.id))
      .where(where)
      .orderBy(...order)
      .limit(search.limit)
      .offset(search.offset),
    db
      .select({ total: count() })
      .from(players)
      .leftJoin(playerStates, eq(playerStates.playerId, players.id))
      .where(where),
  ]);
  return { rows: rows.map((row) => row.player), total: counted?.total ?? 0 };
}

/** How many players each establishment has. */
export async function countsByEstablishment(
  db: Executor,
  establishmentIds: string[],
  freshSince: Date,
): Promise<Map<string, { players: number; online: number }>> {
  if (establishmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      establishmentId: players.establishmentId,
      players: count(),
      online: sql<number>`count(*) filter (where ${onlineSql(freshSince)})`.mapWith(Number),
    })
    .from(players)
    .leftJoin(playerStates, eq(playerStates.playerId, players.id))
    .where(anyId(players.establishmentId, establishmentIds))
    .groupBy(players.establishmentId);
  return new Map(
    rows.map((row) => [row.establishmentId, { players: row.players, online: row.online }]),
  );
}

/** The playlists on a player, in the order they were put on. */
export function playlistsOfPlayer(db: Executor, playerId: string) {
  return db
    .select({ playlistId: playerPlaylists.playlistId, createdAt: playerPlaylists.createdAt })
    .from(playerPlaylists)
    .where(eq(playerPlaylists.playerId, playerId))
    .orderBy(asc(playerPlaylists.createdAt), asc(playerPlaylists.playlistId));
}

/** Puts a playlist on a player; false when it was already there. */
export async function addPlayerPlaylist(
  db: Executor,
  playerId: string,
  playlistId: string,
): Promise<boolean> {
  const rows = await db
    .insert(playerPlaylists)
    .values({ playerId, playlistId })
    .onConflictDoNothing()
    .returning({ playerId: playerPlaylists.playerId });
  return rows.length > 0;
}

/** Takes a playlist off a player; false when it was not there. */
export async function removePlayerPlaylist(
  db: Executor,
  playerId: string,
  playlistId: string,
): Promise<boolean> {
  const rows = await db
    .delete(playerPlaylists)
    .where(and(eq(playerPlaylists.playerId, playerId), eq(playerPlaylists.playlistId, playlistId)))
    .returning({ playerId: playerPlaylists.playerId });
  return rows.length > 0;
}

/** The player plays silence where no window plays (its fallback playlist was taken off it). */
export async function clearFallback(db: Executor, playerId: string): Promise<void> {
  await db.update(players).set({ fallbackPlaylistId: null }).where(eq(players.id, playerId));
}

/** A user's players that hold a playlist, oldest first. */
export function playersWithPlaylist(db: Executor, userId: string, playlistId: string) {
  return db
    .select({ player: players })
    .from(players)
    .innerJoin(playerPlaylists, eq(playerPlaylists.playerId, players.id))
    .where(and(eq(players.userId, userId), eq(playerPlaylists.playlistId, playlistId)))
    .orderBy(asc(players.createdAt), asc(players.id));
}

export type PlayerRequestFields = Omit<PlayerRequestRow, "id" | "createdAt">;

export async function insertRequest(
  db: Executor,
  fields: PlayerRequestFields,
): Promise<PlayerRequestRow> {
  const [row] = await db.insert(playerRequests).values(fields).returning();
  if (!row) throw new Error("player request insert returned no row");
  return row;
}

/** Requests, newest first, optionally of one kind. */
export async function listRequests(
  db: Executor,
  filter: { kind?: string | undefined; limit: number; offset: number },
): Promise<{ rows: PlayerRequestRow[]; total: number }> {
  const where = filter.kind ? eq(playerRequests.kind, filter.kind) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(playerRequests)
      .where(where)
      .orderBy(desc(playerRequests.createdAt), asc(playerRequests.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(playerRequests).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Deletes a user's players (their playlists go with them) and requests; answers how many players. */
export async function deleteEverythingOfUser(db: Executor, userId: string): Promise<string[]> {
  await db.delete(playerRequests).where(eq(playerRequests.userId, userId));
  const rows = await db
    .delete(players)
    .where(eq(players.userId, userId))
    .returning({ id: players.id });
  return rows.map((row) => row.id);
}
