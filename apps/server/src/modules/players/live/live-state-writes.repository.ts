import { createHash } from "node:crypto";
import { type AnyColumn, getTableColumns, type SQL, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../../db/client.ts";
import { prepared } from "../../../db/prepared.ts";
import { playerStates } from "../../../db/schema.ts";
import type { PlayerStateChange, PlayerStateRow } from "./live.repository.ts";

/**
 * `<column> in (these players' state rows)`, the rows locked in player
 * order first: a statement that writes several players' rows takes their
 * locks in that order. Processes on one PostgreSQL write the same rows at
 * once (an owner's commands on one, the heartbeats of its devices on
 * another), and two statements taking the same locks in opposite orders
 * waited for each other until PostgreSQL ended one ("deadlock detected",
 * after deadlock_timeout's second). `column` names the statement's own
 * player id (its table may be aliased); `ids` are the players, or the
 * placeholder of a prepared statement's uuid[].
 */
export function lockedInPlayerOrder(column: AnyColumn | SQL, ids: readonly string[] | SQL): SQL {
  const array = Array.isArray(ids) ? sql.param(ids) : ids;
  return sql`${column} in (
    select locked.player_id from player_states as locked
    where locked.player_id = any(${array}::uuid[])
    order by locked.player_id
    for update)`;
}

/**
 * SQL of a player's state written: one change (`writeState`, a prepared
 * statement a shape) or many at once (`writeStates`). Part of the live
 * state's repository, which answers them too.
 */

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
  // Rows in player order: their locks are taken in the order every statement takes them.
  const ordered = [...writes].sort((a, b) => (a.playerId < b.playerId ? -1 : 1));
  const [first] = ordered;
  if (!first) return new Map();
  const columns = (Object.keys(first.change) as (keyof PlayerStateChange)[]).filter(
    (column) => first.change[column] !== undefined,
  );
  // Columns unnest cannot take (an array of arrays) are written a change at a time.
  const scalar = columns.every((column) => !playerStates[column].getSQLType().endsWith("]"));
  if (ordered.length === 1 || !scalar) return writeEachAlone(db, ordered);
  // One array a column, rows by unnest: the statement's text does not grow with the rows.
  const arrays = columns.map((column) => {
    const values = ordered.map(({ change }) => {
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
  const ids = ordered.map((write) => write.playerId);
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
    return writeEachAlone(db, ordered);
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
