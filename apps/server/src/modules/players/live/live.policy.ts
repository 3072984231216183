/**
 * The online rule of players, pure: a player is online while its device's
 * socket renewed the heartbeat recently enough. The SQL form of the same
 * rule is live.repository's `onlineSql`.
 */

/**
 * A player is online while its device's socket renewed the heartbeat this
 * recently (it pings every 4 s; three missed pings and it is offline).
 */
export const HEARTBEAT_FRESH_MS = 12_000;

/**
 * The instant a player's heartbeat must be newer than for it to be online:
 * the one threshold of the online rule, here and in SQL (`onlineSql`).
 */
export function onlineSince(nowMs: number = Date.now()): Date {
  return new Date(nowMs - HEARTBEAT_FRESH_MS);
}

/** Whether a heartbeat at this instant makes its player online now. */
export function isFresh(heartbeatAt: Date | null): boolean {
  return heartbeatAt !== null && heartbeatAt > onlineSince();
}
