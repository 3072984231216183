import type { PlanSong, PlayEnding } from "@fonika/shared";
import type { Deck } from "./deck.ts";
import type {
  EngineDependencies,
  EngineState,
  Playing,
  Preloaded,
  Problem,
} from "./engine-state.ts";
import { dbToLinear, songGainDb } from "./levels.ts";
import type { PlayReports } from "./play-reports.ts";
import type { SongChoice } from "./song-choice.ts";

/** A song that fails to load is given up after this long (a broken file fails at once). */
export const LOAD_TIMEOUT_MS = 8_000;
/** The next song is loaded this long before it is needed. */
export const PRELOAD_LEAD_S = 40;
/** A command of the owner's (next, previous, another playlist) fades this fast. */
export const COMMAND_FADE_S = 1;
/** The engine looks at its decks this often (`tick`). */
export const TICK_MS = 200;
/** Gapless (crossfade 0): the next song is started this long before the end, for the browser's start-up. */
const GAPLESS_LEAD_S = 0.015;

/**
 * How the web player goes from song to song on its two decks: it loads the
 * next song on the idle deck ahead of time, starts it, crossfades into it
 * so that the outgoing song reaches silence as its file ends (or, at
 * crossfade 0, starts it gaplessly on the end's very moment), lets go of a
 * deck once its song faded out, and skips a song that fails to load or to
 * play for the one after it.
 */
export class DeckSwitching {
  /** The song whose move to the next is timed already (`tick`). */
  private advanceTimedFor: Playing | null = null;
  /** Until when (ms) a deck still fades out: it takes no new song before. */
  private readonly fadingUntil = [0, 0];

  constructor(
    private readonly state: EngineState,
    private readonly deps: EngineDependencies,
    private readonly reports: PlayReports,
    private readonly choice: SongChoice,
  ) {
    for (const deck of deps.output.decks) {
      deck.onEnded = () => this.deckEnded(deck);
      deck.onFailed = () => this.deckFailed(deck);
    }
  }

  /** Every `TICK_MS`: loads the next song ahead and moves on to it as the current one ends. */
  tick(): void {
    const { current, paused, transitioning } = this.state;
    if (!current || paused || transitioning || !current.playId) return;
    const duration = current.deck.duration();
    if (!Number.isFinite(duration)) return;
    const left = duration - current.deck.position();
    if (left <= PRELOAD_LEAD_S && !this.state.preloaded) this.preloadNext();
    // A song shorter than three crossfades gets a shorter one.
    const fade = Math.min(this.state.crossfadeSeconds(), duration / 3);
    // The move is timed to its moment (`fade` before the end, or the end's very
    // moment when gapless) rather than left to a tick up to TICK_MS late: a
    // crossfade begun late would be cut off by the end of the file.
    const lead = fade > 0 ? fade : GAPLESS_LEAD_S;
    if (left <= lead + (TICK_MS * 1.5) / 1000 && this.advanceTimedFor !== current) {
      this.advanceTimedFor = current;
      this.deps.timers.setTimeout(
        () => {
          if (this.state.current !== current) return;
          // Paused or busy meanwhile: a later tick times the move again.
          if (this.state.paused || this.state.transitioning) this.advanceTimedFor = null;
          else void this.advance(fade);
        },
        Math.max((left - lead) * 1000, 0),
      );
    }
  }

  /** The server named another next song: load that one instead. */
  refreshPreload(): void {
    const preloaded = this.state.preloaded;
    if (!preloaded || this.state.transitioning) return;
    if (this.state.serverNext && preloaded.song.id !== this.state.serverNext) {
      preloaded.deck.unload();
      this.state.preloaded = null;
    }
  }

  /**
   * Moves to `song`: loads it on the other deck (unless preloaded there),
   * starts it, reports the plays, and crossfades over `fade` seconds. A
   * song that cannot load is marked failed and the one after it is tried.
   */
  async transition(
    song: PlanSong,
    playlistId: string | null,
    fade: number,
    ending: PlayEnding,
    fallback = this.state.current?.fallback ?? false,
  ): Promise<void> {
    const state = this.state;
    const generation = ++state.generation;
    state.transitioning = true;
    // A reload's song starts where it was cut; any other first move lets the hint go.
    const startAt = state.resumeAt?.songId === song.id ? state.resumeAt.positionSeconds : 0;
    state.resumeAt = null;
    try {
      const outgoing = state.current;
      const outgoingSounding = Boolean(outgoing?.playId) && !state.paused;
      const deck = outgoing ? this.otherDeck(outgoing.deck) : this.deps.output.decks[0];
      this.fadingUntil[deck.index] = 0;
      const preloaded = state.preloaded?.song.id === song.id && state.preloaded.deck === deck;
      const ready = preloaded
        ? await (state.preloaded as Preloaded).ready
        : await deck
            .load(this.deps.songUrl(song.id), levelOf(song), LOAD_TIMEOUT_MS)
            .then(() => true)
            .catch(() => false);
      if (generation !== state.generation) return;
      state.preloaded = null;
      if (!ready) {
        state.failed.add(song.id);
        const after = playlistId ? this.choice.next(playlistId, song) : null;
        if (!after) {
          this.halt("nothing-playable");
          return;
        }
        state.transitioning = false;
        await this.transition(after, playlistId, 0, ending, fallback);
        return;
      }
      if (startAt > 0) deck.seek(startAt);
      const crossfade =
        fade > 0 && outgoing !== null && outgoingSounding && secondsLeft(outgoing.deck) > 0;
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
      if (generation !== state.generation) return;
      if (outgoing) {
        this.reports.endPlay(ending);
        if (crossfade) {
          // The outgoing fade reaches silence when its file ends, at the latest: a
          // song loud to its last sample is never cut off mid-fade. Both curves
          // share one span, so the crossfade stays equal-power.
          const span = Math.min(fade, secondsLeft(outgoing.deck));
          outgoing.deck.fade("out", span);
          deck.fade("in", span);
          this.releaseAfter(outgoing.deck, span);
        } else {
          outgoing.deck.unload();
        }
      }
      state.current = { deck, song, playlistId, fallback, playId: null };
      state.paused = false;
      if (state.problem !== "needs-gesture") {
        state.problem = null;
        this.reports.beginPlay(state.current);
      }
      this.deps.onChange();
    } finally {
      if (generation === state.generation) state.transitioning = false;
    }
  }

  /** Nothing to play: the song fades out and the page says why. */
  halt(problem: Problem): void {
    const state = this.state;
    state.generation += 1;
    state.transitioning = false;
    const current = state.current;
    this.reports.endPlay("stopped");
    state.current = null;
    state.preloaded?.deck.unload();
    state.preloaded = null;
    if (current) {
      current.deck.fade("out", COMMAND_FADE_S);
      this.releaseAfter(current.deck, COMMAND_FADE_S);
    }
    state.problem = problem;
    this.reports.report();
    this.deps.onChange();
  }

  /** The current song is over (or about to be): on to the next one. */
  private async advance(fade: number): Promise<void> {
    const { current, preloaded } = this.state;
    if (!current || this.state.transitioning) return;
    const playlistId = current.playlistId ?? this.choice.scheduled()?.playlistId ?? null;
    const next =
      preloaded && preloaded.deck !== current.deck
        ? preloaded.song
        : playlistId
          ? this.choice.next(playlistId)
          : null;
    if (!next || !playlistId) {
      this.halt("nothing-playable");
      return;
    }
    await this.transition(next, playlistId, fade, "finished", current.fallback);
  }

  private deckEnded(deck: Deck): void {
    if (this.state.current?.deck !== deck || this.state.transitioning) return;
    // A gapless player (crossfade 0) moves on here; a crossfading one already did.
    void this.advance(0);
  }

  private deckFailed(deck: Deck): void {
    const current = this.state.current;
    if (current?.deck !== deck) return;
    this.state.failed.add(current.song.id);
    void this.advance(0);
  }

  private preloadNext(): void {
    const current = this.state.current;
    const playlistId = current?.playlistId;
    if (!current || !playlistId) return;
    const song = this.choice.next(playlistId);
    if (!song) return;
    const deck = this.otherDeck(current.deck);
    // The deck still fades the song before out: the next tick tries again.
    if ((this.fadingUntil[deck.index] ?? 0) > this.deps.now()) return;
    const ready = deck
      .load(this.deps.songUrl(song.id), levelOf(song), LOAD_TIMEOUT_MS)
      .then(() => true)
      .catch(() => {
        this.state.failed.add(song.id);
        if (this.state.preloaded?.song === song) this.state.preloaded = null;
        return false;
      });
    this.state.preloaded = { deck, song, ready };
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
        const { current, preloaded } = this.state;
        if (current?.deck !== deck && preloaded?.deck !== deck) deck.unload();
      },
      fadeSeconds * 1000 + 50,
    );
  }

  /** Shows `problem` on the page; what sounds goes on. */
  setProblem(problem: Problem): void {
    this.state.problem = problem;
    this.deps.onChange();
  }

  private otherDeck(deck: Deck): Deck {
    const [first, second] = this.deps.output.decks;
    return deck === first ? second : first;
  }
}

/** Seconds of a deck's song still to play (Infinity while its length is unknown). */
function secondsLeft(deck: Deck): number {
  const left = deck.duration() - deck.position();
  return Number.isFinite(left) ? Math.max(left, 0) : Number.POSITIVE_INFINITY;
}

function levelOf(song: PlanSong): number {
  return dbToLinear(songGainDb(song.gainDb, song.truePeakDb));
}
