import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { playerStates, players } from "../../db/schema.ts";

/** SQL of the players' live state (`player_states`); decides nothing. */

export type PlayerStateRow = typeof playerStates.$inferSelect;
export type PlayerStateChange = Partial<Omit<PlayerStateRow, "playerId" | "updatedAt">>;

/** A player with its state (null before it ever reported or was commanded). */
export interface PlayerWithState {
  playerId: string;
  ownerId: string;
  state: PlayerStateRow | null;
}

export async function findState(db: Executor, playerId: string): Promise<PlayerStateRow | null> {
  const [row] = await db.select().from(playerStates).where(eq(playerStates.playerId, playerId));
  return row ?? null;
}

/** Writes part of a player's state, making its row if it has none; answers the row after. */
export async function writeState(
  db: Executor,
  playerId: string,
  change: PlayerStateChange,
): Promise<PlayerStateRow> {
  const [row] = await db
    .insert(playerStates)
    .values({ playerId, ...change })
    .onConflictDoUpdate({
      target: playerStates.playerId,
      set: { ...change, updatedAt: sql`now()` },
    })
    .returning();
  return row as PlayerStateRow;
}

/**
 * Renews the heartbeat of these players; answers the ids whose heartbeat
 * was missing or older than `staleMs` before (they just came online).
 */
export async function renewHeartbeats(
  db: Executor,
  playerIds: readonly string[],
  staleMs: number,
): Promise<string[]> {
  const cameOnline: string[] = [];
  for (const playerId of playerIds) {
    const before = await findState(db, playerId);
    await writeState(db, playerId, { heartbeatAt: new Date(), lastSeenAt: new Date() });
    const fresh = before?.heartbeatAt && Date.now() - before.heartbeatAt.getTime() < staleMs;
    if (!fresh) cameOnline.push(playerId);
  }
  return cameOnline;
}

/** The players a socket may see, each with its state: an owner's all, or an establishment's. */
export async function playersWithState(
  db: Executor,
  scope: { ownerId: string; establishmentId?: string | null },
): Promise<PlayerWithState[]> {
  const rows = await db
    .select({ playerId: players.id, ownerId: players.userId, state: playerStates })
    .from(players)
    .leftJoin(playerStates, eq(playerStates.playerId, players.id))
    .where(
      and(
        eq(players.userId, scope.ownerId),
        scope.establishmentId ? eq(players.establishmentId, scope.establishmentId) : undefined,
      ),
    )
    .orderBy(players.createdAt, players.id);
  return rows;
}

/** The owner of a player, or null when it is gone. */
export async function ownerOf(db: Executor, playerId: string): Promise<string | null> {
  const [row] = await db
    .select({ ownerId: players.userId })
    .from(players)
    .where(eq(players.id, playerId));
  return row?.ownerId ?? null;
}

/**
 * Online as SQL, the same rule as live.service's `isFresh`: the device's
 * heartbeat is newer than `freshSince` (`onlineSince()`); a player without
 * a state row, or whose device left (heartbeat null), is offline. Used by
 * every query that filters, counts or answers online players.
 */
export function onlineSql(freshSince: Date): SQL<boolean> {
  return sql<boolean>`coalesce(${playerStates.heartbeatAt} > ${freshSince.toISOString()}::timestamptz, false)`;
}

/** Playing as SQL: online and not paused (an offline player plays nothing). */
export function playingSql(freshSince: Date): SQL<boolean> {
  return sql<boolean>`(${onlineSql(freshSince)} and coalesce(${playerStates.playing}, false))`;
}

/** What staff see of a player's live state (players base, a player's page). */
export interface LiveSummaryRow {
  playerId: string;
  online: boolean;
  playing: boolean;
  songId: string | null;
  playlistId: string | null;
  lastSeenAt: Date | null;
}

/** The live summary of these players (a player that never connected has none). */
export async function liveSummaries(
  db: Executor,
  playerIds: readonly string[],
  freshSince: Date,
): Promise<Map<string, LiveSummaryRow>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({
      playerId: playerStates.playerId,
      online: onlineSql(freshSince).mapWith(Boolean),
      playing: playingSql(freshSince).mapWith(Boolean),
      songId: playerStates.songId,
      playlistId: playerStates.playlistId,
      lastSeenAt: playerStates.lastSeenAt,
    })
    .from(playerStates)
    .where(inArray(playerStates.playerId, [...playerIds]));
  return new Map(rows.map((row) => [row.playerId, row]));
}
