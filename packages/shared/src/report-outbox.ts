import type { ClientSocketMessage } from "./socket.ts";

/**
 * A player's play reports on their way to the history (issues 14, 31),
 * the same rules for the web player and the box: `songStarted` and
 * `songEnded` wait, in order, while the socket is down, and go first when
 * it is back; other messages (status, commands) are of the moment and are
 * dropped.
 *
 * A report written to a socket is not yet a report heard: a line cut
 * without a close swallows what is sent until the pings tell, and frames
 * that reach the server before it has checked a stale token are dropped
 * with the socket. So a report is kept until the server answers a ping
 * sent after it (it reads a socket's frames in order and answers pings of
 * an admitted socket only), and sent again after a reconnect otherwise;
 * the history takes a play's start and end once, whatever is resent.
 * Where it is kept between runs (localStorage, a file) is the caller's:
 * `persist` is told what waits after every change.
 */

export type PlayReport = Extract<ClientSocketMessage, { type: "songStarted" | "songEnded" }>;

export function isPlayReport(message: ClientSocketMessage): message is PlayReport {
  return message.type === "songStarted" || message.type === "songEnded";
}

export class PlayReportOutbox {
  /** Not written to a socket yet. */
  private queued: PlayReport[] = [];
  /** Written, and no ping answered since: each with its number. */
  private unconfirmed: { seq: number; report: PlayReport }[] = [];
  /** For each ping sent and not answered: the number of the last report written before it. */
  private pings: number[] = [];
  private seq = 0;
  private open = false;

  constructor(
    /** Writes to the socket; false when it is not open. */
    private readonly deliver: (message: ClientSocketMessage) => boolean,
    /** Keeps what waits (not sent, or not confirmed), for a restart. */
    private readonly persist: (kept: readonly PlayReport[]) => void,
    /** Beyond it the oldest go: a day of short songs is far below it. */
    private readonly maxKept: number,
  ) {}

  /** Takes what an earlier run left waiting, before what this run added. */
  restore(kept: readonly PlayReport[]): void {
    this.queued = [...kept, ...this.queued];
  }

  /** Plays waiting for the server: not sent, or sent and not confirmed. */
  count(): number {
    return this.queued.length + this.unconfirmed.length;
  }

  /**
   * Plays not written to a socket yet (what a screen calls "waiting to be
   * sent"): those written and not yet confirmed are on their way, and come
   * back here if the socket drops.
   */
  unsent(): number {
    return this.queued.length;
  }

  send(message: ClientSocketMessage): void {
    if (this.open && this.deliver(message)) {
      if (!isPlayReport(message)) return;
      this.unconfirmed.push({ seq: ++this.seq, report: message });
    } else {
      if (!isPlayReport(message)) return;
      this.queued.push(message);
      if (this.queued.length > this.maxKept) {
        this.queued.splice(0, this.queued.length - this.maxKept);
      }
    }
    this.keep();
  }

  /** A ping went out: the reports written before it are confirmed by its answer. */
  pinged(): void {
    this.pings.push(this.seq);
  }

  /** The server answered the oldest ping. */
  ponged(): void {
    const upTo = this.pings.shift();
    if (upTo === undefined) return;
    const before = this.unconfirmed.length;
    this.unconfirmed = this.unconfirmed.filter((sent) => sent.seq > upTo);
    if (this.unconfirmed.length !== before) this.keep();
  }

  /** The socket is open: what waits goes first, in order. */
  opened(): void {
    const again = [...this.unconfirmed.map((sent) => sent.report), ...this.queued];
    this.unconfirmed = [];
    this.queued = [];
    this.pings = [];
    this.open = true;
    for (const report of again) this.send(report);
    if (again.length === 0) this.keep();
  }

  /** The socket dropped: what was not confirmed waits again. */
  closed(): void {
    this.open = false;
    this.queued = [...this.unconfirmed.map((sent) => sent.report), ...this.queued];
    this.unconfirmed = [];
    this.pings = [];
    this.keep();
  }

  private keep(): void {
    this.persist([...this.unconfirmed.map((sent) => sent.report), ...this.queued]);
  }
}
