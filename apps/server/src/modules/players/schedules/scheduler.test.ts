import { decide, type PlayerSchedule, type ScheduleWindow, wallClockAt } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import { decideForPlayers, playableSchedule } from "./scheduler.ts";

const ZONES = ["Europe/Moscow", "Asia/Vladivostok", "Europe/Kaliningrad", "Europe/Berlin"];

const wallFormats = new Map(
  ZONES.map((timeZone) => [
    timeZone,
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }),
  ]),
);

/** Weekday and seconds of the venue's wall clock, read another way than the scheduler does. */
function wallOf(instantMs: number, timeZone: string): { weekday: string; seconds: number } {
  const parts = (wallFormats.get(timeZone) as Intl.DateTimeFormat).formatToParts(instantMs);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return {
    weekday: part("weekday").toUpperCase(),
    seconds: Number(part("hour")) * 3600 + Number(part("minute")) * 60 + Number(part("second")),
  };
}

/** Player n's week: weekdays 09:00–18:00, Friday night 22:00–02:00, a fallback otherwise. */
function weekOf(zone: string, n: number): { schedule: PlayerSchedule; day: string; night: string } {
  const day = `${zone}-${n}-day`;
  const night = `${zone}-${n}-night`;
  const windows: ScheduleWindow[] = [
    {
      id: `${day}-w`,
      playlistId: day,
      startTime: "09:00:00",
      endTime: "18:00:00",
      weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
    },
    {
      id: `${night}-w`,
      playlistId: night,
      startTime: "22:00:00",
      endTime: "02:00:00",
      weekdays: ["FRIDAY"],
    },
  ];
  return {
    schedule: { timeZone: zone, windows, fallbackPlaylistId: `${zone}-${n}-fallback` },
    day,
    night,
  };
}

/** Which of player n's playlists plays (day, night or fallback), by the wall clock read apart. */
function expectedKind(instantMs: number, zone: string): string {
  const { weekday, seconds } = wallOf(instantMs, zone);
  const hour = 3600;
  const weekdays = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"];
  if (weekdays.includes(weekday) && seconds >= 9 * hour && seconds < 18 * hour) {
    return "day";
  }
  if (
    (weekday === "FRIDAY" && seconds >= 22 * hour) ||
    (weekday === "SATURDAY" && seconds < 2 * hour)
  ) {
    return "night";
  }
  return "fallback";
}

describe("deciding for many players", () => {
  it("decides every window right in four zones at once, across midnight and Berlin's DST change, reading each zone's clock once", () => {
    const playersPerZone = 10;
    const players = new Map<string, PlayerSchedule>();
    for (const zone of ZONES) {
      for (let n = 0; n < playersPerZone; n++)
        players.set(`${zone}#${n}`, weekOf(zone, n).schedule);
    }
    // Nine days around 2026-10-25 03:00 CEST → 02:00 CET, every quarter hour: every edge of
    // every window lands on the grid in all four zones (whole-hour offsets).
    const from = Date.UTC(2026, 9, 20, 0, 0, 0);
    const until = Date.UTC(2026, 9, 29, 0, 0, 0);
    const failures: string[] = [];
    let instants = 0;
    for (let instant = from; instant < until; instant += 15 * 60 * 1000) {
      instants += 1;
      const readings: string[] = [];
      const decisions = decideForPlayers(players, instant, (at, zone) => {
        readings.push(zone);
        return wallClockAt(at, zone);
      });
      if (readings.length !== ZONES.length)
        failures.push(`${instant}: ${readings.length} readings`);
      for (const zone of ZONES) {
        for (let n = 0; n < playersPerZone; n++) {
          const id = `${zone}#${n}`;
          const decision = decisions.get(id);
          const expected = `${zone}-${n}-${expectedKind(instant, zone)}`;
          if (decision?.playlistId !== expected) {
            failures.push(
              `${new Date(instant).toISOString()} ${id}: ${decision?.playlistId} ≠ ${expected}`,
            );
          }
          const single = decide(players.get(id) as PlayerSchedule, instant);
          if (JSON.stringify(single) !== JSON.stringify(decision)) {
            failures.push(`${new Date(instant).toISOString()} ${id}: differs from decide()`);
          }
        }
      }
    }
    expect(instants).toBe(9 * 96);
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it("tells, at a window's last second and its end, the moment to decide again", () => {
    const players = new Map(ZONES.map((zone) => [zone, weekOf(zone, 0).schedule]));
    // Friday 2026-10-23 17:59:59 and 18:00:00 in each zone.
    for (const zone of ZONES) {
      const offsetMs = wallClockAt(Date.UTC(2026, 9, 23, 12), zone).offsetMs;
      const sixPm = Date.UTC(2026, 9, 23, 18) - offsetMs;
      const before = decideForPlayers(players, sixPm - 1000).get(zone);
      const at = decideForPlayers(players, sixPm).get(zone);
      expect(before).toMatchObject({
        playlistId: `${zone}-0-day`,
        fallback: false,
        decideAgainAt: sixPm,
      });
      expect(at).toMatchObject({
        playlistId: `${zone}-0-fallback`,
        windowId: null,
        fallback: true,
        decideAgainAt: sixPm + 4 * 3600 * 1000,
      });
    }
  });
});

describe("a playable schedule", () => {
  it("leaves out windows and a fallback of playlists the owner may no longer play", () => {
    const { schedule, night } = weekOf("Europe/Moscow", 0);
    const onlyNight = playableSchedule(
      schedule.timeZone,
      schedule.windows,
      schedule.fallbackPlaylistId,
      new Set([night]),
    );
    expect(onlyNight.windows.map((window) => window.playlistId)).toEqual([night]);
    expect(onlyNight.fallbackPlaylistId).toBeNull();
    // Monday 2026-10-19 10:00 in Moscow: the day window's playlist is gone, so silence.
    expect(decide(onlyNight, Date.UTC(2026, 9, 19, 7))).toMatchObject({
      playlistId: null,
      fallback: false,
    });
    const withFallback = playableSchedule(
      schedule.timeZone,
      schedule.windows,
      schedule.fallbackPlaylistId,
      new Set([night, schedule.fallbackPlaylistId as string]),
    );
    expect(decide(withFallback, Date.UTC(2026, 9, 19, 7))).toMatchObject({
      playlistId: schedule.fallbackPlaylistId,
      fallback: true,
    });
  });
});
