import type { EventBus } from "../../../realtime/bus.ts";
import { HEARTBEAT_FRESH_MS } from "./live.policy.ts";

/** A device heard alive (its heartbeat written) or gone (left, or silent since), and when. */
export interface DeviceBeat {
  playerId: string;
  /** Milliseconds since the epoch, on the clock of the device's process. */
  at: number;
}

/**
 * Whether the devices of players connected to other processes are alive,
 * held in memory from the bus (issue 30). Every owner's command to a
 * player asks whether its device is connected; when that device is on
 * another process, the answer was a read of its stored heartbeat, and a
 * burst of 2 000 commands across two processes queued 2 000 reads (in
 * batches) behind the commands' own writes, each command waiting for its
 * read before it went out.
 *
 * Each process tells the others, through the bus, what it writes of its
 * devices' heartbeats: written (an arrival, a renewal every
 * HEARTBEAT_RENEW_MS) or cleared (the device left or went silent). The
 * others keep the last they heard of each player and answer from it while
 * the heartbeat it names would pass the online rule (HEARTBEAT_FRESH_MS).
 * What they did not hear, or heard too long ago, is `undefined`: the
 * caller reads the stored heartbeat, which stays the truth. So a process
 * just started, a process that died without a word (its devices' beats
 * age out here as they do in the table) and a bus that lost events (all is
 * forgotten) all fall back to the table.
 *
 * A device moving between processes is told twice, gone from one and
 * heard on the other, and the two may arrive in either order: the later
 * one by its time wins (the processes' clocks are one NTP's).
 */
export class DevicesElsewhere {
  /**
   * The last word of each player's device on another process: when it was
   * heard alive, or, negated, when it went (kept so that an older word
   * arriving late changes nothing). At most one entry a player of the
   * deployment: 20 000 players are about 1.5 MB.
   */
  private readonly lastWord = new Map<string, number>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: {
      bus: EventBus;
      /** Whether the player's device is connected to this process (this process knows it itself). */
      isLocal(playerId: string): boolean;
    },
  ) {
    this.unsubscribe = deps.bus.subscribe((event) => {
      if (event.kind === "devices-heard") this.note(event.beats, event.alive);
    });
    // Events missed while Redis was away: what is held may be out of date.
    deps.bus.onGap(() => this.lastWord.clear());
  }

  /** Tells every process that these players' devices here were heard alive (their heartbeat written). */
  heard(playerIds: readonly string[], at: number): Promise<void> {
    if (playerIds.length === 0) return Promise.resolve();
    const beats = playerIds.map((playerId) => ({ playerId, at }));
    return this.deps.bus.publish({ kind: "devices-heard", rooms: [], alive: true, beats });
  }

  /** Tells every process that these players' devices here are gone (left, or silent since `at`). */
  gone(beats: readonly DeviceBeat[]): Promise<void> {
    if (beats.length === 0) return Promise.resolve();
    return this.deps.bus.publish({
      kind: "devices-heard",
      rooms: [],
      alive: false,
      beats: [...beats],
    });
  }

  /**
   * True when the player's device, connected to another process, was heard
   * alive within the online rule. Otherwise (never heard, heard too long
   * ago, or gone) `undefined`: the caller reads the stored heartbeat, so
   * that a word this process missed or has not had yet never keeps a
   * command from a device that is there.
   */
  isAlive(playerId: string, nowMs: number = Date.now()): true | undefined {
    const word = this.lastWord.get(playerId);
    return word !== undefined && word > 0 && nowMs - word < HEARTBEAT_FRESH_MS ? true : undefined;
  }

  /** Stops listening (the process stops). */
  stop(): void {
    this.unsubscribe();
    this.lastWord.clear();
  }

  private note(beats: readonly DeviceBeat[], alive: boolean): void {
    for (const { playerId, at } of beats) {
      // This process knows its own devices.
      if (this.deps.isLocal(playerId)) continue;
      const known = this.lastWord.get(playerId);
      if (known !== undefined && Math.abs(known) > at) continue;
      this.lastWord.set(playerId, alive ? at : -at);
    }
  }
}
