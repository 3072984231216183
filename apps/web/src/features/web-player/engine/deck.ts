/**
 * One of the web player's two decks: an `<audio>` element whose sound goes
 * through the page's Web Audio graph (level → fade → the shared bus). Two
 * decks are enough for any crossfade and are reused for every song, so a
 * day of music leaves no elements or nodes behind.
 */
export interface Deck {
  readonly index: number;
  /**
   * Loads a song at a level (linear gain); resolves when it can play, rejects on an error or after `timeoutMs`.
   * The address may still be coming (a promise); a `blob:` address is the deck's to let go once it holds another song or none.
   */
  load(url: string | Promise<string>, level: number, timeoutMs: number): Promise<void>;
  /** Starts or resumes; rejects when the browser holds the sound back (NotAllowedError). */
  play(): Promise<void>;
  pause(): void;
  /** Stops and lets go of the file. */
  unload(): void;
  /** Seconds into the song. */
  position(): number;
  /** Moves to `seconds` into the loaded song (a reload resumes where it was). */
  seek(seconds: number): void;
  /** Seconds of the song, NaN until known. */
  duration(): number;
  /** The fade gain now, 0–1. */
  fadeValue(): number;
  /** Sets the fade gain at once. */
  setFade(value: number): void;
  /** Fades along an equal-power curve from now over `seconds`. */
  fade(direction: "in" | "out", seconds: number): void;
  /** Called when the song played to its end, or failed while playing. */
  onEnded: (() => void) | null;
  onFailed: ((error: Error) => void) | null;
  /** The song's URL while loaded (diagnostics), else null. */
  source(): string | null;
  isPlaying(): boolean;
}

/** The page's audio: two decks, the owner's volume, a limiter, and whether the browser lets it sound. */
export interface AudioOutput {
  readonly decks: readonly [Deck, Deck];
  /** The owner's volume as a linear gain, ramped so that a change never clicks. */
  setVolume(gain: number): void;
  /** Tries to let the sound out (a click of the page's button calls it); true when it runs. */
  resume(): Promise<boolean>;
  running(): boolean;
  /** The level of what sounds now, dBFS RMS over the last ~43 ms (−Infinity: silence). */
  level(): number;
}
