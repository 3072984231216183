import { describe, expect, it } from "vitest";
import type { PlanSong, PlayerPlan } from "./contracts/player-plan.ts";
import {
  localNext,
  offlineBarAt,
  offlineReachMs,
  scheduledAt,
  upcomingSongs,
} from "./local-order.ts";
import { WEEKDAYS } from "./schedule.ts";

const PLAYER = "00000000-0000-4000-8000-00000000e001";
const MORNING = "00000000-0000-4000-8000-0000000d0001";
const EVENING = "00000000-0000-4000-8000-0000000d0002";
const FALLBACK = "00000000-0000-4000-8000-0000000d0003";
const id = (n: number) => `00000000-0000-4000-8000-0000000a${String(n).padStart(4, "0")}`;
const song = (n: number, minutes: number): PlanSong => ({
  id: id(n),
  title: `Песня ${n}`,
  artists: [`Артист ${n}`],
  durationMs: minutes * 60_000,
  gainDb: null,
  truePeakDb: null,
  hasCover: false,
  sizeBytes: 1,
});
const every = WEEKDAYS;

/** Moscow: mornings 09–13 (four 30-minute songs), evenings 18–22 (one 60-minute song), the fallback between. */
const plan: PlayerPlan = {
  playerId: PLAYER,
  establishmentId: "00000000-0000-4000-8000-00000000e5e5",
  timeZone: "Europe/Moscow",
  explicitFilter: false,
  licence: { state: "active", until: null },
  crossfadeSeconds: 4,
  windows: [
    {
      id: "00000000-0000-4000-8000-00000000f001",
      playerId: PLAYER,
      playlistId: MORNING,
      startTime: "09:00:00",
      endTime: "13:00:00",
      weekdays: [...every],
    },
    {
      id: "00000000-0000-4000-8000-00000000f002",
      playerId: PLAYER,
      playlistId: EVENING,
      startTime: "18:00:00",
      endTime: "22:00:00",
      weekdays: [...every],
    },
  ],
  fallbackPlaylistId: FALLBACK,
  playlists: [
    { id: MORNING, name: "Утро", songs: [song(1, 30), song(2, 30), song(3, 30), song(4, 30)] },
    { id: EVENING, name: "Вечер", songs: [song(5, 60)] },
    { id: FALLBACK, name: "Запас", songs: [song(6, 5)] },
  ],
  generatedAt: "2026-11-26T06:00:00.000Z",
};
// 09:00 in Moscow (UTC+3).
const nineAm = Date.parse("2026-11-26T06:00:00Z");

describe("what the schedule wants offline", () => {
  it("reads the windows in the venue's zone, the fallback between them", () => {
    expect(scheduledAt(plan, nineAm)).toEqual({ playlistId: MORNING, fallback: false });
    expect(scheduledAt(plan, nineAm - 1000)).toEqual({ playlistId: FALLBACK, fallback: true });
    expect(scheduledAt(plan, nineAm + 9.5 * 3600_000).playlistId).toBe(EVENING);
  });
  it("stops a week after the plan was made without the server, or at the licence's end if sooner, and says which", () => {
    const week = 7 * 86_400_000;
    // A plan of an earlier release has no offlineUntil: a week after it was made.
    expect(offlineBarAt(plan, nineAm + week - 1)).toBeNull();
    expect(offlineBarAt(plan, nineAm + week)).toBe("out-of-touch");
    expect(scheduledAt(plan, nineAm + week)).toEqual({ playlistId: null, fallback: false });
    const told = { ...plan, offlineUntil: "2026-11-27T06:00:00.000Z" };
    expect(offlineBarAt(told, nineAm + 86_400_000 - 1)).toBeNull();
    expect(offlineBarAt(told, nineAm + 86_400_000)).toBe("out-of-touch");
    // The licence's end is the first reason given.
    const ended = { ...told, licence: { state: "active" as const, until: told.offlineUntil } };
    expect(offlineBarAt(ended, nineAm + 86_400_000)).toBe("licence");
    expect(offlineBarAt({ ...plan, licence: { state: "suspended", until: null } }, nineAm)).toBe(
      "licence",
    );
  });
});

describe("the next song offline", () => {
  const base = { plan, playlistId: MORNING, shuffle: false, recentSongIds: [], nowMs: nineAm };

  it("goes on in order and starts over at the end", () => {
    expect(localNext({ ...base, currentSongId: id(2), playable: () => true })?.id).toBe(id(3));
    expect(localNext({ ...base, currentSongId: id(4), playable: () => true })?.id).toBe(id(1));
    expect(localNext({ ...base, currentSongId: null, playable: () => true })?.id).toBe(id(1));
  });

  it("passes over what cannot be played, from where the current song stands", () => {
    const playable = (songId: string) => songId !== id(3) && songId !== id(2);
    expect(localNext({ ...base, currentSongId: id(1), playable })?.id).toBe(id(4));
    // The current one is not cached itself: the first cached after it.
    expect(localNext({ ...base, currentSongId: id(2), playable })?.id).toBe(id(4));
    expect(localNext({ ...base, currentSongId: id(1), playable: () => false })).toBeNull();
  });

  it("shuffles without repeating the recent songs", () => {
    const next = localNext({
      ...base,
      shuffle: true,
      currentSongId: id(1),
      recentSongIds: [id(2), id(3), id(1)],
      playable: () => true,
      random: () => 0.99,
    });
    expect(next?.id).toBe(id(4));
  });

  it("does not start a song whose copyright holder's licences ran out (issue 32)", () => {
    const until = new Date(nineAm).toISOString();
    const ending = {
      ...plan,
      playlists: plan.playlists.map((playlist) => ({
        ...playlist,
        songs: playlist.songs.map((song) =>
          song.id === id(3) ? { ...song, playableUntil: until } : song,
        ),
      })),
    };
    const all = () => true;
    // The minute before its end it still plays; from the end on the next one does.
    const before = { ...base, plan: ending, nowMs: nineAm - 60_000, currentSongId: id(2) };
    expect(localNext({ ...before, playable: all })?.id).toBe(id(3));
    expect(localNext({ ...before, nowMs: nineAm, playable: all })?.id).toBe(id(4));
    // Nor does the cache keep it for later, or count it as music to play.
    expect(upcomingSongs(ending, nineAm, 4 * 3600_000, id(1)).map((s) => s.id)).not.toContain(
      id(3),
    );
  });
});

describe("what the cache keeps and how long it lasts", () => {
  it("wants the coming songs slot by slot, each once", () => {
    const wanted = upcomingSongs(plan, nineAm, 4 * 3600_000, id(1)).map((s) => s.id);
    expect(wanted).toEqual([id(2), id(3), id(4), id(1)]);
    const evening = upcomingSongs(plan, nineAm + 8 * 3600_000, 3 * 3600_000, null).map((s) => s.id);
    expect(evening).toEqual([id(6), id(5)]);
  });

  it("counts fresh music up to the first slot the cache cannot fill; silence costs nothing", () => {
    const all = () => true;
    // Morning (4 h) is two hours of songs: the reach ends after them.
    expect(offlineReachMs(plan, nineAm, all, 6 * 3600_000)).toBe(2 * 3600_000);
    const none = () => false;
    expect(offlineReachMs(plan, nineAm, none, 6 * 3600_000)).toBe(0);
    // The current song counts for what is left of it.
    expect(
      offlineReachMs(plan, nineAm, (songId) => songId === id(2), 6 * 3600_000, {
        songId: id(1),
        leftMs: 10 * 60_000,
      }),
    ).toBe(40 * 60_000);
  });

  it("reaches the whole horizon where every slot is covered", () => {
    const silentPlan: PlayerPlan = { ...plan, windows: [], fallbackPlaylistId: null };
    expect(offlineReachMs(silentPlan, nineAm, () => false, 3600_000)).toBe(3600_000);
  });
});
