import type { ClientSocketMessage, PlanSong, PlayerPlan } from "@fonika/shared";
import { browserTimers } from "../../../lib/timers.ts";
import { clockOutput } from "./clock-decks.ts";
import { WebPlayerEngine } from "./engine.ts";

/**
 * The engine's tests' world (engine*.test.ts): a player with a day list of
 * three minute-long songs scheduled all week, another playlist on it, the
 * engine on clock decks, and the server's messages they hear.
 */

export const PLAYER = "00000000-0000-4000-8000-00000000e001";
export const DAY_LIST = "00000000-0000-4000-8000-0000000d0001";
/** A playlist on the player that is neither scheduled nor the fallback (issue 28). */
export const OTHER_LIST = "00000000-0000-4000-8000-0000000d0002";
export const id = (n: number) => `00000000-0000-4000-8000-0000000a${String(n).padStart(4, "0")}`;

export function song(n: number, seconds: number, extra: Partial<PlanSong> = {}): PlanSong {
  return {
    id: id(n),
    title: `Песня ${n}`,
    artists: [`Артист ${n}`],
    durationMs: seconds * 1000,
    gainDb: -3,
    truePeakDb: -1,
    hasCover: false,
    sizeBytes: 1000,
    ...extra,
  };
}

export const songs = [song(1, 60), song(2, 60), song(3, 60)];
export const otherSongs = [song(4, 60), song(5, 60)];

/** All day, every day: the day list. */
export function planOf(crossfadeSeconds: number): PlayerPlan {
  return {
    playerId: PLAYER,
    establishmentId: "00000000-0000-4000-8000-00000000e5e5",
    timeZone: "Europe/Moscow",
    explicitFilter: false,
    licence: { state: "active", until: null },
    crossfadeSeconds,
    windows: [
      {
        id: "00000000-0000-4000-8000-00000000f001",
        playerId: PLAYER,
        playlistId: DAY_LIST,
        startTime: "00:00:00",
        endTime: "00:00:00",
        weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"],
      },
    ],
    fallbackPlaylistId: null,
    playlists: [{ id: DAY_LIST, name: "День", songs }],
    generatedAt: new Date().toISOString(),
  };
}

/** The plan holding the player's other playlist too, as the server's plan does (issue 28). */
export function withOtherList(plan: PlayerPlan): PlayerPlan {
  return {
    ...plan,
    playlists: [...plan.playlists, { id: OTHER_LIST, name: "Другой", songs: otherSongs }],
  };
}

export function setUp({
  cached = (_songId: string) => true,
  broken = new Set<string>(),
  planOutdated = () => undefined,
}: {
  cached?: (songId: string) => boolean;
  broken?: Set<string>;
  planOutdated?: () => void;
} = {}) {
  const sent: ClientSocketMessage[] = [];
  const output = clockOutput(
    new Map([...songs, ...otherSongs].map((s) => [s.id, s.durationMs / 1000])),
    broken,
  );
  let plays = 0;
  const engine = new WebPlayerEngine({
    output,
    send: (message) => sent.push(message),
    songUrl: (songId) => `/api/v1/music/song/${songId}/file`,
    isCached: cached,
    now: () => Date.now(),
    newPlayId: () => `00000000-0000-4000-8000-0000000c${String(++plays).padStart(4, "0")}`,
    timers: browserTimers,
    planOutdated,
    onChange: () => undefined,
  });
  engine.start(PLAYER);
  const of = <T extends ClientSocketMessage["type"]>(type: T) =>
    sent.filter(
      (message): message is Extract<ClientSocketMessage, { type: T }> => message.type === type,
    );
  return { engine, output, sent, of };
}

export const playSong = (songId: string, nextSongId: string | null, playlistId = DAY_LIST) =>
  ({
    type: "playSong",
    playerId: PLAYER,
    songId,
    playlistId,
    previousSongId: null,
    nextSongId,
  }) as const;

/** The owner's «Играть сейчас», as the server relays it to the device before its `playSong`. */
export const songRequested = (songId: string, playlistId = DAY_LIST) =>
  ({ type: "playSongRequested", playerId: PLAYER, songId, playlistId }) as const;

/** The server's word that the schedule wants the day list now. */
export const dayListScheduled = {
  type: "status",
  playerId: PLAYER,
  schedule: {
    playlistId: DAY_LIST,
    scheduleId: "00000000-0000-4000-8000-00000000f001",
    fallback: false,
    until: "2026-11-26T21:00:00.000Z",
    licence: "active",
  },
} as const;
