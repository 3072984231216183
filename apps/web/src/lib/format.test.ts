import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatCount,
  formatDate,
  formatDuration,
  formatRoubles,
  formatSizeMb,
  truncateName,
} from "./format.ts";

describe("SPEC.md §9 formats", () => {
  it("shows durations in days, hours and minutes", () => {
    const minute = 60_000;
    expect(formatDuration(0)).toBe("0 м");
    expect(formatDuration(20_000)).toBe("< 1 м");
    expect(formatDuration(185_000)).toBe("3 м");
    expect(formatDuration(215_000)).toBe("4 м");
    expect(formatDuration(60 * minute)).toBe("1 ч");
    expect(formatDuration(65 * minute)).toBe("1 ч 5 м");
    expect(formatDuration(24 * 60 * minute)).toBe("1 д");
    expect(formatDuration((26 * 60 + 7) * minute)).toBe("1 д 2 ч 7 м");
    expect(formatDuration((3 * 24 * 60 + 5) * minute)).toBe("3 д 5 м");
  });

  it("shows sizes in megabytes with two decimals", () => {
    expect(formatSizeMb(0)).toBe("0,00 МБ");
    expect(formatSizeMb(7_400_000)).toBe("7,06 МБ");
    expect(formatSizeMb(1024 * 1024)).toBe("1,00 МБ");
    expect(formatSizeMb(5 * 1024 * 1024 * 1024)).toBe("5120,00 МБ");
  });

  it("shows dates as dd.MM.yyyy", () => {
    expect(formatDate(new Date(2024, 0, 5, 12).toISOString())).toBe("05.01.2024");
    expect(formatDate("not a date")).toBe("—");
  });

  it("shows a playing position as a clock", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(65.9)).toBe("1:05");
    expect(formatClock(3725)).toBe("1:02:05");
    expect(formatClock(Number.NaN)).toBe("0:00");
  });

  it("shows prices in roubles, kopecks only when there are any", () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    expect(plain(formatRoubles(1490))).toBe("1 490 ₽");
    expect(plain(formatRoubles(0))).toBe("0 ₽");
    expect(plain(formatRoubles(990.5))).toBe("990,50 ₽");
    expect(plain(formatRoubles(99.99))).toBe("99,99 ₽");
  });

  it("puts a count's word in its Russian form", () => {
    const months = ["месяц", "месяца", "месяцев"] as const;
    expect([1, 3, 5, 11, 12, 21, 22, 25, 101].map((count) => formatCount(count, months))).toEqual([
      "1 месяц",
      "3 месяца",
      "5 месяцев",
      "11 месяцев",
      "12 месяцев",
      "21 месяц",
      "22 месяца",
      "25 месяцев",
      "101 месяц",
    ]);
  });
});

describe("truncateName", () => {
  it("cuts dropdown items longer than 20 to 17 plus an ellipsis", () => {
    expect(truncateName("a".repeat(21), 20, 17)).toBe(`${"a".repeat(17)}…`);
    expect(truncateName("a".repeat(20), 20, 17)).toBe("a".repeat(20));
  });

  it("cuts at the limit itself when no shorter cut is given", () => {
    expect(truncateName("Утренний джаз", 8)).toBe("Утренний…");
    expect(truncateName("", 8)).toBe("");
  });
});
