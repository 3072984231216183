import type { AudioOutput, Deck } from "./deck.ts";

/** A fade a clock deck was asked for; `left` is the seconds of its song still to play then. */
export interface ClockFade {
  direction: "in" | "out";
  seconds: number;
  left: number;
}

/**
 * Decks that play on the test's clock instead of the browser's audio (the
 * engine's tests run without a browser; the browser flows drive the real
 * Web Audio decks): a song sounds for its duration, loads at once unless
 * its address is marked broken, and records its fades: which way, how
 * long, and how much of the song was left when each began.
 */
export class ClockDeck implements Deck {
  onEnded: (() => void) | null = null;
  onFailed: ((error: Error) => void) | null = null;
  url: string | null = null;
  fade_ = 0;
  fades: ClockFade[] = [];
  private playing = false;
  private startedAt = 0;
  private offset = 0;
  private endTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly index: number,
    private readonly durations: Map<string, number>,
    private readonly broken: Set<string>,
  ) {}

  load(url: string | Promise<string>): Promise<void> {
    this.unload();
    if (typeof url !== "string") return url.then((address) => this.load(address));
    this.url = url;
    return this.broken.has(this.songId() ?? "")
      ? Promise.reject(new Error("broken"))
      : Promise.resolve();
  }

  async play(): Promise<void> {
    if (this.playing || !this.url) return;
    this.playing = true;
    this.startedAt = Date.now();
    this.endTimer = setTimeout(
      () => {
        this.offset = this.duration();
        this.playing = false;
        this.onEnded?.();
      },
      (this.duration() - this.offset) * 1000,
    );
  }

  pause(): void {
    if (!this.playing) return;
    this.offset = this.position();
    this.playing = false;
    clearTimeout(this.endTimer);
  }

  unload(): void {
    this.pause();
    this.url = null;
    this.offset = 0;
    this.fade_ = 0;
  }

  position(): number {
    return this.playing ? this.offset + (Date.now() - this.startedAt) / 1000 : this.offset;
  }

  seek(seconds: number): void {
    const playing = this.playing;
    this.pause();
    this.offset = Math.min(Math.max(seconds, 0), this.duration());
    if (playing) void this.play();
  }

  duration(): number {
    const id = this.songId();
    return id ? (this.durations.get(id) ?? Number.NaN) : Number.NaN;
  }

  fadeValue(): number {
    return this.fade_;
  }

  setFade(value: number): void {
    this.fade_ = value;
  }

  fade(direction: "in" | "out", seconds: number): void {
    this.fades.push({ direction, seconds, left: this.duration() - this.position() });
    this.fade_ = direction === "in" ? 1 : 0;
  }

  source(): string | null {
    return this.url;
  }

  isPlaying(): boolean {
    return this.playing;
  }

  songId(): string | null {
    return this.url ? (/song\/([^/]+)\/file/.exec(this.url)?.[1] ?? null) : null;
  }
}

export function clockOutput(durations: Map<string, number>, broken = new Set<string>()) {
  const decks = [new ClockDeck(0, durations, broken), new ClockDeck(1, durations, broken)] as const;
  const output: AudioOutput & { decks: readonly [ClockDeck, ClockDeck]; volume: number } = {
    decks,
    volume: 1,
    setVolume(gain) {
      output.volume = gain;
    },
    resume: async () => true,
    running: () => true,
    level: () => (decks.some((deck) => deck.isPlaying()) ? -20 : Number.NEGATIVE_INFINITY),
  };
  return output;
}
