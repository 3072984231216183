import { describe, expect, it } from "vitest";
import type { BusEvent } from "../../realtime/bus.ts";
import { SongBar } from "./song-bar.ts";

/**
 * The songs barred for want of their holder's licence are read once a
 * Moscow day (issue 32): kept until midnight in Moscow, read again after
 * it without any event, and forgotten at once when a licence or a song
 * changes.
 */

function barOf(answers: string[][], start: number) {
  let now = start;
  const days: string[] = [];
  const listeners: ((event: BusEvent) => void)[] = [];
  const bar = new SongBar({
    reads: {
      songLicencesOn: async (day) => {
        days.push(day);
        return { barred: new Set(answers[days.length - 1] ?? []), lastDays: new Map() };
      },
    },
    bus: {
      subscribe: (listener) => {
        listeners.push(listener as (event: BusEvent) => void);
        return () => undefined;
      },
      onGap: () => undefined,
    },
    now: () => now,
  });
  return {
    bar,
    days,
    at: (ms: number) => {
      now = ms;
    },
    announce: (event: BusEvent) => {
      for (const listener of listeners) listener(event);
    },
  };
}

describe("the songs barred for want of a licence", () => {
  it("are read once a Moscow day, and again after Moscow's midnight", async () => {
    // 20:30 UTC on 28 November is 23:30 in Moscow.
    const { bar, days, at } = barOf([["a"], ["a", "b"]], Date.parse("2026-11-28T20:30:00Z"));
    expect([...(await bar.barredSongs())]).toEqual(["a"]);
    at(Date.parse("2026-11-28T20:59:59Z"));
    expect([...(await bar.barredSongs())]).toEqual(["a"]);
    at(Date.parse("2026-11-28T21:00:00Z"));
    expect([...(await bar.barredSongs())]).toEqual(["a", "b"]);
    expect(days).toEqual(["2026-11-28", "2026-11-29"]);
  });

  it("are forgotten when a licence or a song changes", async () => {
    const { bar, days, announce } = barOf([["a"], []], Date.parse("2026-11-28T10:00:00Z"));
    await bar.barredSongs();
    announce({ kind: "music-access-changed", rooms: [] } as BusEvent);
    expect([...(await bar.barredSongs())]).toEqual([]);
    expect(days).toHaveLength(2);
  });
});
