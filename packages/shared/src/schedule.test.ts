import { describe, expect, it } from "vitest";
import {
  decide,
  findOverlap,
  type PlayerSchedule,
  plan,
  type ScheduleWindow,
  secondsOfTime,
  timeOfSeconds,
  type Weekday,
  wallClockAt,
  windowLength,
} from "./schedule.ts";

let nextId = 0;
function window(
  playlistId: string,
  startTime: string,
  endTime: string,
  weekdays: Weekday[],
): ScheduleWindow {
  nextId += 1;
  return { id: `w${nextId}`, playlistId, startTime, endTime, weekdays };
}

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("times of day", () => {
  it("reads and writes HH:MM:SS", () => {
    expect(secondsOfTime("00:00:00")).toBe(0);
    expect(secondsOfTime("23:59:59")).toBe(86_399);
    expect(timeOfSeconds(secondsOfTime("07:05:09"))).toBe("07:05:09");
    expect(timeOfSeconds(86_400 + 60)).toBe("00:01:00");
  });

  it("measures a window, across midnight and a whole day", () => {
    expect(windowLength({ startTime: "09:00:00", endTime: "18:00:00" })).toBe(9 * 3600);
    expect(windowLength({ startTime: "22:00:00", endTime: "02:00:00" })).toBe(4 * 3600);
    expect(windowLength({ startTime: "08:00:00", endTime: "08:00:00" })).toBe(24 * 3600);
  });
});

describe("overlaps", () => {
  it("finds the window that shares a moment, names it, and lets touching windows be", () => {
    const morning = window("a", "08:00:00", "12:00:00", ["MONDAY", "TUESDAY"]);
    const evening = window("b", "18:00:00", "23:00:00", ["MONDAY"]);
    expect(findOverlap(window("c", "12:00:00", "18:00:00", ["MONDAY"]), [morning, evening])).toBe(
      undefined,
    );
    expect(findOverlap(window("c", "11:00:00", "13:00:00", ["TUESDAY"]), [morning, evening])).toBe(
      morning,
    );
    expect(findOverlap(window("c", "11:00:00", "13:00:00", ["WEDNESDAY"]), [morning])).toBe(
      undefined,
    );
  });

  it("sees a window across midnight reach into the next day, Sunday into Monday too", () => {
    const late = window("a", "22:00:00", "02:00:00", ["SUNDAY"]);
    expect(findOverlap(window("b", "01:00:00", "03:00:00", ["MONDAY"]), [late])).toBe(late);
    expect(findOverlap(window("b", "02:00:00", "03:00:00", ["MONDAY"]), [late])).toBe(undefined);
    expect(findOverlap(window("b", "01:00:00", "03:00:00", ["SUNDAY"]), [late])).toBe(undefined);
  });

  it("does not compare a window being changed with itself", () => {
    const morning = window("a", "08:00:00", "12:00:00", ["MONDAY"]);
    expect(findOverlap({ ...morning, endTime: "13:00:00" }, [morning])).toBe(undefined);
  });
});

describe("the wall clock of a venue", () => {
  it("reads Monday-based seconds and the offset in four Russian zones and Berlin", () => {
    // 2026-11-23 is a Monday; 09:30 UTC.
    const instant = at("2026-11-23T09:30:00Z");
    const read = (zone: string) => wallClockAt(instant, zone);
    expect(read("Europe/Moscow")).toEqual({ weekSecond: 12.5 * 3600, offsetMs: 3 * 3600_000 });
    expect(read("Asia/Vladivostok")).toEqual({ weekSecond: 19.5 * 3600, offsetMs: 10 * 3600_000 });
    expect(read("Europe/Kaliningrad")).toEqual({ weekSecond: 11.5 * 3600, offsetMs: 2 * 3600_000 });
    expect(read("Europe/Berlin")).toEqual({ weekSecond: 10.5 * 3600, offsetMs: 3600_000 });
    // Sunday 23:30 UTC is already Monday morning in Vladivostok.
    expect(wallClockAt(at("2026-11-22T23:30:00Z"), "Asia/Vladivostok").weekSecond).toBe(9.5 * 3600);
  });
});

describe("what plays", () => {
  const cafe: PlayerSchedule = {
    timeZone: "Europe/Moscow",
    windows: [
      window("morning", "08:00:00", "12:00:00", ["MONDAY", "TUESDAY", "WEDNESDAY"]),
      window("day", "12:00:00", "22:00:00", ["MONDAY"]),
      window("night", "22:00:00", "02:00:00", ["FRIDAY"]),
    ],
    fallbackPlaylistId: "quiet",
  };

  it("plays the window at its first second and not at its end, in the venue's zone", () => {
    // Monday 08:00 Moscow is 05:00 UTC.
    expect(decide(cafe, at("2026-11-23T04:59:59Z"))).toMatchObject({
      playlistId: "quiet",
      fallback: true,
    });
    const opening = decide(cafe, at("2026-11-23T05:00:00Z"));
    expect(opening).toMatchObject({ playlistId: "morning", fallback: false });
    expect(iso(opening.decideAgainAt)).toBe("2026-11-23T09:00:00.000Z");
    expect(decide(cafe, at("2026-11-23T08:59:59.999Z")).playlistId).toBe("morning");
    expect(decide(cafe, at("2026-11-23T09:00:00Z")).playlistId).toBe("day");
  });

  it("plays a window across midnight on the next day, and falls back after it", () => {
    // Friday 22:00 Moscow = 19:00 UTC; Saturday 02:00 Moscow = Friday 23:00 UTC.
    expect(decide(cafe, at("2026-11-27T18:59:59Z")).playlistId).toBe("quiet");
    const night = decide(cafe, at("2026-11-27T21:30:00Z"));
    expect(night).toMatchObject({ playlistId: "night", windowId: cafe.windows[2]?.id });
    expect(iso(night.decideAgainAt)).toBe("2026-11-27T23:00:00.000Z");
    expect(decide(cafe, at("2026-11-27T23:00:00Z")).playlistId).toBe("quiet");
  });

  it("answers silence when no window plays and there is no fallback", () => {
    const silent = { ...cafe, fallbackPlaylistId: null };
    expect(decide(silent, at("2026-11-24T20:00:00Z"))).toMatchObject({
      playlistId: null,
      windowId: null,
      fallback: false,
    });
  });

  it("reads the same windows in each venue's own zone", () => {
    const instant = at("2026-11-23T05:30:00Z"); // 08:30 Moscow, 15:30 Vladivostok, 07:30 Kaliningrad
    const inZone = (timeZone: string) => decide({ ...cafe, timeZone }, instant).playlistId;
    expect(inZone("Europe/Moscow")).toBe("morning");
    expect(inZone("Asia/Vladivostok")).toBe("day");
    expect(inZone("Europe/Kaliningrad")).toBe("quiet");
  });

  it("plans the coming hours slot by slot, joining what does not change", () => {
    const slots = plan(cafe, at("2026-11-23T04:00:00Z"), at("2026-11-23T20:00:00Z"));
    expect(slots.map((slot) => [slot.playlistId, iso(slot.from), iso(slot.until)])).toEqual([
      ["quiet", "2026-11-23T04:00:00.000Z", "2026-11-23T05:00:00.000Z"],
      ["morning", "2026-11-23T05:00:00.000Z", "2026-11-23T09:00:00.000Z"],
      ["day", "2026-11-23T09:00:00.000Z", "2026-11-23T19:00:00.000Z"],
      ["quiet", "2026-11-23T19:00:00.000Z", "2026-11-23T20:00:00.000Z"],
    ]);
  });
});

describe("across a change of daylight saving time (Europe/Berlin, 2026)", () => {
  // Spring: 29 March 02:00 CET → 03:00 CEST (01:00 UTC). Autumn: 25 October 03:00 CEST → 02:00 CET (01:00 UTC).
  const berlin = (windows: ScheduleWindow[]): PlayerSchedule => ({
    timeZone: "Europe/Berlin",
    windows,
    fallbackPlaylistId: null,
  });

  it("keeps a window's wall-clock hours on both sides of the spring change", () => {
    const schedule = berlin([window("shop", "09:00:00", "18:00:00", ["SATURDAY", "SUNDAY"])]);
    // Saturday 09:00 CET = 08:00 UTC; Sunday 09:00 CEST = 07:00 UTC.
    expect(decide(schedule, at("2026-03-28T08:00:00Z")).playlistId).toBe("shop");
    expect(decide(schedule, at("2026-03-29T06:59:59Z")).playlistId).toBe(null);
    const sunday = decide(schedule, at("2026-03-29T07:00:00Z"));
    expect(sunday.playlistId).toBe("shop");
    expect(iso(sunday.decideAgainAt)).toBe("2026-03-29T16:00:00.000Z");
  });

  it("starts a window that begins in the skipped hour when the clock jumps over it", () => {
    const schedule = berlin([window("night", "02:30:00", "05:00:00", ["SUNDAY"])]);
    const before = decide(schedule, at("2026-03-29T00:30:00Z")); // 01:30 CET
    expect(before.playlistId).toBe(null);
    // The next look is at the jump (01:00 UTC), not at 02:30 read with the old offset.
    expect(iso(before.decideAgainAt)).toBe("2026-03-29T01:00:00.000Z");
    const jumped = decide(schedule, at("2026-03-29T01:00:00Z")); // 03:00 CEST
    expect(jumped.playlistId).toBe("night");
    expect(iso(jumped.decideAgainAt)).toBe("2026-03-29T03:00:00.000Z"); // 05:00 CEST
  });

  it("ends a window on the wall clock across the autumn change, the repeated hour played twice", () => {
    const schedule = berlin([window("late", "01:00:00", "02:30:00", ["SUNDAY"])]);
    // 01:00 CEST = 23:00 UTC Saturday.
    expect(decide(schedule, at("2026-10-24T23:00:00Z")).playlistId).toBe("late");
    // 02:30 CEST (00:30 UTC): the window ends…
    expect(decide(schedule, at("2026-10-25T00:30:00Z")).playlistId).toBe(null);
    // …and at 03:00 CEST the clock goes back to 02:00 CET: inside again until 02:30 CET.
    const again = decide(schedule, at("2026-10-25T01:00:00Z"));
    expect(again.playlistId).toBe("late");
    expect(iso(again.decideAgainAt)).toBe("2026-10-25T01:30:00.000Z");
    expect(decide(schedule, at("2026-10-25T01:30:00Z")).playlistId).toBe(null);
  });

  it("plans across the spring night without a gap or a double", () => {
    const schedule = berlin([window("all", "00:00:00", "00:00:00", ["SUNDAY"])]);
    const slots = plan(schedule, at("2026-03-28T22:00:00Z"), at("2026-03-29T23:30:00Z"));
    expect(slots.map((slot) => [slot.playlistId, iso(slot.from), iso(slot.until)])).toEqual([
      [null, "2026-03-28T22:00:00.000Z", "2026-03-28T23:00:00.000Z"],
      ["all", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"],
      [null, "2026-03-29T22:00:00.000Z", "2026-03-29T23:30:00.000Z"],
    ]);
  });
});
