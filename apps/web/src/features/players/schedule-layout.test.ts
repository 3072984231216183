import { describe, expect, it } from "vitest";
import {
  conflictOf,
  dayPieces,
  dayToShow,
  describeWindow,
  movedWindow,
  resizedEnd,
  resizedStart,
  sameWeekdays,
  scheduleTimeOf,
  snapSeconds,
  type TimelineWindow,
  typedTime,
  WEEKDAY_PRESETS,
} from "./schedule-layout.ts";

function window(overrides: Partial<TimelineWindow> = {}): TimelineWindow {
  return {
    id: "w1",
    playlistId: "p1",
    playlistName: "Утро",
    playable: true,
    startTime: "07:00:00",
    endTime: "11:00:00",
    weekdays: ["MONDAY"],
    ...overrides,
  };
}

const pieceTimes = (target: TimelineWindow) =>
  dayPieces([target]).map((piece) => [piece.day, piece.from / 3600, piece.to / 3600, piece.ends]);

describe("the week's layout", () => {
  it("cuts a window across midnight into its day and the next, Sunday's into Monday", () => {
    expect(
      pieceTimes(
        window({ startTime: "22:00:00", endTime: "02:00:00", weekdays: ["FRIDAY", "SUNDAY"] }),
      ),
    ).toEqual([
      [4, 22, 24, false],
      [5, 0, 2, true],
      [6, 22, 24, false],
      [0, 0, 2, true],
    ]);
    expect(pieceTimes(window({ startTime: "00:00:00", endTime: "00:00:00" }))).toEqual([
      [0, 0, 24, true],
    ]);
    expect(pieceTimes(window({ startTime: "06:00:00", endTime: "06:00:00" }))).toEqual([
      [0, 6, 24, false],
      [1, 0, 6, true],
    ]);
  });

  it("snaps to a quarter of an hour within bounds", () => {
    expect(snapSeconds(10 * 3600 + 7 * 60)).toBe(10 * 3600);
    expect(snapSeconds(10 * 3600 + 8 * 60)).toBe(10 * 3600 + 15 * 60);
    expect(snapSeconds(-100)).toBe(0);
    expect(snapSeconds(90_000, 0, 86_400)).toBe(86_400);
  });

  it("moves a window over days around the week keeping its length, and resizes its edges", () => {
    const night = window({
      startTime: "22:00:00",
      endTime: "02:00:00",
      weekdays: ["SATURDAY", "SUNDAY"],
    });
    expect(movedWindow(night, 1, 23 * 3600)).toMatchObject({
      weekdays: ["MONDAY", "SUNDAY"],
      startTime: "23:00:00",
      endTime: "03:00:00",
    });
    expect(resizedEnd(window(), 20 * 3600).endTime).toBe("03:00:00");
    expect(resizedEnd(window(), 0).endTime).toBe("07:15:00");
    expect(resizedEnd(window(), 90_000).endTime).toBe("07:00:00");
    expect(resizedStart(window(), 9 * 3600).startTime).toBe("09:00:00");
    expect(resizedStart(window(), 12 * 3600).startTime).toBe("10:45:00");
  });

  it("reads typed times as HH:MM:SS and names conflicts in Russian", () => {
    expect(scheduleTimeOf("07:30:15")).toBe("07:30:15");
    expect(scheduleTimeOf("7:30")).toBe("07:30:00");
    expect(scheduleTimeOf("930")).toBe("09:30:00");
    expect(scheduleTimeOf("24:00")).toBeNull();
    expect(scheduleTimeOf("07:60:00")).toBeNull();
    const night = window({
      id: "w2",
      playlistName: "Ночь",
      startTime: "22:00:00",
      endTime: "02:00:00",
      weekdays: ["SUNDAY"],
    });
    expect(describeWindow(night)).toBe("«Ночь» (вс, 22:00–02:00)");
    expect(conflictOf(window({ startTime: "01:00:00", endTime: "03:00:00" }), [night])).toBe(
      "Пересекается с окном «Ночь» (вс, 22:00–02:00)",
    );
    expect(conflictOf(window({ startTime: "02:00:00", endTime: "03:00:00" }), [night])).toBeNull();
    expect(conflictOf(window({ id: "w2" }), [night])).toBeNull();
  });
});

describe("the window form's days and times", () => {
  it("offers the weekdays, the weekend and every day, and knows a set of days whatever its order", () => {
    expect(WEEKDAY_PRESETS.map((preset) => [preset.label, preset.weekdays.length])).toEqual([
      ["Будни", 5],
      ["Выходные", 2],
      ["Каждый день", 7],
    ]);
    expect(sameWeekdays(["SUNDAY", "SATURDAY"], ["SATURDAY", "SUNDAY"])).toBe(true);
    expect(sameWeekdays(["SATURDAY"], ["SATURDAY", "SUNDAY"])).toBe(false);
  });

  it("types a time on a digit pad: four digits get their colon, a dot or a space is one, letters go", () => {
    expect(typedTime("0930")).toBe("09:30");
    expect(typedTime("930")).toBe("930");
    expect(typedTime("18.00")).toBe("18:00");
    expect(typedTime("18 00")).toBe("18:00");
    expect(typedTime("9ч")).toBe("9");
    expect(typedTime("07:00:00")).toBe("07:00:00");
  });

  it("shows a window on the day shown when it starts that day, else on its next day round the week", () => {
    const weekdays = WEEKDAY_PRESETS[0]?.weekdays ?? [];
    expect(dayToShow(weekdays, 2)).toBe(2);
    expect(dayToShow(weekdays, 5)).toBe(0);
    expect(dayToShow(["SATURDAY", "SUNDAY"], 1)).toBe(5);
    expect(dayToShow(["SUNDAY"], 6)).toBe(6);
  });
});
