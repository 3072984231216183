import { describe, expect, it } from "vitest";
import type { BusListener } from "../../../realtime/bus.ts";
import { STALE_REPORT_WINDOW_MS, ToldSongs } from "./told-songs.ts";

/** ToldSongs over a bus the test speaks for, on a clock it moves. */
function toldSongs(local: readonly string[] = ["player"]) {
  let listener: BusListener = () => {};
  let now = 1_000;
  const told = new ToldSongs({
    bus: {
      subscribe: (added) => {
        listener = added;
        return () => {};
      },
    },
    isLocal: (playerId) => local.includes(playerId),
    now: () => now,
  });
  const relay = (songId: string, playerId = "player") =>
    listener({
      kind: "messages",
      rooms: [],
      messages: [{ type: "playSong", playerId, songId, previousSongId: null, nextSongId: null }],
    });
  const wait = (ms: number) => {
    now += ms;
  };
  return { told, relay, wait };
}

describe("what a device was told to play", () => {
  it("takes a report of a song told before the last one, or of the song it leaves, as stale", () => {
    const { told, relay } = toldSongs();
    expect(told.judgeStart("player", "A")).toBe("current");
    relay("B");
    relay("C");
    expect(told.judgeStart("player", "B")).toBe("stale");
    expect(told.judgeStatus("player", "B")).toBe("stale");
    // A resume of the song it was on, sent before it heard of B.
    expect(told.judgeStart("player", "A")).toBe("stale");
    // Its own choice is believed, and the account stays open.
    expect(told.judgeStart("player", "X")).toBe("current");
    expect(told.judgeStatus("player", null)).toBe("current");
    expect(told.judgeStart("player", "B")).toBe("stale");
    // The last song told settles it: B is current again later (a playlist that comes round).
    expect(told.judgeStart("player", "C")).toBe("current");
    expect(told.judgeStart("player", "B")).toBe("current");
    // Told the song it plays (a one-song loop): that is no stale report.
    relay("B");
    expect(told.judgeStart("player", "B")).toBe("current");
  });

  it("forgets after the window, when the device leaves, and for players not connected here", () => {
    const { told, relay, wait } = toldSongs(["player"]);
    relay("B");
    relay("C");
    wait(STALE_REPORT_WINDOW_MS + 1);
    expect(told.judgeStart("player", "B")).toBe("current");

    relay("C");
    told.forget("player");
    expect(told.judgeStart("player", "B")).toBe("current");

    relay("B", "elsewhere");
    relay("C", "elsewhere");
    expect(told.judgeStart("elsewhere", "B")).toBe("current");
  });
});
