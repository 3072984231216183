/**
 * A player's week: windows of playlists on weekdays, read in the
 * establishment's time zone. The same rules run on the server (what a
 * player plays now, conflicts refused) and in the browser (the owner's
 * timeline shows a conflict before saving; the web player goes on by the
 * schedule while the network is down).
 *
 * A window belongs to the day it starts: 22:00:00–02:00:00 on FRIDAY plays
 * from Friday 22:00 to Saturday 02:00. A window whose end equals its start
 * lasts a whole day from its start. Whether a window plays is decided by the
 * venue's wall clock: across a DST change a window plays while the clock on
 * the venue's wall shows a time inside it (the hour that repeats in autumn
 * plays twice, the hour skipped in spring does not exist).
 */

import type { LicenceState } from "./contracts/subscriptions.ts";

export const WEEKDAYS = [
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
] as const;

export type Weekday = (typeof WEEKDAYS)[number];

export const DAY_SECONDS = 86_400;
export const WEEK_SECONDS = 7 * DAY_SECONDS;

/** One window of a player's schedule (a playlist on some weekdays, HH:MM:SS to HH:MM:SS). */
export interface ScheduleWindow {
  id: string;
  playlistId: string;
  startTime: string;
  endTime: string;
  weekdays: readonly Weekday[];
}

/** Seconds since midnight of an `HH:MM:SS` time. */
export function secondsOfTime(time: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(":").map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/** `HH:MM:SS` of seconds since midnight (taken modulo a day). */
export function timeOfSeconds(value: number): string {
  const seconds = ((value % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
  const pad = (part: number) => String(part).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** How long a window plays, in seconds: up to a day (crossing midnight, or a whole day). */
export function windowLength(window: Pick<ScheduleWindow, "startTime" | "endTime">): number {
  const start = secondsOfTime(window.startTime);
  const end = secondsOfTime(window.endTime);
  return end > start ? end - start : end + DAY_SECONDS - start;
}

/** A stretch of the week: from `start` seconds after Monday 00:00, `length` seconds long (it may wrap to Monday). */
export interface WeekSpan {
  window: ScheduleWindow;
  start: number;
  length: number;
}

/** Spans already worked out, per window object (a window is read, never changed in place). */
const spansOfWindow = new WeakMap<ScheduleWindow, WeekSpan[]>();

/** The stretches of the week a window plays, one per weekday it names. */
export function weekSpans(window: ScheduleWindow): WeekSpan[] {
  let spans = spansOfWindow.get(window);
  if (!spans) {
    const start = secondsOfTime(window.startTime);
    const length = windowLength(window);
    spans = [...new Set(window.weekdays)].map((day) => ({
      window,
      start: WEEKDAYS.indexOf(day) * DAY_SECONDS + start,
      length,
    }));
    spansOfWindow.set(window, spans);
  }
  return spans;
}

/** Seconds from `from` forward to `to` around the week (0 when equal). */
function forward(from: number, to: number): number {
  return (((to - from) % WEEK_SECONDS) + WEEK_SECONDS) % WEEK_SECONDS;
}

function spansOverlap(a: WeekSpan, b: WeekSpan): boolean {
  return forward(a.start, b.start) < a.length || forward(b.start, a.start) < b.length;
}

/**
 * The first of `others` that shares any moment of the week with
 * `candidate` (a window being added or changed, skipped among the others by
 * its id), or undefined when it fits.
 */
export function findOverlap(
  candidate: ScheduleWindow,
  others: readonly ScheduleWindow[],
): ScheduleWindow | undefined {
  const spans = weekSpans(candidate);
  return others.find(
    (other) =>
      other.id !== candidate.id &&
      weekSpans(other).some((span) => spans.some((mine) => spansOverlap(mine, span))),
  );
}

/** Where a venue's wall clock stands: seconds after Monday 00:00 of its week, and its UTC offset. */
export interface WallClock {
  /** Seconds after Monday 00:00 local time, 0 ≤ value < a week. */
  weekSecond: number;
  /** Local time minus UTC, in milliseconds, at that instant. */
  offsetMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA time zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The venue's wall clock at an instant (whole seconds). */
export function wallClockAt(instantMs: number, timeZone: string): WallClock {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(whole)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const localMs = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  // 1970-01-05 was a Monday: local days counted from it give the weekday.
  const localSeconds = localMs / 1000 - 4 * DAY_SECONDS;
  const weekSecond = ((localSeconds % WEEK_SECONDS) + WEEK_SECONDS) % WEEK_SECONDS;
  return { weekSecond, offsetMs: localMs - whole };
}

/** The window playing when the wall clock shows `weekSecond`, if any (the one that started last). */
export function windowAt(
  windows: readonly ScheduleWindow[],
  weekSecond: number,
): ScheduleWindow | undefined {
  let playing: { window: ScheduleWindow; since: number } | undefined;
  for (const window of windows) {
    for (const span of weekSpans(window)) {
      const since = forward(span.start, weekSecond);
      if (since < span.length && (!playing || since < playing.since)) {
        playing = { window, since };
      }
    }
  }
  return playing?.window;
}

/** Seconds of wall clock from `weekSecond` to the next start or end of any window (at most a week). */
function secondsToNextEdge(windows: readonly ScheduleWindow[], weekSecond: number): number {
  let nearest = WEEK_SECONDS;
  for (const window of windows) {
    for (const span of weekSpans(window)) {
      for (const edge of [span.start, span.start + span.length]) {
        const ahead = forward(weekSecond, edge);
        if (ahead > 0 && ahead < nearest) nearest = ahead;
      }
    }
  }
  return nearest;
}

/** A player's schedule as the scheduler reads it. */
export interface PlayerSchedule {
  /** The establishment's IANA time zone. */
  timeZone: string;
  /** The windows that may play (windows of playlists the owner may no longer play are left out). */
  windows: readonly ScheduleWindow[];
  /** What plays when no window does; null: silence. */
  fallbackPlaylistId: string | null;
}

/** What a player plays over a stretch of time. */
export interface ScheduleSlot {
  /** The playlist, or null for silence. */
  playlistId: string | null;
  /** The window it comes from; null for the fallback or silence. */
  windowId: string | null;
  fallback: boolean;
}

/** A decision the server makes for a player: the schedule's, and whether its venue is licensed. */
export interface PlayerDecision extends ScheduleDecision {
  licence: LicenceState;
}

export interface ScheduleDecision extends ScheduleSlot {
  /**
   * When to decide again: the next start or end of a window on the wall
   * clock, or a change of the zone's UTC offset before it (then the answer
   * may well stay the same). Milliseconds since the epoch.
   */
  decideAgainAt: number;
}

function slotAt(schedule: PlayerSchedule, weekSecond: number): ScheduleSlot {
  const window = windowAt(schedule.windows, weekSecond);
  if (window) return { playlistId: window.playlistId, windowId: window.id, fallback: false };
  return {
    playlistId: schedule.fallbackPlaylistId,
    windowId: null,
    fallback: schedule.fallbackPlaylistId !== null,
  };
}

/**
 * What the player plays at `instantMs`, and when to look again. Costs one
 * reading of the zone's clock (two when the offset changes before the next
 * edge, plus a search for that change, at most twice a year).
 */
export function decide(schedule: PlayerSchedule, instantMs: number): ScheduleDecision {
  return decideAt(schedule, instantMs, wallClockAt(instantMs, schedule.timeZone));
}

/**
 * `decide`, given the wall clock already read at that instant (shared by
 * players of one zone) and, when known, the zone's next change of UTC
 * offset after it (`nextOffsetChange`, also shared): then no clock is read
 * at all.
 */
export function decideAt(
  schedule: PlayerSchedule,
  instantMs: number,
  clock: WallClock,
  offsetChangeAt?: number,
): ScheduleDecision {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const slot = slotAt(schedule, clock.weekSecond);
  const edgeAt = whole + secondsToNextEdge(schedule.windows, clock.weekSecond) * 1000;
  if (offsetChangeAt !== undefined) {
    return { ...slot, decideAgainAt: Math.min(edgeAt, offsetChangeAt) };
  }
  const offsetThen = wallClockAt(edgeAt, schedule.timeZone).offsetMs;
  const decideAgainAt =
    offsetThen === clock.offsetMs
      ? edgeAt
      : offsetChangeBetween(whole, edgeAt, clock.offsetMs, schedule.timeZone);
  return { ...slot, decideAgainAt };
}

/**
 * The first second after `instantMs` at which the zone's UTC offset
 * differs from the offset at `instantMs`, looking a week and a day ahead
 * (further than any window's next edge); Infinity when it stays the same.
 * Zones change their offset at most a few times a year, never twice in
 * eight days.
 */
export function nextOffsetChange(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const offset = wallClockAt(whole, timeZone).offsetMs;
  const horizon = whole + (WEEK_SECONDS + DAY_SECONDS) * 1000;
  if (wallClockAt(horizon, timeZone).offsetMs === offset) return Number.POSITIVE_INFINITY;
  return offsetChangeBetween(whole, horizon, offset, timeZone);
}

/** The first second after `from` whose offset differs from `offsetMs` (before `to`, where it differs). */
function offsetChangeBetween(from: number, to: number, offsetMs: number, timeZone: string): number {
  let low = from;
  let high = to;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (wallClockAt(middle, timeZone).offsetMs === offsetMs) low = middle;
    else high = middle;
  }
  return high;
}

/** A stretch of the coming hours and what plays in it. */
export interface PlannedSlot extends ScheduleSlot {
  from: number;
  until: number;
}

/**
 * What the player plays from `fromMs` until `untilMs`, slot by slot (next
 * slots with the same playlist are joined): the queue of playlists, and what
 * a player caches to play through an outage.
 */
export function plan(schedule: PlayerSchedule, fromMs: number, untilMs: number): PlannedSlot[] {
  const slots: PlannedSlot[] = [];
  let at = fromMs;
  while (at < untilMs) {
    const decision = decide(schedule, at);
    const until = Math.min(decision.decideAgainAt, untilMs);
    const last = slots.at(-1);
    if (last && last.windowId === decision.windowId && last.playlistId === decision.playlistId) {
      last.until = until;
    } else {
      slots.push({
        playlistId: decision.playlistId,
        windowId: decision.windowId,
        fallback: decision.fallback,
        from: at,
        until,
      });
    }
    at = decision.decideAgainAt;
  }
  return slots;
}
