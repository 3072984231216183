import { CLIENT_READING_ROLES, PLAYER_ALERTS } from "@fonika/shared";
import { assertMayReadClient } from "../../lib/client-access.ts";
import type { Actor } from "../../plugins/auth.ts";
import { silenceAlertErrors } from "./silence-alerts.errors.ts";

/**
 * The silence rule of players (issue 14), pure: when a player is silent
 * against its schedule, how long before that is an alert, and who reads
 * a client's alerts.
 */

/** How long a scheduled silence lasts before it raises an alert. */
export const SILENCE_ALERT_MS = PLAYER_ALERTS.silenceMinutes * 60_000;

/**
 * How often every player is judged (see docs/decisions.md): an alert is
 * raised 5:00–5:30 after the silence was first seen, and a silence that
 * ends without a word on the bus (a schedule window closing) clears within
 * this long.
 */
export const SILENCE_SWEEP_MS = 30_000;

/** What the silence rule reads of a player now. */
export interface PlayerNow {
  online: boolean;
  playing: boolean;
  /** When a `pause` command paused it; null unless paused so. */
  pausedAt: Date | null;
}

/**
 * Whether a player is silent against its schedule: the schedule asks for
 * music now (a window or the fallback gives a playlist, `scheduledPlaylistId`)
 * and it does not play — offline, stopped, or playing nothing. A pause
 * commanded on an online player is silence by choice, not a fault.
 */
export function isSilent(player: PlayerNow, scheduledPlaylistId: string | null): boolean {
  if (scheduledPlaylistId === null) return false;
  if (!player.online) return true;
  if (player.playing) return false;
  return player.pausedAt === null;
}

/**
 * Whose alerts the actor reads: a client its own (naming itself or no one);
 * staff who see clients must name the client. Throws 400 or 403 otherwise.
 */
export function assertMayReadAlerts(actor: Actor, userId: string | undefined): string {
  const staff = actor.role !== undefined && CLIENT_READING_ROLES.includes(actor.role);
  if (staff && userId === undefined) throw silenceAlertErrors.clientNotNamed();
  const clientId = userId ?? actor.userId;
  assertMayReadClient(actor, clientId);
  return clientId;
}
