import { and, eq, type SQL, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import { type Executor, rowsOf } from "../../../db/client.ts";
import { prepared } from "../../../db/prepared.ts";
import { playerAlerts, playerStates, players } from "../../../db/schema.ts";
import { lockedInPlayerOrder } from "./live-state-writes.repository.ts";

/** SQL of the players' live state (`player_states`); decides nothing. */

export type PlayerStateRow = typeof playerStates.$inferSelect;
export type PlayerStateChange = Partial<Omit<PlayerStateRow, "playerId" | "updatedAt">>;

export { type StateWrite, writeState, writeStates } from "./live-state-writes.repository.ts";

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

/** Rows read or written by one statement of the heartbeat's, so that its text stays bounded. */
const HEARTBEAT_BATCH = 500;

/**
 * Writes these players' heartbeat (and last seen) as `at`: one statement a
 * batch. Each device's process writes its players ten times a second, so
 * the statement is prepared once and only updates: every player whose
 * device connected has its row already (its arrival wrote it). A
 * player without one (added to a connected venue since) gets it from a
 * second statement that inserts only players that exist, so a player
 * removed meanwhile (its venue's device still connected) is skipped, not a
 * failed batch.
 */
export async function writeHeartbeats(
  db: Executor,
  playerIds: readonly string[],
  at: Date,
): Promise<void> {
  const unique = [...new Set(playerIds)];
  for (let start = 0; start < unique.length; start += HEARTBEAT_BATCH) {
    const ids = unique.slice(start, start + HEARTBEAT_BATCH);
    const renew = prepared(db, "player_heartbeats", (handle) =>
      handle
        .update(playerStates)
        .set({
          heartbeatAt: sql`${sql.placeholder("at")}`,
          lastSeenAt: sql`${sql.placeholder("at")}`,
          updatedAt: sql`now()`,
        })
        .where(lockedInPlayerOrder(playerStates.playerId, sql`${sql.placeholder("ids")}`))
        .returning({ playerId: playerStates.playerId })
        .prepare("player_heartbeats"),
    );
    const renewed = await renew.execute({ at, ids });
    if (renewed.length === ids.length) continue;
    await db.execute(sql`
      insert into player_states (player_id, heartbeat_at, last_seen_at)
      select id, ${at}, ${at} from players where ${anyId(players.id, ids)} order by id
      on conflict (player_id) do update set
        heartbeat_at = excluded.heartbeat_at,
        last_seen_at = excluded.last_seen_at,
        updated_at = now()`);
  }
}

/** A play left open by a device that is gone without a word (its server died, its line cut). */
export interface LapsedPlay {
  playerId: string;
  playId: string;
  /** The last moment the device was heard from: when the play is taken to have ended. */
  lastSeenAt: Date | null;
}

/**
 * Takes the open plays of players whose heartbeat is older than
 * `freshSince` (or gone), optionally of some players only, and clears them
 * with the heartbeat: the player is offline and plays nothing. Each row is
 * taken by one process only (`skip locked`), so a play is ended once.
 */
export async function takeLapsedPlays(
  db: Executor,
  freshSince: Date,
  playerIds?: readonly string[],
): Promise<LapsedPlay[]> {
  if (playerIds?.length === 0) return [];
  const only = playerIds ? sql`and ${anyId(playerStates.playerId, playerIds)}` : sql``;
  const result = await db.execute(sql`
    with lapsed as (
      select player_id, current_play_id, last_seen_at from player_states
      where current_play_id is not null
        and (heartbeat_at is null or heartbeat_at <= ${freshSince.toISOString()}::timestamptz)
        ${only}
      for update skip locked
    )
    update player_states as state
    set current_play_id = null, playing = false, heartbeat_at = null, updated_at = now()
    from lapsed
    where state.player_id = lapsed.player_id
    returning lapsed.player_id, lapsed.current_play_id, lapsed.last_seen_at`);
  type Row = { player_id: string; current_play_id: string; last_seen_at: string | Date | null };
  return rowsOf<Row>(result).map((row) => ({
    playerId: row.player_id,
    playId: row.current_play_id,
    lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  }));
}

/** The players of each of these venues that belong to the venue's owner (what its device plays). */
export async function playerIdsOfVenues(
  db: Executor,
  venues: ReadonlyArray<{ ownerId: string; establishmentId: string }>,
): Promise<Map<string, string[]>> {
  const owners = new Map(venues.map((venue) => [venue.establishmentId, venue.ownerId]));
  const establishmentIds = [...owners.keys()];
  const byVenue = new Map(establishmentIds.map((id): [string, string[]] => [id, []]));
  for (let start = 0; start < establishmentIds.length; start += HEARTBEAT_BATCH) {
    const rows = await db
      .select({ id: players.id, ownerId: players.userId, establishmentId: players.establishmentId })
      .from(players)
      .where(
        anyId(players.establishmentId, establishmentIds.slice(start, start + HEARTBEAT_BATCH)),
      );
    for (const row of rows) {
      if (owners.get(row.establishmentId) === row.ownerId)
        byVenue.get(row.establishmentId)?.push(row.id);
    }
  }
  return byVenue;
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

/**
 * These players, or these owners' players, with their states, owners and
 * venues, oldest first (a player gone is left out): one read for a batch
 * of devices arriving or of sockets let in (issue 30's reconnect storm).
 */
export async function playersWithStateByIds(
  db: Executor,
  ids: readonly string[],
  of: "players" | "owners" = "players",
): Promise<Array<PlayerWithState & { establishmentId: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({
      playerId: players.id,
      ownerId: players.userId,
      establishmentId: players.establishmentId,
      state: playerStates,
    })
    .from(players)
    .leftJoin(playerStates, eq(playerStates.playerId, players.id))
    .where(anyId(of === "players" ? players.id : players.userId, ids))
    .orderBy(players.createdAt, players.id);
}

/** The states of these players that have one, by player. */
export async function findStates(
  db: Executor,
  playerIds: readonly string[],
): Promise<Map<string, PlayerStateRow>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db.select().from(playerStates).where(anyId(playerStates.playerId, playerIds));
  return new Map(rows.map((row) => [row.playerId, row]));
}

/**
 * The devices of these players left: each is offline from `at` and plays
 * nothing, in one statement; answers the rows written with their owners
 * (a player without a state row, or removed, is left out).
 */
export async function writeDevicesLeft(
  db: Executor,
  playerIds: readonly string[],
  at: Date,
): Promise<PlayerWithState[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .update(playerStates)
    .set({
      heartbeatAt: null,
      lastSeenAt: at,
      currentPlayId: null,
      playing: false,
      updatedAt: sql`now()`,
    })
    .from(players)
    .where(
      and(
        eq(players.id, playerStates.playerId),
        lockedInPlayerOrder(playerStates.playerId, playerIds),
      ),
    )
    .returning({ ownerId: players.userId, state: playerStates });
  return rows.map(({ ownerId, state }) => ({ playerId: state.playerId, ownerId, state }));
}

/**
 * The devices of these players went silent (their line cut): each is
 * offline, last seen when last heard from; what it played stays open until
 * it comes back or a sweep ends it. One statement; answers the rows written
 * with their owners.
 */
export async function writeDevicesSilent(
  db: Executor,
  silent: ReadonlyArray<{ playerId: string; lastSeenAt: Date }>,
): Promise<PlayerWithState[]> {
  if (silent.length === 0) return [];
  const ids = silent.map((device) => device.playerId);
  const seen = silent.map((device) => device.lastSeenAt.toISOString());
  const written = await db.execute(sql`
    update player_states as state
    set heartbeat_at = null, last_seen_at = device.seen_at, updated_at = now()
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(seen)}::timestamptz[])
      as device(player_id, seen_at)
    where state.player_id = device.player_id
      and ${lockedInPlayerOrder(sql`state.player_id`, ids)}
    returning state.player_id`);
  const writtenIds = rowsOf<{ player_id: string }>(written).map((row) => row.player_id);
  return playersWithStateByIds(db, writtenIds);
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
 * Online as SQL, the same rule as live.policy's `isFresh`: the device's
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

/** How many players are online and playing now, and how many silence alerts are raised and open. */
export interface LiveFigures {
  playersOnline: number;
  playersPlaying: number;
  silenceAlertsOpen: number;
}

/**
 * The live figures of every player (metrics), in one query: a count over
 * the live states (one row per player that ever connected) and one over
 * the open alerts' partial unique index. A silence not yet raised into an
 * alert is not counted.
 */
export async function liveFigures(db: Executor, freshSince: Date): Promise<LiveFigures> {
  const [row] = await db
    .select({
      playersOnline: sql`count(*) filter (where ${onlineSql(freshSince)})`.mapWith(Number),
      playersPlaying: sql`count(*) filter (where ${playingSql(freshSince)})`.mapWith(Number),
      silenceAlertsOpen:
        sql`(select count(*) from ${playerAlerts} where ${playerAlerts.clearedAt} is null and ${playerAlerts.raisedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(playerStates);
  return row ?? { playersOnline: 0, playersPlaying: 0, silenceAlertsOpen: 0 };
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
    .where(anyId(playerStates.playerId, playerIds));
  return new Map(rows.map((row) => [row.playerId, row]));
}
