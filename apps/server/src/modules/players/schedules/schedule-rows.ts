import { type ScheduleEntry, type ScheduleWindow, WEEKDAYS, type Weekday } from "@fonika/shared";
import type { ScheduleRow } from "./schedules.repository.ts";

/**
 * How stored schedule rows read, for editing windows and for deciding
 * alike: a row as a window of the shared rules, as the wire's entry, and
 * rows of many players grouped by player.
 */

function weekdaysOf(stored: string[]): Weekday[] {
  return WEEKDAYS.filter((day) => stored.includes(day));
}

/** A stored window as the shared schedule rules take it (weekdays in week order). */
export function toWindow(row: ScheduleRow): ScheduleWindow & { weekdays: Weekday[] } {
  return {
    id: row.id,
    playlistId: row.playlistId,
    startTime: row.startTime,
    endTime: row.endTime,
    weekdays: weekdaysOf(row.weekdays),
  };
}

/** A stored window as the wire's entry: the window and its player. */
export function toEntry(row: ScheduleRow): ScheduleEntry {
  return { ...toWindow(row), playerId: row.playerId };
}

/**
 * Rows of many players grouped by player, once, so that many players cost
 * about many × one, not players × rows.
 */
export function groupByPlayer<T extends { playerId: string }>(
  items: readonly T[],
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.playerId);
    if (group) group.push(item);
    else groups.set(item.playerId, [item]);
  }
  return groups;
}
