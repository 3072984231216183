import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DAY_LIST,
  dayListScheduled,
  id,
  OTHER_LIST,
  PLAYER,
  planOf,
  playSong,
  setUp,
  withOtherList,
} from "./engine-fixtures.ts";

/**
 * A reload (issue 31): the page after it is told where the last one was
 * (`resumeFrom`), and its first song, when the schedule still wants that
 * playlist, starts there instead of at the playlist's first song from 0 s.
 */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-26T09:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const cutAt = { songId: id(2), playlistId: DAY_LIST, positionSeconds: 30 };

describe("a web player after a reload", () => {
  it("offline, plays the song it cut from where it was", async () => {
    const { engine, output, of } = setUp();
    engine.resumeFrom(cutAt);
    engine.setPlan(planOf(0));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.song.id).toBe(id(2));
    expect(output.decks[0].position()).toBeCloseTo(30, 1);
    expect(of("songStarted").map((message) => message.songId)).toEqual([id(2)]);
    // It plays the rest of it, then goes on in the playlist's order.
    await vi.advanceTimersByTimeAsync(30_500);
    expect(engine.view().current?.song.id).toBe(id(3));
    expect(output.decks[1].position()).toBeLessThan(1);
  });

  it("online, waits for the plan, asks the server for that song, and starts it where it was", async () => {
    const { engine, output, of } = setUp();
    engine.setOnline(true);
    engine.resumeFrom(cutAt);
    // The schedule's status before the plan: nothing asked yet.
    engine.receive(dayListScheduled);
    expect(of("playPlaylistRequested")).toEqual([]);
    expect(of("playSongRequested")).toEqual([]);
    engine.setPlan(planOf(0));
    expect(of("playSongRequested")).toEqual([
      { type: "playSongRequested", playerId: PLAYER, songId: id(2), playlistId: DAY_LIST },
    ]);
    engine.receive(playSong(id(2), id(3)));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.song.id).toBe(id(2));
    expect(output.decks[0].position()).toBeCloseTo(30, 1);
  });

  it("starts the playlist as usual when the schedule wants another one, and forgets the song", async () => {
    const { engine, output, of } = setUp();
    engine.setOnline(true);
    engine.resumeFrom({ songId: id(4), playlistId: OTHER_LIST, positionSeconds: 20 });
    engine.setPlan(withOtherList(planOf(0)));
    engine.receive(dayListScheduled);
    expect(of("playSongRequested")).toEqual([]);
    expect(of("playPlaylistRequested")).toEqual([
      { type: "playPlaylistRequested", playerId: PLAYER, playlistId: DAY_LIST },
    ]);
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(10);
    expect(output.decks[0].position()).toBeLessThan(1);
  });

  it("offline, does not resume a song it has not cached: the playlist plays from what is", async () => {
    const { engine, output } = setUp({ cached: (songId) => songId !== id(2) });
    engine.resumeFrom(cutAt);
    engine.setPlan(planOf(0));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.song.id).toBe(id(1));
    expect(output.decks[0].position()).toBeLessThan(1);
  });

  it("asks for the playlist once the plan cannot be read, rather than wait for it", () => {
    const { engine, of } = setUp();
    engine.setOnline(true);
    engine.resumeFrom(cutAt);
    engine.receive(dayListScheduled);
    expect(of("playPlaylistRequested")).toEqual([]);
    engine.forgetResume();
    expect(of("playPlaylistRequested")).toEqual([
      { type: "playPlaylistRequested", playerId: PLAYER, playlistId: DAY_LIST },
    ]);
  });

  it("tells what plays and where, and nothing while paused or before a song", async () => {
    const { engine } = setUp();
    expect(engine.nowPlaying()).toBeNull();
    engine.setPlan(planOf(0));
    await vi.advanceTimersByTimeAsync(12_000);
    expect(engine.nowPlaying()).toMatchObject({
      songId: id(1),
      playlistId: DAY_LIST,
      playId: expect.any(String),
    });
    expect(engine.nowPlaying()?.positionSeconds).toBeCloseTo(12, 0);
  });
});
