import { and, asc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import type { Executor } from "../../../db/client.ts";
import { playerAlerts, playerStates, players } from "../../../db/schema.ts";
import { onlineSql, playingSql } from "../live/live.repository.ts";

/** SQL of players' silence alerts (`player_alerts`); decides nothing. */

/** A player that may be silent now, or whose silence is open: what a sweep judges. */
export interface SilenceCandidate {
  playerId: string;
  online: boolean;
  playing: boolean;
  /** When a `pause` command paused it; null unless paused so. */
  pausedAt: Date | null;
  /** Its open silence, if any. */
  openSince: Date | null;
}

/**
 * Candidates read by one statement: a network's night (10 000 boxes online
 * and silent) read at once was one result of 10 000 rows parsed in one go
 * on the event loop, every sweep (issue 30); read by pages of player ids,
 * the commands and pings between pages are served.
 */
const CANDIDATES_PAGE = 500;

/**
 * The players not playing now (offline, stopped, paused) that connected at
 * least once, and those with an open silence whatever they do: the rest
 * play, or were never set up, and are not silent, so a sweep reads only these.
 */
export async function silenceCandidates(
  db: Executor,
  freshSince: Date,
): Promise<SilenceCandidate[]> {
  const candidates: SilenceCandidate[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await silenceCandidatesPage(db, freshSince, after);
    candidates.push(...page);
    const last = page.at(-1);
    if (page.length < CANDIDATES_PAGE || !last) return candidates;
    after = last.playerId;
  }
}

/** One page of `silenceCandidates`, in player id order, after the player `after`. */
function silenceCandidatesPage(
  db: Executor,
  freshSince: Date,
  after: string | undefined,
): Promise<SilenceCandidate[]> {
  return db
    .select({
      playerId: players.id,
      online: onlineSql(freshSince).mapWith(Boolean),
      playing: playingSql(freshSince).mapWith(Boolean),
      pausedAt: playerStates.pausedAt,
      openSince: playerAlerts.silentSince,
    })
    .from(players)
    .leftJoin(playerStates, eq(playerStates.playerId, players.id))
    .leftJoin(
      playerAlerts,
      and(eq(playerAlerts.playerId, players.id), isNull(playerAlerts.clearedAt)),
    )
    .where(
      and(
        after === undefined ? undefined : gt(players.id, after),
        or(
          // A player that never connected was never set up: its silence is no fault.
          and(isNotNull(playerStates.lastSeenAt), sql`not ${playingSql(freshSince)}`),
          isNotNull(playerAlerts.id),
        ),
      ),
    )
    .orderBy(asc(players.id))
    .limit(CANDIDATES_PAGE);
}

/**
 * Whether any player is online now (its device's heartbeat is fresh),
 * playing or not: its line may be cut without a word on the bus, so a
 * sweep must keep looking while one is.
 */
export async function anyOnline(db: Executor, freshSince: Date): Promise<boolean> {
  const [row] = await db
    .select({ playerId: playerStates.playerId })
    .from(playerStates)
    .where(gt(playerStates.heartbeatAt, freshSince))
    .limit(1);
  return row !== undefined;
}

/**
 * Opens a silence for each of these players that has none open; a player
 * another process opened one for meanwhile keeps that one (the unique
 * open row per player).
 */
export async function openSilences(
  db: Executor,
  playerIds: readonly string[],
  since: Date,
): Promise<void> {
  if (playerIds.length === 0) return;
  await db
    .insert(playerAlerts)
    .values(playerIds.map((playerId) => ({ playerId, silentSince: since })))
    .onConflictDoNothing();
}

/**
 * Closes the open silences of these players: a raised alert is cleared at
 * `at` (kept, the owner was told), a silence not yet raised is dropped.
 * Answers the players whose alert was cleared.
 */
export async function closeSilences(
  db: Executor,
  playerIds: readonly string[],
  at: Date,
): Promise<string[]> {
  if (playerIds.length === 0) return [];
  const open = and(anyId(playerAlerts.playerId, playerIds), isNull(playerAlerts.clearedAt));
  await db.delete(playerAlerts).where(and(open, isNull(playerAlerts.raisedAt)));
  const cleared = await db
    .update(playerAlerts)
    .set({ clearedAt: at })
    .where(and(open, isNotNull(playerAlerts.raisedAt)))
    .returning({ playerId: playerAlerts.playerId });
  return cleared.map((row) => row.playerId);
}

/** A silence just raised to an alert, with what its mail names. */
export interface RaisedAlert {
  id: string;
  playerId: string;
  playerName: string;
  ownerId: string;
  establishmentId: string;
  silentSince: Date;
}

/**
 * Raises the open silences that began at or before `silentBefore`, at `at`.
 * Each row is raised by one statement only (the second sees `raised_at`
 * written and skips it), so whichever process gets a row back mails it,
 * and a silence is mailed once whatever the number of processes.
 */
export async function raiseDue(db: Executor, silentBefore: Date, at: Date): Promise<RaisedAlert[]> {
  const raised = await db
    .update(playerAlerts)
    .set({ raisedAt: at })
    .where(
      and(
        isNull(playerAlerts.clearedAt),
        isNull(playerAlerts.raisedAt),
        lte(playerAlerts.silentSince, silentBefore),
      ),
    )
    .returning({
      id: playerAlerts.id,
      playerId: playerAlerts.playerId,
      silentSince: playerAlerts.silentSince,
    });
  if (raised.length === 0) return [];
  const owners = await db
    .select({
      id: players.id,
      name: players.name,
      ownerId: players.userId,
      establishmentId: players.establishmentId,
    })
    .from(players)
    .where(
      anyId(
        players.id,
        raised.map((row) => row.playerId),
      ),
    );
  const byId = new Map(owners.map((row) => [row.id, row]));
  return raised.flatMap((row) => {
    const player = byId.get(row.playerId);
    return player
      ? [
          {
            id: row.id,
            playerId: row.playerId,
            playerName: player.name,
            ownerId: player.ownerId,
            establishmentId: player.establishmentId,
            silentSince: row.silentSince,
          },
        ]
      : [];
  });
}

/** The players with an open silence now (raised or not). */
export async function playersWithOpenSilence(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ playerId: playerAlerts.playerId })
    .from(playerAlerts)
    .where(isNull(playerAlerts.clearedAt));
  return rows.map((row) => row.playerId);
}

/** An open alert of an owner's player. */
export interface OpenAlertRow {
  id: string;
  playerId: string;
  playerName: string;
  establishmentId: string;
  silentSince: Date;
  raisedAt: Date;
  /** Its device's heartbeat is fresh (since `freshSince`). */
  online: boolean;
}

/** The open (raised, not cleared) alerts of an owner's players, oldest silence first. */
export async function openAlertsOfOwner(
  db: Executor,
  ownerId: string,
  freshSince: Date,
): Promise<OpenAlertRow[]> {
  const rows = await db
    .select({
      id: playerAlerts.id,
      playerId: players.id,
      playerName: players.name,
      establishmentId: players.establishmentId,
      silentSince: playerAlerts.silentSince,
      raisedAt: playerAlerts.raisedAt,
      online: onlineSql(freshSince).mapWith(Boolean),
    })
    .from(playerAlerts)
    .innerJoin(players, eq(players.id, playerAlerts.playerId))
    .leftJoin(playerStates, eq(playerStates.playerId, players.id))
    .where(and(eq(players.userId, ownerId), raisedOpen()))
    .orderBy(asc(playerAlerts.silentSince), asc(playerAlerts.id));
  return rows.map((row) => ({ ...row, raisedAt: row.raisedAt as Date }));
}

/** Since when each of these players is silent, for those with an open raised alert. */
export async function silentSinceOf(
  db: Executor,
  playerIds: readonly string[],
): Promise<Map<string, Date>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ playerId: playerAlerts.playerId, silentSince: playerAlerts.silentSince })
    .from(playerAlerts)
    .where(and(anyId(playerAlerts.playerId, playerIds), raisedOpen()));
  return new Map(rows.map((row) => [row.playerId, row.silentSince]));
}

/** As SQL for a players query: the player has an open raised alert (the players base filter). */
export function hasOpenAlertSql(): SQL {
  return sql`exists (select 1 from player_alerts as alert where alert.player_id = ${players.id}
    and alert.raised_at is not null and alert.cleared_at is null)`;
}

function raisedOpen(): SQL {
  return and(isNotNull(playerAlerts.raisedAt), isNull(playerAlerts.clearedAt)) as SQL;
}
