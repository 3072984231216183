/**
 * How many frames one socket may send: a token bucket (a burst allowance
 * that refills at a steady rate). A frame costs one unit per started KiB,
 * so that a flood of large frames runs out as fast in bytes as one of
 * small frames does in count.
 *
 * The numbers, from what the clients send:
 * - steady traffic is small: a ping every 4 s (0.25/s), a status report
 *   and two play reports per song, a command per click; a volume slider
 *   dragged sends a few dozen a second for a moment. 20 a second refilled
 *   is far above any of it held for long;
 * - the burst is the web player's outbox: after an outage it resends every
 *   play it kept offline at once, up to 5 000 reports (its MAX_KEPT, about
 *   300 bytes, one unit, each), right behind `connect` and a status. 6 000
 *   covers that with room to spare, so a real client never meets the
 *   limit; a flood meets it after at most 6 000 frames (or 6 MB) and then
 *   after 20 a second.
 * If the outbox ever paces its resend, the burst can shrink with it.
 */
export const FRAME_BUDGET = {
  burst: 6_000,
  refillPerSecond: 20,
  bytesPerUnit: 1_024,
} as const;

export interface FrameBudgetOptions {
  burst: number;
  refillPerSecond: number;
  bytesPerUnit: number;
  now?: () => number;
}

/** One socket's allowance; full when the socket opens. */
export class FrameBudget {
  private units: number;
  private updatedAt: number;
  private readonly now: () => number;

  constructor(private readonly options: FrameBudgetOptions = FRAME_BUDGET) {
    this.now = options.now ?? Date.now;
    this.units = options.burst;
    this.updatedAt = this.now();
  }

  /**
   * Spends what a frame of `bytes` costs and answers whether the socket
   * could afford it; once it could not, the caller closes the socket (a
   * refused frame spends nothing).
   */
  take(bytes: number): boolean {
    const now = this.now();
    const refilled = ((now - this.updatedAt) / 1000) * this.options.refillPerSecond;
    this.units = Math.min(this.options.burst, this.units + refilled);
    this.updatedAt = now;
    const cost = Math.max(1, Math.ceil(bytes / this.options.bytesPerUnit));
    if (cost > this.units) return false;
    this.units -= cost;
    return true;
  }
}
