import { CLIENT_READING_ROLES, PLAYER_ALERTS } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { assertMayReadClient } from "../../../lib/client-access.ts";
import { silenceAlertErrors } from "./silence-alerts.errors.ts";

/**
 * The silence rule of players (issue 14), pure: when a player is silent
 * against its schedule, how long before that is an alert, and who reads
 * a client's alerts.
 */

/** How long a scheduled silence lasts before it raises an alert. */
export const SILENCE_ALERT_MS = PLAYER_ALERTS.silenceMinutes * 60_000;

/**
 * How often every player is judged while one is watched (see
 * docs/decisions.md), and how soon after an event that may make one
 * silent: an alert is raised 5:00–5:30 after the silence was first seen,
 * and a silence that ends without a word on the bus (a schedule window
 * closing) clears within this long.
 */
export const SILENCE_SWEEP_MS = 30_000;

/** What a sweep saw that decides when the next one is due. */
export interface SweepWatch {
  /** Players silent now (their silence is open). */
  silent: number;
  /** Whether any player is online now, playing or not. */
  online: boolean;
  /** When the schedules of the players judged (offline, not playing) next change. */
  decideAgainAt: readonly number[];
}

/**
 * When the sweep after one at `nowMs` is due; null when none is until an
 * event (a device connecting or reporting, a schedule or music access
 * changing). A silence open or a player online is watched every
 * SILENCE_SWEEP_MS: a silence is raised and cleared on a clock, and a
 * device's line may be cut without a word (its heartbeat just ages). Else
 * the players that connected once are offline and their schedules ask for
 * no music: nothing can be silent before the first of their schedules
 * changes (a window opening). No such player: nothing can be silent at all.
 */
export function nextSweepAt(nowMs: number, watch: SweepWatch): number | null {
  if (watch.silent > 0 || watch.online) return nowMs + SILENCE_SWEEP_MS;
  if (watch.decideAgainAt.length === 0) return null;
  // A loop, not Math.min(...): thousands of players would overflow the call's arguments.
  let first = Number.POSITIVE_INFINITY;
  for (const at of watch.decideAgainAt) first = Math.min(first, at);
  return Math.max(first, nowMs);
}

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
