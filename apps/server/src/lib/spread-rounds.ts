/**
 * Work over every item of a set once a period, spread through the period
 * instead of done in one burst (issue 30): each round takes the items there
 * are at its start and visits them in slices, one every `tickMs`, so that
 * the last slice runs before the round's period is over. At 11 000 open
 * sockets, a session check of all of them at once was one 11 000-row read
 * every 30 s, and the owners' commands waited behind it for up to 40 ms.
 *
 * An item gone before its slice (`isCurrent` answers false) is skipped.
 * The next slice is timed from the end of the last: slices never overlap.
 * A round with nothing in it waits a whole period before the next, so an
 * idle process is not woken every tick.
 */
export class SpreadRounds<T> {
  private timer: NodeJS.Timeout | undefined;
  private round: T[] = [];
  private next = 0;
  private sliceSize = 0;
  private started = false;

  constructor(
    private readonly options: {
      periodMs: number;
      /** How often a slice runs (at most the period). */
      tickMs: number;
      /** The items of a new round. */
      items: () => T[];
      /** Whether an item taken at its round's start is still there. */
      isCurrent: (item: T) => boolean;
      /** The work on one slice. */
      visit: (slice: T[]) => Promise<void>;
    },
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.arm(this.tickMs());
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private tickMs(): number {
    return Math.min(this.options.tickMs, this.options.periodMs);
  }

  private arm(delayMs: number): void {
    if (!this.started || this.timer) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    try {
      if (this.next >= this.round.length) this.beginRound();
      const slice = this.round
        .slice(this.next, this.next + this.sliceSize)
        .filter((item) => this.options.isCurrent(item));
      this.next += this.sliceSize;
      if (slice.length > 0) await this.options.visit(slice);
    } finally {
      this.arm(this.round.length === 0 ? this.options.periodMs : this.tickMs());
    }
  }

  private beginRound(): void {
    const { periodMs } = this.options;
    const ticks = Math.max(1, Math.floor(periodMs / this.tickMs()));
    this.round = this.options.items();
    this.next = 0;
    this.sliceSize = Math.max(1, Math.ceil(this.round.length / ticks));
  }
}
