import { type ClientSocketMessage, clientSocketMessageSchema } from "@fonika/shared";
import { z } from "zod";
import { JsonFile, readJson } from "./box-data.ts";

/**
 * The box's play reports on their way to the history (issue 31), the same
 * rules as the web player's outbox: `songStarted` and `songEnded` wait, in
 * order, while the socket is down, and go first when it is back; the
 * other messages (status, commands) are of the moment and are dropped.
 *
 * A report written to a socket is not yet a report heard: a line cut
 * without a close swallows what is sent until the pings tell. So a report
 * is kept until the server answers a ping sent after it (it reads a
 * socket's frames in order), and sent again after a reconnect otherwise;
 * the history takes a play's start and end once, whatever is resent.
 * What waits is kept on disk, so a box rebooted in an outage sends it too.
 */

type Report = Extract<ClientSocketMessage, { type: "songStarted" | "songEnded" }>;

function isReport(message: ClientSocketMessage): message is Report {
  return message.type === "songStarted" || message.type === "songEnded";
}

const keptSchema = z.array(clientSocketMessageSchema);

/** A day of three-minute songs is far below it; beyond it the oldest go. */
const MAX_KEPT = 20_000;

export class ReportOutbox {
  /** Not written to a socket yet. */
  private waiting: Report[] = [];
  /** Written, and no ping answered since: each with its number. */
  private unconfirmed: { seq: number; report: Report }[] = [];
  /** For each ping sent and not answered: the number of the last report written before it. */
  private pings: number[] = [];
  private seq = 0;
  private open = false;
  private readonly file: JsonFile | null;

  constructor(
    file: string | null,
    /** Writes to the socket; false when it is not open. */
    private readonly deliver: (message: ClientSocketMessage) => boolean,
    onError: (error: unknown) => void,
  ) {
    this.file = file ? new JsonFile(file, onError) : null;
  }

  /** Takes what an earlier run left waiting. */
  async load(): Promise<void> {
    if (!this.file) return;
    const kept = await readJson(this.file.path, keptSchema);
    this.waiting = [...(kept ?? []).filter(isReport), ...this.waiting];
  }

  /** Plays waiting for the server: not sent, or sent and not confirmed. */
  count(): number {
    return this.waiting.length + this.unconfirmed.length;
  }

  send(message: ClientSocketMessage): void {
    if (this.open && this.deliver(message)) {
      if (!isReport(message)) return;
      this.unconfirmed.push({ seq: ++this.seq, report: message });
    } else {
      if (!isReport(message)) return;
      this.waiting.push(message);
      if (this.waiting.length > MAX_KEPT) this.waiting.splice(0, this.waiting.length - MAX_KEPT);
    }
    this.save();
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
    if (this.unconfirmed.length !== before) this.save();
  }

  /** The socket is open and the server knows the box: what waits goes first, in order. */
  opened(): void {
    const again = [...this.unconfirmed.map((sent) => sent.report), ...this.waiting];
    this.unconfirmed = [];
    this.waiting = [];
    this.pings = [];
    this.open = true;
    for (const report of again) this.send(report);
    if (again.length === 0) this.save();
  }

  /** The socket dropped: what was not confirmed waits again. */
  closed(): void {
    this.open = false;
    this.waiting = [...this.unconfirmed.map((sent) => sent.report), ...this.waiting];
    this.unconfirmed = [];
    this.pings = [];
    this.save();
  }

  /** Resolves once what waits is on disk. */
  async flushed(): Promise<void> {
    await this.file?.flushed();
  }

  private save(): void {
    this.file?.save([...this.unconfirmed.map((sent) => sent.report), ...this.waiting]);
  }
}
