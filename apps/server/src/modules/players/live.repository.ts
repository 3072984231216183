import { and, eq, inArray, sql } from "drizzle-orm";
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

/** Rows read or written by one statement of the heartbeat's, so that its text stays bounded. */
const HEARTBEAT_BATCH = 500;

/**
 * Renews the heartbeat of these players; answers the ids whose heartbeat
 * was missing or older than `staleMs` before (they just came online).
 * Two statements a batch, whatever the number of players: a process's
 * devices ping every 4 s and are written together.
 */
export async function renewHeartbeats(
  db: Executor,
  playerIds: readonly string[],
  staleMs: number,
): Promise<string[]> {
  const cameOnline: string[] = [];
  for (let start = 0; start < playerIds.length; start += HEARTBEAT_BATCH) {
    const ids = playerIds.slice(start, start + HEARTBEAT_BATCH);
    const before = await db
      .select({ playerId: playerStates.playerId, heartbeatAt: playerStates.heartbeatAt })
      .from(playerStates)
      .where(inArray(playerStates.playerId, ids));
    const now = new Date();
    await db
      .insert(playerStates)
      .values(ids.map((playerId) => ({ playerId, heartbeatAt: now, lastSeenAt: now })))
      .onConflictDoUpdate({
        target: playerStates.playerId,
        set: {
          heartbeatAt: sql`excluded.heartbeat_at`,
          lastSeenAt: sql`excluded.last_seen_at`,
          updatedAt: sql`now()`,
        },
      });
    const fresh = new Set(
      before
        .filter((row) => row.heartbeatAt && now.getTime() - row.heartbeatAt.getTime() < staleMs)
        .map((row) => row.playerId),
    );
    for (const id of ids) if (!fresh.has(id)) cameOnline.push(id);
  }
  return cameOnline;
}

/** The players of each of these venues that belong to the venue's owner (what its device plays). */
export async function playerIdsOfVenues(
  db: Executor,
  venues: ReadonlyArray<{ ownerId: string; establishmentId: string }>,
): Promise<string[]> {
  const owners = new Map(venues.map((venue) => [venue.establishmentId, venue.ownerId]));
  const establishmentIds = [...owners.keys()];
  const ids: string[] = [];
  for (let start = 0; start < establishmentIds.length; start += HEARTBEAT_BATCH) {
    const rows = await db
      .select({ id: players.id, ownerId: players.userId, establishmentId: players.establishmentId })
      .from(players)
      .where(
        inArray(players.establishmentId, establishmentIds.slice(start, start + HEARTBEAT_BATCH)),
      );
    for (const row of rows) if (owners.get(row.establishmentId) === row.ownerId) ids.push(row.id);
  }
  return ids;
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
