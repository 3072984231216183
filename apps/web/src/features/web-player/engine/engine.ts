import type {
  ClientSocketMessage,
  IncomingSocketMessage,
  PlanSong,
  PlayEnding,
  PlayerLiveState,
  PlayerPlan,
} from "@fonika/shared";
import { SHUFFLE_MEMORY } from "@fonika/shared";
import type { Timers } from "../../../lib/timers.ts";
import type { AudioOutput, Deck } from "./deck.ts";
import { dbToLinear, songGainDb, volumeGain } from "./levels.ts";
import { findSong, localNext, type Scheduled, scheduledAt } from "./local-order.ts";

/**
 * The web player's brain (issue 14). Online it follows the server as a box
 * does — the schedule's `status`, `playSong`, the remote's commands — and
 * reports every play; it also knows the whole plan (schedule, tracks,
 * levels), so it loads the next song before it is needed, crossfades into
 * it on its own and, when the network is gone, goes on choosing songs by
 * the same rules from what is cached. Reports made offline wait in the
 * outbox and reach the history when the socket is back.
 */

/** A song that fails to load is given up after this long (a broken file fails at once). */
export const LOAD_TIMEOUT_MS = 8_000;
/** The next song is loaded this long before it is needed. */
export const PRELOAD_LEAD_S = 40;
/** A command of the owner's (next, previous, another playlist) fades this fast. */
export const COMMAND_FADE_S = 1;
/** Pause and resume glide this long. */
const PAUSE_FADE_S = 0.3;
const TICK_MS = 200;
/** Offline, the plan's schedule is looked at this often. */
const OFFLINE_LOOK_MS = 1_000;

export type Problem =
  /** The schedule wants silence now. */
  | "silence"
  /** The schedule wants a playlist with nothing to play in it (empty, all filtered, or none cached offline). */
  | "nothing-playable"
  /** The browser holds the sound back until someone clicks. */
  | "needs-gesture"
  | null;

export interface Sounding {
  song: PlanSong;
  playlistId: string | null;
  fallback: boolean;
}

export interface EngineView {
  online: boolean;
  paused: boolean;
  volume: number;
  current: Sounding | null;
  next: PlanSong | null;
  problem: Problem;
  /** The last refusal the server sent (shown for a while). */
  serverMessage: string | null;
}

export interface EngineDependencies {
  output: AudioOutput;
  /** Sends now when the socket is open; reports wait in the outbox otherwise. */
  send(message: ClientSocketMessage): void;
  songUrl(songId: string): string;
  /** Whether a song can play without the network. */
  isCached(songId: string): boolean;
  now(): number;
  newPlayId(): string;
  timers: Timers;
  /** The schedule changed on the server: the plan is to be read again. */
  planOutdated(): void;
  onChange(): void;
  random?: () => number;
}

interface Playing extends Sounding {
  deck: Deck;
  /** The play reported as started; null while paused. */
  playId: string | null;
}

interface Preloaded {
  deck: Deck;
  song: PlanSong;
  ready: Promise<boolean>;
}

export class WebPlayerEngine {
  private plan: PlayerPlan | null = null;
  private playerId: string | null = null;
  private current: Playing | null = null;
  private preloaded: Preloaded | null = null;
  /** Bumped by every change of what plays: an older async step that wakes finds itself stale. */
  private generation = 0;
  private online = false;
  private paused = false;
  private volume = 100;
  private volumeAdopted = false;
  private shuffle = false;
  /** What the server says comes next (null: not told, or the end of the playlist). */
  private serverNext: string | null = null;
  /** The playlist the server's schedule status asked for; offline the plan decides. */
  private serverSchedule: Scheduled | null = null;
  /** The playlist asked for with playPlaylistRequested, whose first song fades in fully. */
  private requestedPlaylist: string | null = null;
  private recent: string[] = [];
  private failed = new Set<string>();
  /** A song began since the playlist was last started over (see `stopAsked`). */
  private playedSinceRestart = true;
  private problem: Problem = null;
  private serverMessage: string | null = null;
  private transitioning = false;
  private tick: unknown;
  private gapless: unknown;
  private lastOfflineLook = 0;
  /** Until when (ms) a deck still fades out: it takes no new song before. */
  private readonly fadingUntil = [0, 0];

  constructor(private readonly deps: EngineDependencies) {
    for (const deck of deps.output.decks) {
      deck.onEnded = () => this.deckEnded(deck);
      deck.onFailed = () => this.deckFailed(deck);
    }
  }

  start(playerId: string): void {
    this.playerId = playerId;
    this.deps.output.setVolume(volumeGain(this.volume));
    this.tick ??= this.deps.timers.setInterval(() => this.onTick(), TICK_MS);
  }

  stop(): void {
    if (this.tick !== undefined) this.deps.timers.clearInterval(this.tick);
    this.tick = undefined;
    this.endPlay("stopped");
    for (const deck of this.deps.output.decks) deck.unload();
    this.current = null;
    this.preloaded = null;
    this.generation += 1;
  }

  view(): EngineView {
    return {
      online: this.online,
      paused: this.paused,
      volume: this.volume,
      current: this.current
        ? {
            song: this.current.song,
            playlistId: this.current.playlistId,
            fallback: this.current.fallback,
          }
        : null,
      next: this.preloaded?.song ?? null,
      problem: this.problem,
      serverMessage: this.serverMessage,
    };
  }

  /** Seconds into the current song and its length (for the progress bar). */
  progress(): { position: number; duration: number } | null {
    if (!this.current) return null;
    const duration = this.current.deck.duration();
    return {
      position: this.current.deck.position(),
      duration: Number.isFinite(duration) ? duration : this.current.song.durationMs / 1000,
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
    this.plan = plan;
    this.failed.clear();
    if (!this.current && !this.paused) this.startScheduled();
  }

  /** The socket opened (the server knows the device) or closed. */
  setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    this.requestedPlaylist = null;
    if (online) {
      this.serverSchedule = null;
      this.report();
    }
    this.deps.onChange();
  }

  /** Someone clicked "Нажмите, чтобы включить музыку". */
  async unlock(): Promise<void> {
    if (!(await this.deps.output.resume())) return;
    if (this.problem === "needs-gesture") this.problem = null;
    if (this.current && !this.paused) {
      try {
        await this.current.deck.play();
        this.current.deck.setFade(1);
        if (!this.current.playId) this.beginPlay(this.current);
      } catch {
        this.problem = "needs-gesture";
      }
    } else if (!this.current) {
      this.startScheduled();
    }
    this.deps.onChange();
  }

  receive(message: IncomingSocketMessage): void {
    const playerId = this.playerId;
    switch (message.type) {
      case "status": {
        if (message.playerId !== playerId) return;
        const schedule = message.schedule as { playlistId?: string | null; fallback?: boolean };
        this.serverSchedule = {
          playlistId: schedule.playlistId ?? null,
          fallback: schedule.fallback === true,
        };
        this.deps.planOutdated();
        this.followSchedule(this.serverSchedule);
        return;
      }
      case "playerState":
        if (message.state.playerId === playerId) this.adoptState(message.state);
        return;
      case "playSong": {
        if (message.playerId !== playerId) return;
        this.serverNext = message.nextSongId;
        const requested = this.requestedPlaylist;
        this.requestedPlaylist = null;
        if (this.current?.song.id === message.songId) {
          // The song this player already crossfaded into on its own.
          if (message.playlistId) this.current.playlistId = message.playlistId;
          this.refreshPreload();
          return;
        }
        const song = this.plan ? findSong(this.plan, message.songId) : null;
        if (!song) {
          // Not in the plan this page holds: the plan is older than the server's.
          this.deps.planOutdated();
          return;
        }
        const playlistId = message.playlistId ?? this.current?.playlistId ?? null;
        const fromSchedule = requested !== null && requested === playlistId;
        const fallback =
          this.serverSchedule?.playlistId === playlistId ? this.serverSchedule.fallback : false;
        this.paused = false;
        void this.transition(
          song,
          playlistId,
          fromSchedule ? this.crossfadeSeconds() : COMMAND_FADE_S,
          fromSchedule ? "finished" : "skipped",
          fallback,
        );
        return;
      }
      case "pause":
        if (message.playerId === playerId) this.pause();
        return;
      case "play":
      case "resumePlay":
        if (message.playerId === playerId) void this.resume();
        return;
      case "stopPlay":
        if (message.playerId === playerId) this.stopAsked();
        return;
      case "volume":
        if (message.playerId === playerId) this.setVolume(message.volume);
        return;
      case "shuffle":
        if (message.playerId !== playerId) return;
        this.shuffle = message.shuffled;
        this.serverNext = message.nextSongId;
        this.refreshPreload();
        return;
      case "error":
        // A refused playlist request is not waited for any longer.
        this.requestedPlaylist = null;
        this.serverMessage = message.message;
        this.deps.onChange();
        return;
      default:
        return;
    }
  }

  /**
   * The server has nothing after this song (the playlist's end, loop off).
   * While the schedule still wants the playlist it starts over: a venue's
   * hour must not fall silent. Once per song played, so an empty playlist
   * does not ask again and again.
   */
  private stopAsked(): void {
    const scheduled = this.scheduled();
    const playlistId = scheduled?.playlistId ?? null;
    if (playlistId && this.playedSinceRestart && this.playerId) {
      this.playedSinceRestart = false;
      this.requestedPlaylist = playlistId;
      this.send({ type: "playPlaylistRequested", playerId: this.playerId, playlistId });
      return;
    }
    this.halt("silence");
  }

  private adoptState(state: PlayerLiveState): void {
    this.shuffle = state.shuffle;
    if (!this.volumeAdopted) {
      // The first state after the page opened: the volume the owner left it at.
      this.volumeAdopted = true;
      this.setVolume(state.volume, false);
    }
    if (
      state.songId &&
      state.songId === this.current?.song.id &&
      state.nextSongId !== this.serverNext
    ) {
      this.serverNext = state.nextSongId;
      this.refreshPreload();
    }
  }

  private crossfadeSeconds(): number {
    return this.plan?.crossfadeSeconds ?? 0;
  }

  /** What the schedule wants now: the server's word online, the plan's offline. */
  private scheduled(): Scheduled | null {
    if (this.online && this.serverSchedule) return this.serverSchedule;
    return this.plan ? scheduledAt(this.plan, this.deps.now()) : null;
  }

  private startScheduled(): void {
    const scheduled = this.scheduled();
    if (scheduled) this.followSchedule(scheduled);
  }

  /** Plays the scheduled playlist unless it already plays; silence when there is none. */
  private followSchedule(scheduled: Scheduled): void {
    if (!scheduled.playlistId) {
      this.halt("silence");
      return;
    }
    if (this.current?.playlistId === scheduled.playlistId && this.problem !== "nothing-playable") {
      return;
    }
    if (this.paused && this.current) return;
    if (this.online) {
      // Asked already (the plan and the server's status may both say so): one answer comes.
      if (!this.playerId || this.requestedPlaylist === scheduled.playlistId) return;
      this.requestedPlaylist = scheduled.playlistId;
      this.send({
        type: "playPlaylistRequested",
        playerId: this.playerId,
        playlistId: scheduled.playlistId,
      });
      return;
    }
    const song = this.chooseNext(scheduled.playlistId);
    if (!song) {
      this.setProblem("nothing-playable");
      return;
    }
    void this.transition(
      song,
      scheduled.playlistId,
      this.crossfadeSeconds(),
      "finished",
      scheduled.fallback,
    );
  }

  /** The song to play after the current one in `playlistId`: the server's word when it has one. */
  private chooseNext(playlistId: string): PlanSong | null {
    const plan = this.plan;
    if (!plan) return null;
    const sameList = this.current?.playlistId === playlistId;
    if (this.online && sameList && this.serverNext && !this.failed.has(this.serverNext)) {
      const told = findSong(plan, this.serverNext);
      if (told) return told;
    }
    return localNext({
      plan,
      playlistId,
      currentSongId: sameList ? (this.current?.song.id ?? null) : null,
      shuffle: this.shuffle,
      recentSongIds: this.recent,
      playable: (songId) => !this.failed.has(songId) && (this.online || this.deps.isCached(songId)),
      random: this.deps.random,
    });
  }

  private onTick(): void {
    const current = this.current;
    const now = this.deps.now();
    if (!this.online && this.plan && !this.paused && !this.transitioning) {
      // Offline the schedule's edges are the plan's to find.
      if (now - this.lastOfflineLook >= OFFLINE_LOOK_MS) {
        this.lastOfflineLook = now;
        const scheduled = scheduledAt(this.plan, now);
        if (scheduled.playlistId !== (current?.playlistId ?? null)) this.followSchedule(scheduled);
      }
    }
    if (!current || this.paused || this.transitioning || !current.playId) return;
    const duration = current.deck.duration();
    if (!Number.isFinite(duration)) return;
    const left = duration - current.deck.position();
    if (left <= PRELOAD_LEAD_S && !this.preloaded) this.preloadNext();
    // A song shorter than three crossfades gets a shorter one.
    const fade = Math.min(this.crossfadeSeconds(), duration / 3);
    if (fade > 0 && left <= fade) {
      void this.advance(fade);
    } else if (fade === 0 && left <= (TICK_MS * 1.5) / 1000 && this.gapless === undefined) {
      // Gapless: the next song starts on the end's very moment, not at the next tick.
      const deck = current.deck;
      this.gapless = this.deps.timers.setTimeout(
        () => {
          this.gapless = undefined;
          if (this.current?.deck === deck) void this.advance(0);
        },
        Math.max(left * 1000 - 15, 0),
      );
    }
  }

  /** The current song is over (or about to be): on to the next one. */
  private async advance(fade: number): Promise<void> {
    const current = this.current;
    if (!current || this.transitioning) return;
    const playlistId = current.playlistId ?? this.scheduled()?.playlistId ?? null;
    const next =
      this.preloaded && this.preloaded.deck !== current.deck
        ? this.preloaded.song
        : playlistId
          ? this.chooseNext(playlistId)
          : null;
    if (!next || !playlistId) {
      this.halt("nothing-playable");
      return;
    }
    await this.transition(next, playlistId, fade, "finished", current.fallback);
  }

  private deckEnded(deck: Deck): void {
    if (this.current?.deck !== deck || this.transitioning) return;
    // A gapless player (crossfade 0) moves on here; a crossfading one already did.
    void this.advance(0);
  }

  private deckFailed(deck: Deck): void {
    const current = this.current;
    if (current?.deck !== deck) return;
    this.failed.add(current.song.id);
    void this.advance(0);
  }

  private preloadNext(): void {
    const current = this.current;
    const playlistId = current?.playlistId;
    if (!current || !playlistId) return;
    const song = this.chooseNext(playlistId);
    if (!song) return;
    const deck = this.otherDeck(current.deck);
    // The deck still fades the song before out: the next tick tries again.
    if ((this.fadingUntil[deck.index] ?? 0) > this.deps.now()) return;
    const ready = deck
      .load(this.deps.songUrl(song.id), this.levelOf(song), LOAD_TIMEOUT_MS)
      .then(() => true)
      .catch(() => {
        this.failed.add(song.id);
        if (this.preloaded?.song === song) this.preloaded = null;
        return false;
      });
    this.preloaded = { deck, song, ready };
    this.deps.onChange();
  }

  /** The server named another next song: load that one instead. */
  private refreshPreload(): void {
    const preloaded = this.preloaded;
    if (!preloaded || this.transitioning) return;
    if (this.serverNext && preloaded.song.id !== this.serverNext) {
      preloaded.deck.unload();
      this.preloaded = null;
    }
  }

  /**
   * Moves to `song`: loads it on the other deck (unless preloaded there),
   * starts it, reports the plays, and crossfades over `fade` seconds. A
   * song that cannot load is marked failed and the one after it is tried.
   */
  private async transition(
    song: PlanSong,
    playlistId: string | null,
    fade: number,
    ending: PlayEnding,
    fallback = this.current?.fallback ?? false,
  ): Promise<void> {
    const generation = ++this.generation;
    this.transitioning = true;
    try {
      const outgoing = this.current;
      const outgoingSounding = Boolean(outgoing?.playId) && !this.paused;
      const deck = outgoing ? this.otherDeck(outgoing.deck) : this.deps.output.decks[0];
      this.fadingUntil[deck.index] = 0;
      const preloaded = this.preloaded?.song.id === song.id && this.preloaded.deck === deck;
      const ready = preloaded
        ? await (this.preloaded as Preloaded).ready
        : await deck
            .load(this.deps.songUrl(song.id), this.levelOf(song), LOAD_TIMEOUT_MS)
            .then(() => true)
            .catch(() => false);
      if (generation !== this.generation) return;
      this.preloaded = null;
      if (!ready) {
        this.failed.add(song.id);
        const after = playlistId ? this.chooseNextAfter(song, playlistId) : null;
        if (!after) {
          this.halt("nothing-playable");
          return;
        }
        this.transitioning = false;
        await this.transition(after, playlistId, 0, ending, fallback);
        return;
      }
      const crossfade = fade > 0 && outgoingSounding;
      deck.setFade(crossfade ? 0 : 1);
      if (!(await this.deps.output.resume())) {
        // Held back until a click: the song waits at its start (`unlock` plays it).
        this.setProblem("needs-gesture");
      } else {
        try {
          await deck.play();
        } catch {
          this.setProblem("needs-gesture");
        }
      }
      if (generation !== this.generation) return;
      if (outgoing) {
        this.endPlay(ending);
        if (crossfade) {
          outgoing.deck.fade("out", fade);
          deck.fade("in", fade);
          this.releaseAfter(outgoing.deck, fade);
        } else {
          outgoing.deck.unload();
        }
      }
      this.current = { deck, song, playlistId, fallback, playId: null };
      this.paused = false;
      if (this.problem !== "needs-gesture") {
        this.problem = null;
        this.beginPlay(this.current);
      }
      this.deps.onChange();
    } finally {
      if (generation === this.generation) this.transitioning = false;
    }
  }

  /** The song after a failed one, treating the failed one as current. */
  private chooseNextAfter(failed: PlanSong, playlistId: string): PlanSong | null {
    const plan = this.plan;
    if (!plan) return null;
    return localNext({
      plan,
      playlistId,
      currentSongId: failed.id,
      shuffle: this.shuffle,
      recentSongIds: this.recent,
      playable: (songId) => !this.failed.has(songId) && (this.online || this.deps.isCached(songId)),
      random: this.deps.random,
    });
  }

  private pause(): void {
    const current = this.current;
    this.paused = true;
    if (current) {
      this.endPlay("stopped");
      current.deck.fade("out", PAUSE_FADE_S);
      const generation = this.generation;
      this.deps.timers.setTimeout(() => {
        if (this.generation === generation && this.paused) current.deck.pause();
      }, PAUSE_FADE_S * 1000);
    }
    this.report();
    this.deps.onChange();
  }

  private async resume(): Promise<void> {
    const current = this.current;
    this.paused = false;
    if (!current) {
      this.startScheduled();
      return;
    }
    if (current.playId) return;
    try {
      await current.deck.play();
    } catch {
      this.setProblem("needs-gesture");
      return;
    }
    current.deck.fade("in", PAUSE_FADE_S);
    this.beginPlay(current);
    this.deps.onChange();
  }

  /** Nothing to play: the song fades out and the page says why. */
  private halt(problem: Problem): void {
    this.generation += 1;
    this.transitioning = false;
    const current = this.current;
    this.endPlay("stopped");
    this.current = null;
    this.preloaded?.deck.unload();
    this.preloaded = null;
    if (current) {
      current.deck.fade("out", COMMAND_FADE_S);
      this.releaseAfter(current.deck, COMMAND_FADE_S);
    }
    this.problem = problem;
    this.report();
    this.deps.onChange();
  }

  /** Lets go of a deck's song once it faded out, unless it was given another song meanwhile. */
  private releaseAfter(deck: Deck, fadeSeconds: number): void {
    const until = this.deps.now() + fadeSeconds * 1000;
    this.fadingUntil[deck.index] = until;
    this.deps.timers.setTimeout(
      () => {
        if (this.fadingUntil[deck.index] !== until) return;
        this.fadingUntil[deck.index] = 0;
        if (this.current?.deck !== deck && this.preloaded?.deck !== deck) deck.unload();
      },
      fadeSeconds * 1000 + 50,
    );
  }

  private setVolume(volume: number, report = true): void {
    this.volume = Math.round(Math.min(Math.max(volume, 0), 100));
    this.deps.output.setVolume(volumeGain(this.volume));
    if (report) this.report();
    this.deps.onChange();
  }

  private setProblem(problem: Problem): void {
    this.problem = problem;
    this.deps.onChange();
  }

  private beginPlay(playing: Playing): void {
    if (!this.playerId) return;
    playing.playId = this.deps.newPlayId();
    this.playedSinceRestart = true;
    this.recent = [...this.recent, playing.song.id].slice(-SHUFFLE_MEMORY);
    this.send({
      type: "songStarted",
      playerId: this.playerId,
      playId: playing.playId,
      songId: playing.song.id,
      playlistId: playing.playlistId,
      fallback: playing.fallback,
      startedAt: new Date(this.deps.now()).toISOString(),
    });
    this.report();
  }

  private endPlay(ending: PlayEnding): void {
    const current = this.current;
    if (!current?.playId || !this.playerId) return;
    this.send({
      type: "songEnded",
      playerId: this.playerId,
      playId: current.playId,
      endedAt: new Date(this.deps.now()).toISOString(),
      ending,
    });
    current.playId = null;
  }

  /** Tells the server what plays, where, how loud (its live state). */
  private report(): void {
    if (!this.playerId || !this.online) return;
    const current = this.current;
    this.send({
      type: "playerStatus",
      playerId: this.playerId,
      songId: current?.song.id ?? null,
      playlistId: current?.playlistId ?? null,
      positionSeconds: Math.round((current?.deck.position() ?? 0) * 10) / 10,
      volume: this.volume,
      playing: Boolean(current?.playId) && !this.paused,
    });
  }

  private send(message: ClientSocketMessage): void {
    this.deps.send(message);
  }

  private levelOf(song: PlanSong): number {
    return dbToLinear(songGainDb(song.gainDb, song.truePeakDb));
  }

  private otherDeck(deck: Deck): Deck {
    const [first, second] = this.deps.output.decks;
    return deck === first ? second : first;
  }

  private songOnDeck(deck: Deck): string | null {
    if (this.current?.deck === deck) return this.current.song.id;
    if (this.preloaded?.deck === deck) return this.preloaded.song.id;
    return null;
  }
}
