import { createHash } from "node:crypto";
import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import { type Executor, rowsOf } from "../../../db/client.ts";
import { prepared } from "../../../db/prepared.ts";
import { playerAlerts, playerStates, players } from "../../../db/schema.ts";

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

/** Statement names by the shape of the columns written (a handful: one per kind of write). */
const stateStatementNames = new Map<string, string>();

function stateStatementName(shape: string): string {
  let name = stateStatementNames.get(shape);
  if (!name) {
    name = `player_state_${createHash("sha1").update(shape).digest("hex").slice(0, 16)}`;
    stateStatementNames.set(shape, name);
  }
  return name;
}

/**
 * Writes part of a player's state, making its row if it has none; answers
 * the row after. Every command and report writes one, so the statement of
 * each set of columns is built and prepared once (a pause, a play, a
 * volume…), not rebuilt by the query builder on every call.
 */
export async function writeState(
  db: Executor,
  playerId: string,
  change: PlayerStateChange,
): Promise<PlayerStateRow> {
  const columns = (Object.keys(change) as (keyof PlayerStateChange)[])
    .filter((column) => change[column] !== undefined)
    .sort();
  // A null is written as such (a column's encoder would not take it): part of the statement's shape.
  const name = stateStatementName(shapeOf(change).join(","));
  const statement = prepared(db, name, (handle) => {
    const values = Object.fromEntries(
      columns.map((column) => [
        column,
        change[column] === null ? sql`null` : sql.placeholder(column),
      ]),
    );
    return handle
      .insert(playerStates)
      .values({ playerId: sql.placeholder("playerId"), ...values })
      .onConflictDoUpdate({
        target: playerStates.playerId,
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning()
      .prepare(name);
  });
  const [row] = await statement.execute({ playerId, ...change });
  return row as PlayerStateRow;
}

/** A change of one player's state, as `writeState` takes it. */
export interface StateWrite {
  playerId: string;
  change: PlayerStateChange;
}

/**
 * Writes many players' changes, as `writeState` writes one: one statement
 * for the changes of each shape (the same columns, nulls in the same
 * places), a player once a statement; answers each write's row after, in
 * order, or the error that kept it from being written (its player removed
 * meanwhile, the database gone). A change alone goes through `writeState`'s
 * prepared statement.
 */
export async function writeStates(
  db: Executor,
  writes: readonly StateWrite[],
): Promise<(PlayerStateRow | Error)[]> {
  const groups = new Map<string, StateWrite[][]>();
  for (const write of writes) {
    const shape = shapeOf(write.change).join(",");
    const statements = groups.get(shape) ?? [];
    groups.set(shape, statements);
    // A statement may not write one row twice: a player's second change goes in the next.
    let statement = statements.find((taken) =>
      taken.every((other) => other.playerId !== write.playerId),
    );
    if (!statement) {
      statement = [];
      statements.push(statement);
    }
    statement.push(write);
  }
  const written = new Map<StateWrite, PlayerStateRow | Error>();
  for (const statements of groups.values()) {
    for (const statement of statements) {
      const rows = await writeSameShape(db, statement);
      for (const write of statement) {
        written.set(write, rows.get(write.playerId) ?? new Error("no row written"));
      }
    }
  }
  return writes.map((write) => written.get(write) ?? new Error("no row written"));
}

/** Writes changes of one shape, each of another player, in one statement; answers the rows (or errors) by player. */
async function writeSameShape(
  db: Executor,
  writes: readonly StateWrite[],
): Promise<Map<string, PlayerStateRow | Error>> {
  const [first] = writes;
  if (!first) return new Map();
  const columns = (Object.keys(first.change) as (keyof PlayerStateChange)[]).filter(
    (column) => first.change[column] !== undefined,
  );
  // Columns unnest cannot take (an array of arrays) are written a change at a time.
  const scalar = columns.every((column) => !playerStates[column].getSQLType().endsWith("]"));
  if (writes.length === 1 || !scalar) return writeEachAlone(db, writes);
  // One array a column, rows by unnest: the statement's text does not grow with the rows.
  const arrays = columns.map((column) => {
    const values = writes.map(({ change }) => {
      const value = change[column];
      return value instanceof Date ? value.toISOString() : (value ?? null);
    });
    return sql`${sql.param(values)}::${sql.raw(playerStates[column].getSQLType())}[]`;
  });
  const names = columns.map((column) => sql.identifier(playerStates[column].name));
  const set = columns.map(
    (column) =>
      sql`${sql.identifier(playerStates[column].name)} = excluded.${sql.identifier(playerStates[column].name)}`,
  );
  const ids = writes.map((write) => write.playerId);
  try {
    const result = await db.execute(sql`
      insert into player_states (player_id, ${sql.join(names, sql`, `)})
      select * from unnest(${sql.param(ids)}::uuid[], ${sql.join(arrays, sql`, `)})
      on conflict (player_id) do update set ${sql.join(set, sql`, `)}, updated_at = now()
      returning *`);
    const rows = rowsOf<Record<string, unknown>>(result).map(stateFromRow);
    return new Map(rows.map((row) => [row.playerId, row]));
  } catch {
    // One player removed meanwhile fails the statement: each alone, so that only its write fails.
    return writeEachAlone(db, writes);
  }
}

/** Each change in its own statement; a failed one answers its error. */
async function writeEachAlone(
  db: Executor,
  writes: readonly StateWrite[],
): Promise<Map<string, PlayerStateRow | Error>> {
  const rows = new Map<string, PlayerStateRow | Error>();
  for (const { playerId, change } of writes) {
    rows.set(
      playerId,
      await writeState(db, playerId, change).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      ),
    );
  }
  return rows;
}

const stateColumns = Object.entries(getTableColumns(playerStates));

/** A `player_states` row as the driver answered a plain statement, as drizzle's select answers it. */
function stateFromRow(raw: Record<string, unknown>): PlayerStateRow {
  return Object.fromEntries(
    stateColumns.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as PlayerStateRow;
}

/** The columns a change writes, a null marked: what a prepared statement's text depends on. */
function shapeOf(change: PlayerStateChange): string[] {
  return (Object.keys(change) as (keyof PlayerStateChange)[])
    .filter((column) => change[column] !== undefined)
    .sort()
    .map((column) => (change[column] === null ? `${column}=null` : column));
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
        .where(sql`${playerStates.playerId} = any(${sql.placeholder("ids")}::uuid[])`)
        .returning({ playerId: playerStates.playerId })
        .prepare("player_heartbeats"),
    );
    const renewed = await renew.execute({ at, ids });
    if (renewed.length === ids.length) continue;
    await db.execute(sql`
      insert into player_states (player_id, heartbeat_at, last_seen_at)
      select id, ${at}, ${at} from players where ${anyId(players.id, ids)}
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
    .where(and(eq(players.id, playerStates.playerId), anyId(playerStates.playerId, playerIds)))
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
