/**
 * The arrivals and departures of this process's devices, handled in turns
 * (issue 30): the changes noted while a turn runs wait and go together in
 * the next one, so a storm of 11 000 sockets reconnecting after a restart,
 * or closing at once, costs a few statements per turn of up to
 * MOST_PLAYERS players, not a handful per socket queued on the embedded
 * database ahead of every owner's command. Quiet, a change waits only for
 * the I/O callbacks of its own turn of the event loop.
 *
 * Within a turn each player's changes keep their order, folded: a
 * departure before its first arrival, the arrival, and a departure after
 * it, each phase for all the turn's players at once. A device that left
 * and came back within one turn is handled as it happened (it left, then
 * arrived); one that came and went is left as gone.
 */

/** Players a turn takes at most: each phase's statements stay bounded. */
const MOST_PLAYERS = 500;

export interface PresenceWork {
  /** The devices of these players arrived here: online, told their state and schedule. */
  arrived(playerIds: readonly string[]): Promise<void>;
  /** The devices of these players left here: their plays end, they show offline. */
  left(playerIds: readonly string[]): Promise<void>;
}

type Kind = "arrived" | "left";

interface Change {
  kind: Kind;
  playerIds: readonly string[];
  settle(error?: unknown): void;
}

export class PresenceTurns {
  private pending: Change[] = [];
  private running = false;

  constructor(private readonly work: PresenceWork) {}

  /** Resolves once the turn that handled the arrival is over (rejects with its failure). */
  arrived(playerIds: readonly string[]): Promise<void> {
    return this.note("arrived", playerIds);
  }

  /** Resolves once the turn that handled the departure is over (rejects with its failure). */
  left(playerIds: readonly string[]): Promise<void> {
    return this.note("left", playerIds);
  }

  private note(kind: Kind, playerIds: readonly string[]): Promise<void> {
    if (playerIds.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.pending.push({
        kind,
        playerIds,
        settle: (error) => (error === undefined ? resolve() : reject(error)),
      });
      if (this.running) return;
      this.running = true;
      setImmediate(() => void this.runTurns());
    });
  }

  private async runTurns(): Promise<void> {
    while (this.pending.length > 0) {
      const turn = this.takeTurn();
      let failure: unknown;
      try {
        await this.runTurn(turn);
      } catch (error) {
        failure = error ?? new Error("presence turn failed");
      }
      for (const change of turn) change.settle(failure);
    }
    this.running = false;
  }

  /** The oldest changes, up to MOST_PLAYERS players (at least one change). */
  private takeTurn(): Change[] {
    let players = 0;
    let count = 0;
    while (count < this.pending.length) {
      const size = this.pending[count]?.playerIds.length ?? 0;
      if (count > 0 && players + size > MOST_PLAYERS) break;
      players += size;
      count++;
    }
    return this.pending.splice(0, count);
  }

  private async runTurn(turn: readonly Change[]): Promise<void> {
    const first = new Map<string, Kind>();
    const last = new Map<string, Kind>();
    const arrived = new Set<string>();
    for (const change of turn) {
      for (const id of change.playerIds) {
        if (!first.has(id)) first.set(id, change.kind);
        last.set(id, change.kind);
        if (change.kind === "arrived") arrived.add(id);
      }
    }
    const leftBefore = [...first].filter(([, kind]) => kind === "left").map(([id]) => id);
    const leftAfter = [...last]
      .filter(([id, kind]) => kind === "left" && arrived.has(id))
      .map(([id]) => id);
    if (leftBefore.length > 0) await this.work.left(leftBefore);
    if (arrived.size > 0) await this.work.arrived([...arrived]);
    if (leftAfter.length > 0) await this.work.left(leftAfter);
  }
}
