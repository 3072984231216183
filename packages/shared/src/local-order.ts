import { offlineUntilOf, type PlanSong, type PlayerPlan } from "./contracts/player-plan.ts";
import { nextSong } from "./play-order.ts";
import { decide, type PlayerSchedule, plan as planSlots } from "./schedule.ts";

/**
 * What a player decides by itself from its cached plan (issue 14; the web
 * player's engine and, since issue 31, the box player):
 * which playlist the schedule wants now, and which song comes next when
 * the server cannot say — the same rules the server follows
 * (`schedule.ts`, `play-order.ts`), so that an outage changes nothing a
 * listener hears. A playlist repeats from its top within its window:
 * silence in a scheduled hour is the one thing a venue must never get.
 */

export function scheduleOf(plan: PlayerPlan): PlayerSchedule {
  return {
    timeZone: plan.timeZone,
    windows: plan.windows,
    fallbackPlaylistId: plan.fallbackPlaylistId,
  };
}

export interface Scheduled {
  playlistId: string | null;
  fallback: boolean;
}

/**
 * Whether the plan's venue may play at `nowMs`: its licence is active and
 * its period has not run out (a player without the network stops at the
 * end of the paid period too).
 */
export function licensedAt(plan: PlayerPlan, nowMs: number): boolean {
  const { state, until } = plan.licence;
  return state === "active" && (until === null || nowMs < Date.parse(until));
}

/**
 * Why a player that cannot reach the server may not play its plan at
 * `nowMs`, or null when it may: the venue's licence (not active, or its
 * period over), or the plan is older than its `offlineUntil` allows
 * (7 days without reaching the server, issue 31).
 */
export function offlineBarAt(plan: PlayerPlan, nowMs: number): "licence" | "out-of-touch" | null {
  if (!licensedAt(plan, nowMs)) return "licence";
  return nowMs < offlineUntilOf(plan) ? null : "out-of-touch";
}

/**
 * The playlist the schedule wants at `nowMs`, as a player without the
 * server reads its plan (null: silence, and always when `offlineBarAt`
 * bars it).
 */
export function scheduledAt(plan: PlayerPlan, nowMs: number): Scheduled {
  if (offlineBarAt(plan, nowMs)) return { playlistId: null, fallback: false };
  const decision = decide(scheduleOf(plan), nowMs);
  return { playlistId: decision.playlistId, fallback: decision.fallback };
}

/**
 * Whether a song of the plan may start at `nowMs`: its copyright holder's
 * licences have not run out (issue 32; the server leaves barred songs out
 * of the plan, a player without the network stops them by itself).
 */
export function songLicensedAt(song: PlanSong, nowMs: number): boolean {
  return !song.playableUntil || nowMs < Date.parse(song.playableUntil);
}

/** The songs of a playlist of the plan in order, licensed or not. */
export function songsOf(plan: PlayerPlan, playlistId: string | null): readonly PlanSong[] {
  if (!playlistId) return [];
  return plan.playlists.find((playlist) => playlist.id === playlistId)?.songs ?? [];
}

/** A song of the plan by id, in whichever playlist it stands. */
export function findSong(plan: PlayerPlan, songId: string): PlanSong | null {
  for (const playlist of plan.playlists) {
    const song = playlist.songs.find((candidate) => candidate.id === songId);
    if (song) return song;
  }
  return null;
}

export interface LocalNextInput {
  plan: PlayerPlan;
  playlistId: string;
  /** The song sounding now, if it is of that playlist. */
  currentSongId: string | null;
  shuffle: boolean;
  recentSongIds: readonly string[];
  /** Whether a song can be played now (offline: only cached ones). */
  playable(songId: string): boolean;
  /** Now: a song whose licences ran out is not started. */
  nowMs: number;
  random?: () => number;
}

/** The song after the current one in the playlist, looping; null when none is playable. */
export function localNext(input: LocalNextInput): PlanSong | null {
  const all = songsOf(input.plan, input.playlistId);
  const may = (song: PlanSong) => songLicensedAt(song, input.nowMs) && input.playable(song.id);
  const songs = all.filter(may);
  if (songs.length === 0) return null;
  const inList = songs.some((song) => song.id === input.currentSongId);
  if (!inList && !input.shuffle && input.currentSongId) {
    // The current song cannot be played again (not cached) or is of another
    // playlist: the first playable one after where it stands, if it stands here.
    const at = all.findIndex((song) => song.id === input.currentSongId);
    for (let step = 1; at !== -1 && step <= all.length; step++) {
      const candidate = all[(at + step) % all.length] as PlanSong;
      if (may(candidate)) return candidate;
    }
  }
  const nextId = nextSong(
    songs.map((song) => ({ songId: song.id, artists: song.artists })),
    {
      currentSongId: inList ? input.currentSongId : null,
      loop: true,
      shuffle: input.shuffle,
      recentSongIds: input.recentSongIds,
    },
    input.random,
  );
  return songs.find((song) => song.id === nextId) ?? null;
}

/**
 * How long the player can go on with only what is cached, from `nowMs`:
 * slot by slot of the coming `horizonMs`, a slot of silence costs
 * nothing, a slot of a playlist is covered by the cached songs of it, each
 * heard once (a song already sounding counts for what is left of it).
 * Beyond that the player repeats cached songs rather than fall silent,
 * but the reach it shows is what it can play fresh.
 */
export function offlineReachMs(
  plan: PlayerPlan,
  nowMs: number,
  cached: (songId: string) => boolean,
  horizonMs: number,
  current?: { songId: string; leftMs: number },
): number {
  let reach = 0;
  for (const slot of planSlots(scheduleOf(plan), nowMs, nowMs + horizonMs)) {
    const length = slot.until - slot.from;
    if (!slot.playlistId) {
      reach += length;
      continue;
    }
    let music = 0;
    for (const song of songsOf(plan, slot.playlistId)) {
      if (current && song.id === current.songId && slot.from === nowMs) music += current.leftMs;
      else if (cached(song.id) && songLicensedAt(song, slot.from)) music += song.durationMs;
    }
    if (music < length) return reach + music;
    reach += length;
  }
  return reach;
}

/**
 * The songs the coming `horizonMs` will want, in the order they are wanted:
 * slot by slot, each playlist from the song after the current one, as
 * many as fill the slot (each once). What the cache keeps for an outage.
 */
export function upcomingSongs(
  plan: PlayerPlan,
  nowMs: number,
  horizonMs: number,
  currentSongId: string | null,
): PlanSong[] {
  const wanted = new Map<string, PlanSong>();
  for (const slot of planSlots(scheduleOf(plan), nowMs, nowMs + horizonMs)) {
    const songs = songsOf(plan, slot.playlistId).filter((song) => songLicensedAt(song, slot.from));
    if (songs.length === 0) continue;
    const at = songs.findIndex((song) => song.id === currentSongId);
    let filled = 0;
    for (let step = 1; step <= songs.length && filled < slot.until - slot.from; step++) {
      const song = songs[(at + step + songs.length) % songs.length] as PlanSong;
      filled += song.durationMs;
      wanted.set(song.id, song);
    }
  }
  return [...wanted.values()];
}
