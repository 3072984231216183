import { describe, expect, it } from "vitest";
import {
  CLOCK_SKEW_MS,
  filedEnd,
  OVERLAP_TOLERANCE_MS,
  PLAY_END_SLACK_MS,
  RecentRefusals,
  refusalOfStartTime,
} from "./play-checks.ts";

const now = new Date("2026-11-28T12:00:00Z");
const ms = (offset: number) => new Date(now.getTime() + offset);

describe("a start's time", () => {
  it("passes within the clocks' difference of now and of the session's start, and is refused beyond", () => {
    const session = ms(-60 * 60_000);
    const cases: Array<[Date, Date | null | undefined, string | undefined]> = [
      [ms(0), session, undefined],
      [ms(CLOCK_SKEW_MS), session, undefined],
      [ms(CLOCK_SKEW_MS + 1), session, "future-start"],
      // Kept through an outage: long ago, but after the session began.
      [ms(-59 * 60_000), session, undefined],
      [new Date(session.getTime() - CLOCK_SKEW_MS), session, undefined],
      [new Date(session.getTime() - CLOCK_SKEW_MS - 1), session, "before-session"],
      // The session is gone: nothing vouches for the play.
      [ms(-1_000), null, "before-session"],
      // The server's own filing has no session to be checked against.
      [ms(-365 * 24 * 60 * 60_000), undefined, undefined],
      [ms(CLOCK_SKEW_MS + 1), undefined, "future-start"],
    ];
    const answers = cases.map(([startedAt, sessionStartedAt]) =>
      refusalOfStartTime(startedAt, now, sessionStartedAt),
    );
    expect(answers).toEqual(cases.map(([, , expected]) => expected));
  });
});

describe("a play's filed end", () => {
  const startedAt = ms(0);
  const song = { startedAt, durationMs: 3_000, nextStartedAt: null };

  it("keeps an end within the song's length and the slack", () => {
    expect(filedEnd(song, ms(3_000 + PLAY_END_SLACK_MS))).toEqual({
      endedAt: ms(3_000 + PLAY_END_SLACK_MS),
    });
  });

  it("cuts a longer one to the song's length: a 3-second song reported for a day counts 3 seconds", () => {
    expect(filedEnd(song, ms(24 * 60 * 60_000))).toEqual({
      endedAt: ms(3_000),
      refusal: "longer-than-song",
    });
  });

  it("cuts an end that runs into the next play to its start, beyond the tolerance only", () => {
    const long = { startedAt, durationMs: 600_000, nextStartedAt: ms(60_000) };
    expect(filedEnd(long, ms(60_000 + OVERLAP_TOLERANCE_MS))).toEqual({
      endedAt: ms(60_000 + OVERLAP_TOLERANCE_MS),
    });
    expect(filedEnd(long, ms(120_000))).toEqual({ endedAt: ms(60_000), refusal: "overlap" });
  });

  it("files an end before its start at the start", () => {
    expect(filedEnd(song, ms(-5_000))).toEqual({ endedAt: startedAt });
  });
});

describe("recent refusals", () => {
  it("notes a key once and forgets the oldest beyond its capacity", () => {
    const recent = new RecentRefusals(2);
    expect([recent.note("a"), recent.note("a"), recent.note("b"), recent.note("c")]).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect([recent.has("a"), recent.has("b"), recent.has("c")]).toEqual([false, true, true]);
  });
});
