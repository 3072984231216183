import { describe, expect, it } from "vitest";
import { type CutPlay, NowPlayingRecord } from "./now-playing-record.ts";

const play: CutPlay = {
  playerId: "00000000-0000-4000-8000-00000000e001",
  playId: "00000000-0000-4000-8000-0000000c0001",
  songId: "00000000-0000-4000-8000-0000000a0001",
  playlistId: "00000000-0000-4000-8000-0000000d0001",
  positionSeconds: 31.5,
  at: 1_795_000_000_000,
};

describe("the record of what plays, for the page after a reload", () => {
  it("gives the play kept last once, then nothing", () => {
    const record = new NowPlayingRecord(window.localStorage, "test.nowPlaying");
    record.keep(play);
    expect(new NowPlayingRecord(window.localStorage, "test.nowPlaying").take()).toEqual(play);
    expect(record.take()).toBeNull();
  });

  it("forgets the play once nothing sounds", () => {
    const record = new NowPlayingRecord(window.localStorage, "test.nowPlaying");
    record.keep(play);
    record.keep(null);
    expect(record.take()).toBeNull();
  });

  it("tells a new play from the one kept, so that a song's start is kept at once", () => {
    const record = new NowPlayingRecord(window.localStorage, "test.nowPlaying");
    record.keep(play);
    expect(record.changed(play.playId)).toBe(false);
    expect(record.changed("00000000-0000-4000-8000-0000000c0002")).toBe(true);
    expect(record.changed(null)).toBe(true);
  });

  it("reads nothing from a damaged or foreign entry", () => {
    const record = new NowPlayingRecord(window.localStorage, "test.nowPlaying");
    for (const raw of ["{", JSON.stringify({ ...play, playId: "x" }), JSON.stringify([play])]) {
      window.localStorage.setItem("test.nowPlaying", raw);
      expect(record.take()).toBeNull();
      expect(window.localStorage.getItem("test.nowPlaying")).toBeNull();
    }
  });
});
