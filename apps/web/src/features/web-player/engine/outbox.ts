import {
  type ClientSocketMessage,
  isPlayReport,
  type PlayReport,
  PlayReportOutbox,
} from "@fonika/shared";

/**
 * What the web player tells the server, kept while the socket is down
 * (issue 14: "when the network returns it … sends the history it kept"):
 * the shared outbox's rules — plays started and ended wait in order and
 * are kept until a pong confirms the server heard them (issue 31: after an
 * hour offline the first socket carried a stale token and the server
 * dropped all 358 reports with it) — in localStorage, so that a reload
 * during an outage keeps them; of the other messages nothing is kept.
 */

const MAX_KEPT = 5_000;

export class Outbox extends PlayReportOutbox {
  constructor(
    /** Writes to the socket; false when it is not open. */
    deliver: (message: ClientSocketMessage) => boolean,
    private readonly storage: Storage | undefined,
    private readonly key: string,
  ) {
    super(deliver, (kept) => this.save(kept), MAX_KEPT);
    this.restore(this.load());
  }

  /**
   * How many plays wait to be sent: not written to a socket yet. Those
   * written and not yet confirmed by a pong are on their way (a screen
   * online would otherwise show two waiting after every song); they come
   * back here if the socket drops.
   */
  waiting(): number {
    return this.unsent();
  }

  /** The socket opened (what waits goes first, in order) or closed (what is unconfirmed waits again). */
  setOpen(open: boolean): void {
    if (open) this.opened();
    else this.closed();
  }

  private load(): PlayReport[] {
    try {
      const raw = this.storage?.getItem(this.key);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as ClientSocketMessage[]).filter(isPlayReport) : [];
    } catch {
      return [];
    }
  }

  private save(kept: readonly PlayReport[]): void {
    try {
      if (kept.length === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify(kept));
    } catch {
      // Storage full or refused: the reports still go when the socket opens, unless the page closes first.
    }
  }
}
