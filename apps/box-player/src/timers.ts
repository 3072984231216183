/**
 * The box player's clock: every timer it sets is kept here, so stopping
 * the box clears them all at once and no callback fires after it.
 */

export interface Timings {
  /** Polling wait-for-verification. */
  poll: number;
  /** Rotating the access token, as the web app does (SPEC.md §9). */
  refresh: number;
  /** Socket pings (SPEC.md §4). */
  ping: number;
  /** Waiting before reconnecting a dropped socket. */
  reconnect: number;
}

export const DEFAULT_TIMINGS: Timings = {
  poll: 4_000,
  refresh: 50_000,
  ping: 4_000,
  reconnect: 5_000,
};

export class Timers {
  private readonly timers = new Set<NodeJS.Timeout>();

  /** `onError` hears what a delayed action throws or rejects with: a box has no caller to tell. */
  constructor(private readonly onError: (error: unknown) => void) {}

  /** Runs `action` once after `ms`; its failure goes to `onError`. */
  later(ms: number, action: () => void | Promise<void>): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void Promise.resolve(action()).catch(this.onError);
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  /** Runs `action` every `ms` until cancelled or cleared. */
  every(ms: number, action: () => void): NodeJS.Timeout {
    const timer = setInterval(action, ms);
    this.timers.add(timer);
    return timer;
  }

  /** Resolves after `ms`; never, once the timers are cleared (the box stopped). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  /** Cancels one timer set here (a timeout or an interval alike). */
  cancel(timer: NodeJS.Timeout): void {
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  /** Cancels every timer: the box stops. */
  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
