import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMAND_FADE_S } from "./engine.ts";
import {
  DAY_LIST,
  dayListScheduled,
  id,
  OTHER_LIST,
  PLAYER,
  planOf,
  playSong,
  setUp,
  songRequested,
  withOtherList,
} from "./engine-fixtures.ts";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-26T09:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("the web player online", () => {
  it("asks for the scheduled playlist and plays the song the server names, levelled and reported", async () => {
    const { engine, of, output } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(4));
    engine.receive(dayListScheduled);
    expect(of("playPlaylistRequested")).toEqual([
      { type: "playPlaylistRequested", playerId: PLAYER, playlistId: DAY_LIST },
    ]);
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(10);
    expect(of("songStarted").map((m) => m.songId)).toEqual([id(1)]);
    expect(output.decks[0].songId()).toBe(id(1));
    expect(output.decks[0].isPlaying()).toBe(true);
    expect(engine.view().current?.song.id).toBe(id(1));
  });

  it("loads the next song ahead and crossfades into it, then adopts the server's word for it", async () => {
    const { engine, of, output } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(4));
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(30_000);
    // 40 s before the end the next song waits on the other deck.
    expect(output.decks[1].songId()).toBe(id(2));
    expect(output.decks[1].isPlaying()).toBe(false);
    await vi.advanceTimersByTimeAsync(26_100);
    // 4 s before the end: both sound, one fading out, the other in.
    expect(output.decks[0].fades.map((fade) => fade.direction)).toContain("out");
    expect(output.decks[1].fades.map((fade) => fade.direction)).toContain("in");
    expect(output.decks[0].isPlaying()).toBe(true);
    expect(output.decks[1].isPlaying()).toBe(true);
    expect(of("songEnded").map((m) => m.ending)).toEqual(["finished"]);
    expect(of("songStarted").map((m) => m.songId)).toEqual([id(1), id(2)]);
    // The server hears of it (songStarted) and names the same song: nothing restarts.
    engine.receive(playSong(id(2), id(3)));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(of("songStarted")).toHaveLength(2);
    expect(output.decks[0].isPlaying()).toBe(false);
    expect(output.decks[1].songId()).toBe(id(2));
  });

  it("ends the outgoing song's fade with its file, the incoming one rising over the same window", async () => {
    const { engine, output } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(4));
    // The song starts between two of the engine's ticks, as it does in a browser.
    await vi.advanceTimersByTimeAsync(130);
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(60_000);
    const [out] = output.decks[0].fades;
    const [into] = output.decks[1].fades;
    expect(out?.direction).toBe("out");
    // Silence exactly as the file ends: not at −22 to −28 dB with the last notes still sounding.
    expect(out?.seconds).toBeCloseTo(out?.left ?? Number.NaN, 3);
    // The whole crossfade, not one shortened by the tick's lateness.
    expect(out?.seconds).toBeCloseTo(4, 2);
    // Equal power: both curves over the one window.
    expect(into).toEqual({ direction: "in", seconds: out?.seconds, left: 60 });
  });

  it("follows the owner's next within a fast fade, pause and play, volume and a stop", async () => {
    const { engine, of, output } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(8));
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(5_000);
    engine.receive(playSong(id(3), id(1)));
    await vi.advanceTimersByTimeAsync(10);
    expect(of("songEnded").map((m) => m.ending)).toEqual(["skipped"]);
    expect(engine.view().current?.song.id).toBe(id(3));
    await vi.advanceTimersByTimeAsync(COMMAND_FADE_S * 1000 + 100);
    expect(output.decks[0].songId()).toBeNull();

    engine.receive({ type: "pause", playerId: PLAYER });
    await vi.advanceTimersByTimeAsync(400);
    expect(of("songEnded").at(-1)?.ending).toBe("stopped");
    expect(of("playerStatus").at(-1)?.playing).toBe(false);
    expect(output.decks[1].isPlaying()).toBe(false);
    const position = output.decks[1].position();
    engine.receive({ type: "play", playerId: PLAYER });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(output.decks[1].isPlaying()).toBe(true);
    expect(output.decks[1].position()).toBeGreaterThan(position);
    expect(of("songStarted").at(-1)?.songId).toBe(id(3));

    engine.receive({ type: "volume", playerId: PLAYER, volume: 50 });
    expect(output.volume).toBeCloseTo(0.25);
    expect(of("playerStatus").at(-1)?.volume).toBe(50);

    engine.receive({ type: "stopPlay", playerId: PLAYER });
    engine.receive({ type: "stopPlay", playerId: PLAYER });
    expect(engine.view().current).toBeNull();
    expect(engine.view().problem).toBe("silence");
  });

  it("skips the playlist's last song as any other: a fast fade, the next song at once, filed as skipped", async () => {
    const { engine, of, output } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(12));
    engine.receive(dayListScheduled);
    engine.receive(playSong(id(3), null));
    await vi.advanceTimersByTimeAsync(5_000);
    // The owner's next: the server relays it, has nothing after the last song and says stop;
    // the page asks for the playlist again and the server answers with its first song.
    engine.receive({ type: "playNextSongRequested", playerId: PLAYER });
    engine.receive({ type: "stopPlay", playerId: PLAYER });
    expect(of("playPlaylistRequested")).toHaveLength(2);
    engine.receive({ type: "playPlaylistRequested", playerId: PLAYER, playlistId: DAY_LIST });
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(10);
    expect(of("songEnded").map((m) => m.ending)).toEqual(["skipped"]);
    expect(output.decks[0].fades.map((fade) => [fade.direction, fade.seconds])).toEqual([
      ["out", COMMAND_FADE_S],
    ]);
    expect(output.decks[1].fades.map((fade) => [fade.direction, fade.seconds])).toEqual([
      ["in", COMMAND_FADE_S],
    ]);
    expect(output.decks[1].songId()).toBe(id(1));
    expect(output.decks[1].isPlaying()).toBe(true);
    await vi.advanceTimersByTimeAsync(COMMAND_FADE_S * 1000 + 100);
    expect(output.decks[0].songId()).toBeNull();

    // Nothing stays of the skip: the playlist's next natural restart crossfades and is finished.
    engine.receive({ type: "stopPlay", playerId: PLAYER });
    engine.receive(playSong(id(2), id(3)));
    await vi.advanceTimersByTimeAsync(10);
    expect(of("songEnded").map((m) => m.ending)).toEqual(["skipped", "finished"]);
    expect(output.decks[0].fades.at(-1)).toMatchObject({ direction: "in", seconds: 12 });
  });

  it("starts the playlist over at its end while the schedule still wants it, once per song played", async () => {
    const { engine, of } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(4));
    engine.receive(dayListScheduled);
    engine.receive(playSong(id(3), null));
    await vi.advanceTimersByTimeAsync(10);
    engine.receive({ type: "stopPlay", playerId: PLAYER });
    expect(of("playPlaylistRequested")).toHaveLength(2);
    expect(engine.view().current?.song.id).toBe(id(3));
    // Nothing played since: a second stop is silence, not another request.
    engine.receive({ type: "stopPlay", playerId: PLAYER });
    expect(of("playPlaylistRequested")).toHaveLength(2);
    expect(engine.view().problem).toBe("silence");
  });

  it("plays the owner's song of a playlist neither scheduled nor the fallback, as a skip, and goes on in it", async () => {
    const { engine, of, output } = setUp();
    engine.setOnline(true);
    engine.setPlan(withOtherList(planOf(8)));
    engine.receive(dayListScheduled);
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(5_000);
    engine.receive(songRequested(id(4), OTHER_LIST));
    engine.receive(playSong(id(4), id(5), OTHER_LIST));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current).toMatchObject({
      song: { id: id(4) },
      playlistId: OTHER_LIST,
      fallback: false,
    });
    expect(of("songStarted").at(-1)).toMatchObject({ songId: id(4), playlistId: OTHER_LIST });
    expect(of("songEnded").map((m) => m.ending)).toEqual(["skipped"]);
    expect(output.decks[1].fades).toEqual([{ direction: "in", seconds: COMMAND_FADE_S, left: 60 }]);
    // What comes next is the server's word within that playlist, and it is loaded in time.
    expect(engine.view().next?.id).toBe(id(5));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.view().current).toMatchObject({ song: { id: id(5) }, playlistId: OTHER_LIST });
    expect(of("songEnded").map((m) => m.ending)).toEqual(["skipped", "finished"]);
  });

  it("takes the owner's song of the playlist it asked the schedule for as a skip, not the schedule's crossfade", async () => {
    const { engine, of, output } = setUp();
    engine.setOnline(true);
    engine.setPlan(withOtherList(planOf(12)));
    engine.receive(playSong(id(4), id(5), OTHER_LIST));
    await vi.advanceTimersByTimeAsync(5_000);
    // The schedule wants the day list: the page asks for it, and before the answer the owner
    // chooses a song of that very list.
    engine.receive(dayListScheduled);
    expect(of("playPlaylistRequested").at(-1)?.playlistId).toBe(DAY_LIST);
    engine.receive(songRequested(id(2)));
    engine.receive(playSong(id(2), id(3)));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.song.id).toBe(id(2));
    expect(of("songEnded").map((m) => m.ending)).toEqual(["skipped"]);
    expect(output.decks[0].fades.map((fade) => [fade.direction, fade.seconds])).toEqual([
      ["out", COMMAND_FADE_S],
    ]);
    expect(output.decks[1].fades.map((fade) => [fade.direction, fade.seconds])).toEqual([
      ["in", COMMAND_FADE_S],
    ]);

    // Nothing stays of it: the playlist asked for later crossfades in and files the one before finished.
    engine.receive({ type: "playPlaylistRequested", playerId: PLAYER, playlistId: OTHER_LIST });
    engine.receive({
      ...dayListScheduled,
      schedule: { ...dayListScheduled.schedule, playlistId: OTHER_LIST },
    });
    engine.receive(playSong(id(4), id(5), OTHER_LIST));
    await vi.advanceTimersByTimeAsync(10);
    expect(of("songEnded").map((m) => m.ending)).toEqual(["skipped", "finished"]);
    expect(output.decks[0].fades.at(-1)).toMatchObject({ direction: "in", seconds: 12 });
  });

  it("plays a song its plan lacked once the plan read again holds it, unless a newer command came", async () => {
    let outdated = 0;
    const { engine, of } = setUp({ planOutdated: () => outdated++ });
    engine.setOnline(true);
    engine.setPlan(planOf(8));
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(5_000);
    // A playlist put on the player after the page read its plan.
    engine.receive(songRequested(id(4), OTHER_LIST));
    engine.receive(playSong(id(4), id(5), OTHER_LIST));
    await vi.advanceTimersByTimeAsync(10);
    expect(outdated).toBe(1);
    expect(engine.view().current?.song.id).toBe(id(1));
    engine.setPlan(withOtherList(planOf(8)));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current).toMatchObject({ song: { id: id(4) }, playlistId: OTHER_LIST });
    expect(of("songEnded").map((m) => m.ending)).toEqual(["skipped"]);

    // Paused before the plan came: the song does not start behind the owner's back.
    engine.setPlan(planOf(8));
    engine.receive(songRequested(id(5), OTHER_LIST));
    engine.receive(playSong(id(5), id(4), OTHER_LIST));
    engine.receive({ type: "pause", playerId: PLAYER });
    engine.setPlan(withOtherList(planOf(8)));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.song.id).toBe(id(4));
    expect(engine.view().paused).toBe(true);
  });

  it("names the song after the current one as it will play: the server's, else the first again after the last", async () => {
    const { engine } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(4));
    engine.receive(playSong(id(1), id(3)));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().next?.id).toBe(id(3));
    // The last song, loop off: the server names none, and this player starts the list over.
    engine.receive(playSong(id(3), null));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().next?.id).toBe(id(1));
  });

  it("names the playlist that goes on the fallback once the schedule says it is", async () => {
    const { engine } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(4));
    engine.receive(dayListScheduled);
    engine.receive(playSong(id(1), id(2)));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.fallback).toBe(false);
    // The window ended; the same playlist is the fallback: it plays on, named as the fallback.
    engine.receive({
      ...dayListScheduled,
      schedule: { ...dayListScheduled.schedule, scheduleId: null, fallback: true },
    });
    expect(engine.view().current).toMatchObject({ song: { id: id(1) }, fallback: true });
  });

  it("ignores what is said of other players", async () => {
    const { engine, sent } = setUp();
    engine.setOnline(true);
    engine.setPlan(planOf(0));
    sent.length = 0;
    engine.receive({ ...playSong(id(1), null), playerId: "00000000-0000-4000-8000-00000000e002" });
    engine.receive({ type: "pause", playerId: "00000000-0000-4000-8000-00000000e002" });
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([]);
    expect(engine.view().current).toBeNull();
  });
});

describe("the web player offline", () => {
  it("plays the schedule by itself from cached songs only, gapless at crossfade 0", async () => {
    const cached = new Set([id(1), id(3)]);
    const { engine, of, output } = setUp({ cached: (songId) => cached.has(songId) });
    engine.setPlan(planOf(0));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.song.id).toBe(id(1));
    await vi.advanceTimersByTimeAsync(60_000);
    // Song 2 is not cached: the player goes on with song 3, at the end's very moment.
    expect(engine.view().current?.song.id).toBe(id(3));
    expect(output.decks[1].isPlaying()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.view().current?.song.id).toBe(id(1));
    expect(of("songStarted").map((m) => m.songId)).toEqual([id(1), id(3), id(1)]);
    expect(of("songEnded").map((m) => m.ending)).toEqual(["finished", "finished"]);
    // No commands are asked of a server that is not there.
    expect(of("playPlaylistRequested")).toEqual([]);
  });

  it("says so when nothing cached can be played", async () => {
    const { engine } = setUp({ cached: () => false });
    engine.setPlan(planOf(4));
    await vi.advanceTimersByTimeAsync(1_500);
    expect(engine.view().current).toBeNull();
    expect(engine.view().problem).toBe("nothing-playable");
  });

  it("stops when its plan's week without the server runs out, says why, and plays once back", async () => {
    const { engine, of } = setUp();
    // Made a week ago, less 5 s (the clock stands at 09:00 UTC).
    const generatedAt = new Date(Date.now() - 7 * 86_400_000 + 5_000).toISOString();
    engine.setPlan({ ...planOf(0), generatedAt });
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.song.id).toBe(id(1));
    await vi.advanceTimersByTimeAsync(6_000);
    expect(engine.view().current).toBeNull();
    expect(engine.view().problem).toBe("out-of-touch");
    expect(of("songEnded").map((m) => m.ending)).toEqual(["stopped"]);
    // Back in touch: the server's word, and a fresh plan, let it play.
    engine.setOnline(true);
    engine.setPlan(planOf(0));
    engine.receive(dayListScheduled);
    expect(engine.view().problem).not.toBe("out-of-touch");
    expect(of("playPlaylistRequested")).toHaveLength(1);
  });
});

describe("a browser that holds the sound back", () => {
  it("asks for one click and plays from there, reporting the play only when it sounds", async () => {
    const { engine, of, output } = setUp();
    let allowed = false;
    output.resume = async () => allowed;
    engine.setPlan(planOf(4));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().problem).toBe("needs-gesture");
    expect(of("songStarted")).toEqual([]);
    allowed = true;
    await engine.unlock();
    expect(engine.view().problem).toBeNull();
    expect(of("songStarted").map((m) => m.songId)).toEqual([id(1)]);
    expect(output.decks[0].isPlaying()).toBe(true);
  });
});

describe("a song that fails", () => {
  it("is skipped at once for the next one", async () => {
    const { engine, of } = setUp({ broken: new Set([id(1)]) });
    engine.setPlan(planOf(4));
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.view().current?.song.id).toBe(id(2));
    expect(of("songStarted").map((m) => m.songId)).toEqual([id(2)]);
  });
});
