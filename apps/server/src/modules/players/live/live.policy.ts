/**
 * The online rule of players, pure: a player is online while its device's
 * process renewed its heartbeat recently enough and has not cleared it.
 * The SQL form of the same rule is live.repository's `onlineSql`.
 */

/**
 * A device whose socket sent nothing this long is offline: it pings every
 * 4 s, so three missed pings. Its own process sees it (heartbeats.ts).
 */
export const DEVICE_SILENT_MS = 12_000;

/**
 * How often a connected device's stored heartbeat is renewed while it
 * pings: what other processes read of it (issue 30: written on change and
 * on this slow cadence, not on every ping).
 */
export const HEARTBEAT_RENEW_MS = 30_000;

/**
 * A player is online while its stored heartbeat is this recent (and not
 * cleared: a device that leaves or goes silent is written offline at
 * once by its process). Two and a half renewals: a process that dies
 * without a word leaves its devices online to the others this long at most.
 */
export const HEARTBEAT_FRESH_MS = 75_000;

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
