import type { PlanSong } from "@fonika/shared";
import { findSong, localNext, type Scheduled, scheduledAt } from "@fonika/shared";
import type { EngineDependencies, EngineState } from "./engine-state.ts";
import type { PlayReports } from "./play-reports.ts";

/**
 * What the web player plays next: the playlist the schedule wants and the
 * song after the current one — the server's word while it has one, else
 * the same rules the server follows (`local-order.ts` of the shared package), offline from what
 * is cached only.
 */
export class SongChoice {
  constructor(
    private readonly state: EngineState,
    private readonly deps: EngineDependencies,
    private readonly reports: PlayReports,
  ) {}

  /** What the schedule wants now: the server's word online, the plan's offline. */
  scheduled(): Scheduled | null {
    const { online, serverSchedule, plan } = this.state;
    if (online && serverSchedule) return serverSchedule;
    return plan ? scheduledAt(plan, this.deps.now()) : null;
  }

  /**
   * The song that follows the current one as far as it is known without
   * choosing it: the one loaded already, else the server's word, else the
   * playlist's order — the first song again after the last, as this player
   * goes on (the remote's queue says the same). A shuffle's pick is made
   * only when it is loaded: until then null.
   */
  upcoming(): PlanSong | null {
    const state = this.state;
    const { current, plan, preloaded } = state;
    if (preloaded) return preloaded.song;
    if (!current?.playlistId || !plan) return null;
    const told = state.serverNext;
    // Right after crossfading on its own the server's word is still the song that plays now.
    if (state.online && told && told !== current.song.id && !state.failed.has(told)) {
      const song = findSong(plan, told);
      if (song) return song;
    }
    if (state.shuffle) return null;
    return localNext({
      plan,
      playlistId: current.playlistId,
      currentSongId: current.song.id,
      shuffle: false,
      recentSongIds: this.reports.recent,
      playable: (songId) =>
        !state.failed.has(songId) && (state.online || this.deps.isCached(songId)),
      nowMs: this.deps.now(),
    });
  }

  /**
   * The song a reload cut, to play again from where it was, when the
   * schedule wants its playlist and it can play (online, or cached).
   */
  resumed(playlistId: string): PlanSong | null {
    const { resumeAt, plan, failed, online } = this.state;
    if (!resumeAt || !plan || resumeAt.playlistId !== playlistId) return null;
    const song = plan.playlists
      .find((playlist) => playlist.id === playlistId)
      ?.songs.find((one) => one.id === resumeAt.songId);
    if (!song || failed.has(song.id) || !(online || this.deps.isCached(song.id))) return null;
    return song;
  }

  /**
   * The song to play after the current one in `playlistId`: the server's
   * word when it has one. After a song that `failed`, the one after that
   * song instead, treating the failed one as current.
   */
  next(playlistId: string, failed?: PlanSong): PlanSong | null {
    const state = this.state;
    const plan = state.plan;
    if (!plan) return null;
    const sameList = !failed && state.current?.playlistId === playlistId;
    if (state.online && sameList && state.serverNext && !state.failed.has(state.serverNext)) {
      const told = findSong(plan, state.serverNext);
      if (told) return told;
    }
    return localNext({
      plan,
      playlistId,
      currentSongId: failed ? failed.id : sameList ? (state.current?.song.id ?? null) : null,
      shuffle: state.shuffle,
      recentSongIds: this.reports.recent,
      playable: (songId) =>
        !state.failed.has(songId) && (state.online || this.deps.isCached(songId)),
      nowMs: this.deps.now(),
      random: this.deps.random,
    });
  }
}
