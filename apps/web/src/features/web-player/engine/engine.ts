import type {
  IncomingSocketMessage,
  LicenceState,
  PlayerLiveState,
  PlayerPlan,
} from "@fonika/shared";
import { findSong, offlineBarAt } from "@fonika/shared";
import type { Deck } from "./deck.ts";
import {
  COMMAND_FADE_S,
  DeckSwitching,
  LOAD_TIMEOUT_MS,
  PRELOAD_LEAD_S,
  TICK_MS,
} from "./deck-switching.ts";
import {
  type EngineDependencies,
  EngineState,
  type EngineView,
  type Problem,
  type ResumeHint,
  type Sounding,
} from "./engine-state.ts";
import { volumeGain } from "./levels.ts";
import { PlayReports } from "./play-reports.ts";
import { ScheduleFollowing } from "./schedule-following.ts";
import { SongChoice } from "./song-choice.ts";

export type { EngineDependencies, EngineView, Problem, ResumeHint, Sounding };
export { COMMAND_FADE_S, LOAD_TIMEOUT_MS, PRELOAD_LEAD_S };

/**
 * The web player's brain (issue 14). Online it follows the server as a box
 * does — the schedule's `status`, `playSong`, the remote's commands — and
 * reports every play; it also knows the whole plan (schedule, tracks,
 * levels), so it loads the next song before it is needed, crossfades into
 * it on its own and, when the network is gone, goes on choosing songs by
 * the same rules from what is cached. Reports made offline wait in the
 * outbox and reach the history when the socket is back.
 *
 * This file is its face: what the runtime calls and the server's messages.
 * Its parts share `engine-state.ts`: `schedule-following.ts` (the playlist
 * the hour wants), `deck-switching.ts` (from song to song on two decks),
 * `song-choice.ts` (what comes next), `play-reports.ts` (what the server
 * hears).
 */

/** Pause and resume glide this long. */
const PAUSE_FADE_S = 0.3;

export class WebPlayerEngine {
  private readonly state = new EngineState();
  private readonly reports: PlayReports;
  private readonly choice: SongChoice;
  private readonly switching: DeckSwitching;
  private readonly schedule: ScheduleFollowing;
  private volumeAdopted = false;
  private serverMessage: string | null = null;
  private tick: unknown;

  constructor(private readonly deps: EngineDependencies) {
    this.reports = new PlayReports(this.state, deps);
    this.choice = new SongChoice(this.state, deps, this.reports);
    this.switching = new DeckSwitching(this.state, deps, this.reports, this.choice);
    this.schedule = new ScheduleFollowing(
      this.state,
      deps,
      this.reports,
      this.choice,
      this.switching,
    );
  }

  start(playerId: string): void {
    this.state.playerId = playerId;
    this.deps.output.setVolume(volumeGain(this.state.volume));
    this.tick ??= this.deps.timers.setInterval(() => {
      this.schedule.tick();
      this.switching.tick();
    }, TICK_MS);
  }

  stop(): void {
    if (this.tick !== undefined) this.deps.timers.clearInterval(this.tick);
    this.tick = undefined;
    this.reports.endPlay("stopped");
    for (const deck of this.deps.output.decks) deck.unload();
    this.state.current = null;
    this.state.preloaded = null;
    this.state.generation += 1;
  }

  view(): EngineView {
    const { current, plan } = this.state;
    const licence = this.licence();
    // Offline the plan says whether it may play: its licence, and 7 days out of touch at most.
    const bar = plan !== null && !this.state.online ? offlineBarAt(plan, this.deps.now()) : null;
    const unlicensed = licence !== null && (licence !== "active" || bar === "licence");
    return {
      online: this.state.online,
      paused: this.state.paused,
      volume: this.state.volume,
      current: current
        ? { song: current.song, playlistId: current.playlistId, fallback: current.fallback }
        : null,
      next: this.choice.upcoming(),
      // Silence for want of a licence, or of the server for a week, says so: nothing is broken.
      problem:
        this.state.problem !== "silence"
          ? this.state.problem
          : unlicensed
            ? "no-licence"
            : bar === "out-of-touch"
              ? "out-of-touch"
              : "silence",
      licence,
      serverMessage: this.serverMessage,
    };
  }

  /** The venue's licence: online the server's word, offline (or before it speaks) the plan's. */
  private licence(): LicenceState | null {
    const { online, serverLicence, plan } = this.state;
    if (online && serverLicence) return serverLicence;
    return plan?.licence.state ?? serverLicence;
  }

  /**
   * After a reload (issue 31): the first song, when it is `hint.songId` of
   * the playlist the schedule wants, starts `hint.positionSeconds` in.
   */
  resumeFrom(hint: ResumeHint): void {
    this.state.resumeAt = hint;
  }

  /** The plan could not be read: a reload's song is not waited for any longer. */
  forgetResume(): void {
    const state = this.state;
    if (!state.resumeAt) return;
    state.resumeAt = null;
    if (!state.current && !state.paused) this.schedule.startScheduled();
  }

  /** The play that sounds now and where it is, for a reload to resume; null when none sounds. */
  nowPlaying(): (ResumeHint & { playId: string }) | null {
    const { current, paused } = this.state;
    if (!current?.playId || paused) return null;
    return {
      playId: current.playId,
      songId: current.song.id,
      playlistId: current.playlistId,
      positionSeconds: current.deck.position(),
    };
  }

  /** Seconds into the current song and its length (for the progress bar). */
  progress(): { position: number; duration: number } | null {
    const current = this.state.current;
    if (!current) return null;
    const duration = current.deck.duration();
    return {
      position: current.deck.position(),
      duration: Number.isFinite(duration) ? duration : current.song.durationMs / 1000,
    };
  }

  /** The decks as they sound now: diagnostics for support and for browser tests. */
  decks(): {
    index: number;
    songId: string | null;
    position: number;
    fade: number;
    playing: boolean;
  }[] {
    return this.deps.output.decks.map((deck) => ({
      index: deck.index,
      songId: this.songOnDeck(deck),
      position: deck.position(),
      fade: deck.fadeValue(),
      playing: deck.isPlaying(),
    }));
  }

  setPlan(plan: PlayerPlan): void {
    const state = this.state;
    state.plan = plan;
    state.failed.clear();
    const awaited = state.awaitedSong;
    state.awaitedSong = null;
    const song = awaited ? findSong(plan, awaited.songId) : null;
    if (awaited && song) {
      // The song the server told while this page's plan lacked it: it plays now.
      state.paused = false;
      void this.switching.transition(
        song,
        awaited.playlistId,
        awaited.fade,
        awaited.ending,
        awaited.fallback,
      );
      return;
    }
    if (!state.current && !state.paused) this.schedule.startScheduled();
  }

  /** The socket opened (the server knows the device) or closed. */
  setOnline(online: boolean): void {
    if (this.state.online === online) return;
    this.state.online = online;
    this.state.requestedPlaylist = null;
    this.state.skipAsked = false;
    this.state.awaitedSong = null;
    if (online) {
      this.state.serverSchedule = null;
      this.reports.report();
    }
    this.deps.onChange();
  }

  /** Someone clicked "Нажмите, чтобы включить музыку". */
  async unlock(): Promise<void> {
    if (!(await this.deps.output.resume())) return;
    const state = this.state;
    if (state.problem === "needs-gesture") state.problem = null;
    if (state.current && !state.paused) {
      try {
        await state.current.deck.play();
        state.current.deck.setFade(1);
        if (!state.current.playId) this.reports.beginPlay(state.current);
      } catch {
        state.problem = "needs-gesture";
      }
    } else if (!state.current) {
      this.schedule.startScheduled();
    }
    this.deps.onChange();
  }

  receive(message: IncomingSocketMessage): void {
    const state = this.state;
    const playerId = state.playerId;
    switch (message.type) {
      case "status": {
        if (message.playerId !== playerId) return;
        const { schedule } = message;
        state.serverLicence = schedule.licence;
        state.serverSchedule = { playlistId: schedule.playlistId, fallback: schedule.fallback };
        this.deps.planOutdated();
        this.schedule.followSchedule(state.serverSchedule);
        return;
      }
      case "playerState":
        if (message.state.playerId === playerId) this.adoptState(message.state);
        return;
      case "playNextSongRequested":
      case "playPrevSongRequested":
      case "playSongRequested":
        // The owner's command, relayed before the server's answer to it (`skipAsked`): the song
        // the owner chose comes in as «next» does, even from the playlist the schedule wants.
        if (message.playerId === playerId) state.skipAsked = true;
        return;
      case "playSong": {
        if (message.playerId !== playerId) return;
        state.serverNext = message.nextSongId;
        const requested = state.requestedPlaylist;
        const skipAsked = state.skipAsked;
        state.requestedPlaylist = null;
        state.skipAsked = false;
        state.awaitedSong = null;
        if (state.current?.song.id === message.songId) {
          // The song this player already crossfaded into on its own.
          if (message.playlistId) state.current.playlistId = message.playlistId;
          this.switching.refreshPreload();
          this.deps.onChange();
          return;
        }
        const playlistId = message.playlistId ?? state.current?.playlistId ?? null;
        // The playlist the schedule asked for crossfades in; an answer to the owner's skip or
        // choice does not, even when it is that playlist (started over after its last song).
        const fromSchedule = !skipAsked && requested !== null && requested === playlistId;
        const coming = {
          songId: message.songId,
          playlistId,
          fade: fromSchedule ? state.crossfadeSeconds() : COMMAND_FADE_S,
          ending: fromSchedule ? ("finished" as const) : ("skipped" as const),
          fallback:
            state.serverSchedule?.playlistId === playlistId ? state.serverSchedule.fallback : false,
        };
        const song = state.plan ? findSong(state.plan, message.songId) : null;
        if (!song) {
          // Not in the plan this page holds: the plan is older than the server's (a playlist
          // put on the player since). The song plays once the plan read again holds it.
          state.awaitedSong = coming;
          this.deps.planOutdated();
          return;
        }
        state.paused = false;
        void this.switching.transition(
          song,
          coming.playlistId,
          coming.fade,
          coming.ending,
          coming.fallback,
        );
        return;
      }
      case "pause":
        if (message.playerId !== playerId) return;
        state.awaitedSong = null;
        this.pause();
        return;
      case "play":
      case "resumePlay":
        if (message.playerId === playerId) void this.resume();
        return;
      case "stopPlay":
        if (message.playerId !== playerId) return;
        state.awaitedSong = null;
        this.schedule.stopAsked();
        return;
      case "volume":
        if (message.playerId === playerId) this.setVolume(message.volume);
        return;
      case "shuffle":
        if (message.playerId !== playerId) return;
        state.shuffle = message.shuffled;
        state.serverNext = message.nextSongId;
        this.switching.refreshPreload();
        this.deps.onChange();
        return;
      case "error":
        // A refused playlist request is not waited for any longer.
        state.requestedPlaylist = null;
        state.skipAsked = false;
        this.serverMessage = message.message;
        this.deps.onChange();
        return;
      default:
        return;
    }
  }

  private adoptState(state: PlayerLiveState): void {
    // What the screen says comes next follows the shuffle and the server's next song.
    let changed = this.state.shuffle !== state.shuffle;
    this.state.shuffle = state.shuffle;
    if (!this.volumeAdopted) {
      // The first state after the page opened: the volume the owner left it at.
      this.volumeAdopted = true;
      this.setVolume(state.volume, false);
    }
    if (
      state.songId &&
      state.songId === this.state.current?.song.id &&
      state.nextSongId !== this.state.serverNext
    ) {
      this.state.serverNext = state.nextSongId;
      this.switching.refreshPreload();
      changed = true;
    }
    if (changed) this.deps.onChange();
  }

  private pause(): void {
    const current = this.state.current;
    this.state.paused = true;
    if (current) {
      this.reports.endPlay("stopped");
      current.deck.fade("out", PAUSE_FADE_S);
      const generation = this.state.generation;
      this.deps.timers.setTimeout(() => {
        if (this.state.generation === generation && this.state.paused) current.deck.pause();
      }, PAUSE_FADE_S * 1000);
    }
    this.reports.report();
    this.deps.onChange();
  }

  private async resume(): Promise<void> {
    const current = this.state.current;
    this.state.paused = false;
    if (!current) {
      this.schedule.startScheduled();
      return;
    }
    if (current.playId) return;
    try {
      await current.deck.play();
    } catch {
      this.switching.setProblem("needs-gesture");
      return;
    }
    current.deck.fade("in", PAUSE_FADE_S);
    this.reports.beginPlay(current);
    this.deps.onChange();
  }

  private setVolume(volume: number, report = true): void {
    this.state.volume = Math.round(Math.min(Math.max(volume, 0), 100));
    this.deps.output.setVolume(volumeGain(this.state.volume));
    if (report) this.reports.report();
    this.deps.onChange();
  }
  private songOnDeck(deck: Deck): string | null {
    const { current, preloaded } = this.state;
    if (current?.deck === deck) return current.song.id;
    if (preloaded?.deck === deck) return preloaded.song.id;
    return null;
  }
}
