import { and, eq, sql } from "drizzle-orm";
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
