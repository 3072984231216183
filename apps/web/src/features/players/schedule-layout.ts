import {
  DAY_SECONDS,
  findOverlap,
  isScheduleTime,
  normalizeTime,
  type ScheduleWindow,
  secondsOfTime,
  timeOfSeconds,
  WEEKDAYS,
  type Weekday,
  windowLength,
} from "@fonika/shared";

/**
 * How a player's week is drawn and edited: windows cut into pieces per day
 * column, pointer positions snapped to a quarter of an hour, and windows
 * described in Russian. Pure, so the timeline and its tests share it.
 */

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MONDAY: "Понедельник",
  TUESDAY: "Вторник",
  WEDNESDAY: "Среда",
  THURSDAY: "Четверг",
  FRIDAY: "Пятница",
  SATURDAY: "Суббота",
  SUNDAY: "Воскресенье",
};

export const WEEKDAY_SHORT: Record<Weekday, string> = {
  MONDAY: "пн",
  TUESDAY: "вт",
  WEDNESDAY: "ср",
  THURSDAY: "чт",
  FRIDAY: "пт",
  SATURDAY: "сб",
  SUNDAY: "вс",
};

/** Pointer edits move by a quarter of an hour. */
export const SNAP_SECONDS = 15 * 60;
/** A playlist dropped on the week gets a two-hour window. */
export const DEFAULT_WINDOW_SECONDS = 2 * 3600;

/** A window of the week as the timeline knows it (the week call's entry). */
export interface TimelineWindow extends ScheduleWindow {
  weekdays: Weekday[];
  playlistName: string;
  playable: boolean;
}

/** The part of a window drawn in one day's column. */
export interface DayPiece {
  window: TimelineWindow;
  /** The column: 0 is Monday. */
  day: number;
  /** The weekday the window starts on (the piece after midnight belongs to the day before). */
  startDay: number;
  from: number;
  to: number;
  /** Whether this piece is the window's start (false: its part after midnight). */
  head: boolean;
  /** Whether the window ends in this piece (where its end is dragged). */
  ends: boolean;
}

/** The pieces of windows in each day's column: a window across midnight is drawn on both days. */
export function dayPieces(windows: readonly TimelineWindow[]): DayPiece[] {
  const pieces: DayPiece[] = [];
  for (const window of windows) {
    const start = secondsOfTime(window.startTime);
    const length = windowLength(window);
    for (const weekday of window.weekdays) {
      const day = WEEKDAYS.indexOf(weekday);
      const firstEnd = Math.min(start + length, DAY_SECONDS);
      pieces.push({
        window,
        day,
        startDay: day,
        from: start,
        to: firstEnd,
        head: true,
        ends: start + length <= DAY_SECONDS,
      });
      if (start + length > DAY_SECONDS) {
        pieces.push({
          window,
          day: (day + 1) % WEEKDAYS.length,
          startDay: day,
          from: 0,
          to: start + length - DAY_SECONDS,
          head: false,
          ends: true,
        });
      }
    }
  }
  return pieces;
}

/** Seconds rounded to the nearest quarter of an hour, kept within `[min, max]`. */
export function snapSeconds(seconds: number, min = 0, max = DAY_SECONDS): number {
  const snapped = Math.round(seconds / SNAP_SECONDS) * SNAP_SECONDS;
  return Math.min(max, Math.max(min, snapped));
}

/** Weekdays moved by `days` around the week, in the week's order. */
export function shiftWeekdays(weekdays: readonly Weekday[], days: number): Weekday[] {
  const count = WEEKDAYS.length;
  const moved = new Set(
    weekdays.map((day) => WEEKDAYS[(((WEEKDAYS.indexOf(day) + days) % count) + count) % count]),
  );
  return WEEKDAYS.filter((day) => moved.has(day));
}

/** The window moved to start at `start` seconds, `days` columns over, its length kept. */
export function movedWindow<W extends TimelineWindow>(window: W, days: number, start: number): W {
  const length = windowLength(window);
  return {
    ...window,
    weekdays: shiftWeekdays(window.weekdays, days),
    startTime: timeOfSeconds(start),
    endTime: timeOfSeconds(start + length),
  };
}

/** The window with its end at `length` seconds after its start (a quarter of an hour to a whole day). */
export function resizedEnd<W extends TimelineWindow>(window: W, length: number): W {
  const kept = Math.min(DAY_SECONDS, Math.max(SNAP_SECONDS, length));
  return { ...window, endTime: timeOfSeconds(secondsOfTime(window.startTime) + kept) };
}

/** The window with its start moved to `start` on its own day, its end kept. */
export function resizedStart<W extends TimelineWindow>(window: W, start: number): W {
  const end = secondsOfTime(window.startTime) + windowLength(window);
  const latest = Math.min(end - SNAP_SECONDS, DAY_SECONDS - SNAP_SECONDS);
  return { ...window, startTime: timeOfSeconds(Math.min(Math.max(0, start), latest)) };
}

/** `HH:MM` of a stored `HH:MM:SS` (seconds shown only when not zero). */
export function shortTime(time: string): string {
  return time.endsWith(":00") ? time.slice(0, 5) : time;
}

/** A window as a person reads it: «Утро» (пн, ср, 07:00–11:00). */
export function describeWindow(window: TimelineWindow): string {
  const days = window.weekdays.map((day) => WEEKDAY_SHORT[day]).join(", ");
  const whole = window.startTime === window.endTime;
  const times = whole
    ? `весь день с ${shortTime(window.startTime)}`
    : `${shortTime(window.startTime)}–${shortTime(window.endTime)}`;
  return `«${window.playlistName}» (${days}, ${times})`;
}

/** The conflict of a candidate window with the others, in Russian; null when it fits. */
export function conflictOf(
  candidate: TimelineWindow,
  others: readonly TimelineWindow[],
): string | null {
  const hit = findOverlap(candidate, others);
  if (!hit) return null;
  const other = others.find((window) => window.id === hit.id);
  return other ? `Пересекается с окном ${describeWindow(other)}` : null;
}

/**
 * A typed time as `HH:MM:SS` (SPEC.md §5): `HH:MM:SS` as it is, or `HH:MM`
 * (and the short forms the time rule accepts, `930` → 09:30) with zero
 * seconds; null when it is not a time of day.
 */
export function scheduleTimeOf(typed: string): string | null {
  const value = typed.trim();
  if (isScheduleTime(value)) return value;
  const short = normalizeTime(value);
  return short === null ? null : `${short}:00`;
}

/** The quick day choices of the window form: a venue's week is mostly one of these. */
export const WEEKDAY_PRESETS: readonly { label: string; weekdays: readonly Weekday[] }[] = [
  { label: "Будни", weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"] },
  { label: "Выходные", weekdays: ["SATURDAY", "SUNDAY"] },
  { label: "Каждый день", weekdays: WEEKDAYS },
];

/** Whether two sets of weekdays are the same days. */
export function sameWeekdays(one: readonly Weekday[], other: readonly Weekday[]): boolean {
  return one.length === other.length && one.every((day) => other.includes(day));
}

/**
 * A time as it is being typed, made easy on a phone's digit pad (which has
 * no colon): a dot, comma, dash or space becomes the colon, anything else
 * that is not a digit is dropped, and four digits become `HH:MM` at once
 * (`0930` → `09:30`). Whether it is a time is `scheduleTimeOf`'s to say.
 */
export function typedTime(raw: string): string {
  const value = raw.replace(/[.,\- ]/g, ":").replace(/[^\d:]/g, "");
  return /^\d{4}$/.test(value) ? `${value.slice(0, 2)}:${value.slice(2)}` : value;
}

/**
 * The day column to show a window on when one day is shown at a time: `from`
 * itself when the window starts that day, else the next day it starts on,
 * round the week (0 is Monday).
 */
export function dayToShow(weekdays: readonly Weekday[], from: number): number {
  for (let step = 0; step < WEEKDAYS.length; step++) {
    const column = (from + step) % WEEKDAYS.length;
    const weekday = WEEKDAYS[column];
    if (weekday && weekdays.includes(weekday)) return column;
  }
  return from;
}

/** A palette of colours, one per playlist (by its place among the player's playlists). */
export const PLAYLIST_COLOURS = [
  "#2f6fde",
  "#d9822b",
  "#2e9e6a",
  "#b0417e",
  "#7a5bd1",
  "#c2452d",
  "#1f8a99",
  "#8a7a1f",
] as const;
