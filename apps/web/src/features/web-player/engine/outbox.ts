import type { ClientSocketMessage } from "@fonika/shared";

/**
 * What the web player tells the server, kept while the socket is down
 * (issue 14: "when the network returns it … sends the history it kept").
 * Plays started and ended wait in order, in localStorage so that a reload
 * during an outage keeps them; of the status reports only the last one
 * matters; commands made offline are dropped (the player decides by
 * itself then). A day of short songs is far below the cap.
 */

const MAX_KEPT = 5_000;

type Report = Extract<ClientSocketMessage, { type: "songStarted" | "songEnded" }>;

function isPlayReport(message: ClientSocketMessage): message is Report {
  return message.type === "songStarted" || message.type === "songEnded";
}

export class Outbox {
  private kept: Report[];
  private open = false;

  constructor(
    private readonly deliver: (message: ClientSocketMessage) => void,
    private readonly storage: Storage | undefined,
    private readonly key: string,
  ) {
    this.kept = this.load();
  }

  /** How many plays wait for the network. */
  waiting(): number {
    return this.kept.length;
  }

  send(message: ClientSocketMessage): void {
    if (this.open) {
      this.deliver(message);
      return;
    }
    if (!isPlayReport(message)) return;
    this.kept.push(message);
    if (this.kept.length > MAX_KEPT) this.kept.splice(0, this.kept.length - MAX_KEPT);
    this.save();
  }

  /** The socket opened: what was kept goes first, in order; or it closed. */
  setOpen(open: boolean): void {
    this.open = open;
    if (!open || this.kept.length === 0) return;
    const kept = this.kept;
    this.kept = [];
    for (const message of kept) this.deliver(message);
    this.save();
  }

  private load(): Report[] {
    try {
      const raw = this.storage?.getItem(this.key);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as Report[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      if (this.kept.length === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify(this.kept));
    } catch {
      // Storage full or refused: the reports still go when the socket opens, unless the page closes first.
    }
  }
}
