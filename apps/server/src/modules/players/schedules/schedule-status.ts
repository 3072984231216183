import { createHash } from "node:crypto";
import type { PlayerDecision, ScheduleStatus as StatusOfSchedule } from "@fonika/shared";
import type { ServiceLog } from "../../../kernel/service-log.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import type { LiveStates } from "../live/live-states.ts";

/**
 * The schedule's `status` pushed to players (SPEC.md §4): what each player
 * plays now by its schedule, told when its device connects, when its
 * schedule changes, when its owner's music access changes, and again when
 * the decision runs out. Timers are kept only for devices connected to
 * this process; other processes tell their own.
 */

/** How long a burst of music access changes is gathered before players decide again. */
const ACCESS_CHANGE_GATHER_MS = 200;

/** Players decided and told in one go by a push. */
const PUSH_BATCH = 500;

export interface ScheduleStatusDependencies {
  bus: EventBus;
  log: ServiceLog;
  /** What each player plays now by its schedule (schedules). */
  decide(playerIds: string[], instantMs: number): Promise<Map<string, PlayerDecision>>;
  states: LiveStates;
  /** Whether the device of a player is connected to this process. */
  isLocal(playerId: string): boolean;
  /** The players whose devices are connected to this process. */
  localPlayerIds(): string[];
  /**
   * The songs each playlist may play now, in order (the library: those
   * barred by their holder's licence left out, each with when it stops).
   */
  playlistTracks(
    ids: readonly string[],
  ): Promise<Map<string, readonly { songId: string; playableUntil?: string }[]>>;
}

interface PushOptions {
  /** Tell only the players whose answer changed since they were told... */
  onlyChanged?: boolean;
  /** ...or whose playlist's songs changed (these playlists). */
  songsChanged?: ReadonlySet<string>;
}

export class ScheduleStatus {
  /** When to decide again for a player whose device is connected here. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The last `status` told to each player whose device is connected here. */
  private readonly told = new Map<string, string>();
  /** Players whose decision ran out this turn, decided together (`due`). */
  private readonly dueNow = new Set<string>();
  /**
   * What each playlist told to a device here held then (a digest of its
   * playable songs and their ends): a change of access that leaves a
   * player's playlist as it was, but changes its songs (a holder's
   * licence ended), is news to its devices, whose plans hold those songs.
   */
  private readonly prints = new Map<string, string>();
  /** Gathers a burst of access changes into one decision for every device here. */
  private accessChangedTimer: NodeJS.Timeout | undefined;
  private readonly stopListening: () => void;

  constructor(private readonly deps: ScheduleStatusDependencies) {
    this.stopListening = deps.bus.subscribe((event) => {
      if (event.kind === "schedule-changed") {
        const here = event.playerIds.filter((id) => this.deps.isLocal(id));
        if (here.length > 0) void this.push(here);
      } else if (event.kind === "music-access-changed") {
        this.accessChanged();
      }
    });
  }

  /**
   * Decides again for these players and tells their sockets (`status`);
   * sets the next decision. With `onlyChanged`, a player whose decision is
   * the one it was last told hears nothing.
   */
  async push(playerIds: string[], options: PushOptions = {}): Promise<void> {
    // In batches: every box of a network deciding at once (its music access changed) is
    // thousands of players, whose rows read in one go would hold the event loop.
    for (let start = 0; start < playerIds.length; start += PUSH_BATCH) {
      await this.pushBatch(playerIds.slice(start, start + PUSH_BATCH), options);
    }
  }

  private async pushBatch(playerIds: string[], options: PushOptions): Promise<void> {
    try {
      const decisions = await this.deps.decide(playerIds, Date.now());
      const owners = await this.deps.states.ownersOf([...decisions.keys()]);
      // Read once a playlist: what a later change of access is compared with.
      await this.printPlaylists(
        [...decisions.values()].flatMap((decision) =>
          decision.playlistId && !this.prints.has(decision.playlistId) ? [decision.playlistId] : [],
        ),
      ).catch((error: unknown) =>
        this.deps.log.error({ err: error }, "reading the told playlists' songs failed"),
      );
      for (const [playerId, decision] of decisions) {
        const schedule: StatusOfSchedule = {
          playlistId: decision.playlistId,
          scheduleId: decision.windowId,
          fallback: decision.fallback,
          until: new Date(decision.decideAgainAt).toISOString(),
          licence: decision.licence,
        };
        this.decideAgainAt(playerId, decision.decideAgainAt);
        // What plays is the news; a later `until` alone is not.
        const key = `${schedule.playlistId}|${schedule.scheduleId}|${schedule.fallback}|${schedule.licence}`;
        const songsChanged =
          schedule.playlistId !== null && Boolean(options.songsChanged?.has(schedule.playlistId));
        if (options.onlyChanged && this.told.get(playerId) === key && !songsChanged) continue;
        const owner = owners.get(playerId);
        if (!owner) continue;
        if (this.deps.isLocal(playerId)) this.told.set(playerId, key);
        await this.deps.states.publish(playerId, owner, { type: "status", playerId, schedule });
      }
    } catch (error) {
      this.deps.log.error({ err: error, playerIds }, "player schedule status failed");
    }
  }

  /** The player's device left this process: its next decision and what it was told are dropped. */
  forget(playerId: string): void {
    clearTimeout(this.timers.get(playerId));
    this.timers.delete(playerId);
    this.told.delete(playerId);
  }

  /** Stops listening and the timers of this process (the app closes). */
  stop(): void {
    this.stopListening();
    clearTimeout(this.accessChangedTimer);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.dueNow.clear();
  }

  /**
   * Who may hear what changed (a subscription ended or came,
   * a grant, a tariff's playlists): every player driven from here decides
   * again, and only those whose answer changed are told. A burst of
   * changes (an import touching many playlists) is one decision.
   */
  private accessChanged(): void {
    const here = this.deps.localPlayerIds();
    if (this.accessChangedTimer || here.length === 0) return;
    this.accessChangedTimer = setTimeout(() => {
      this.accessChangedTimer = undefined;
      void this.retell();
    }, ACCESS_CHANGE_GATHER_MS);
    this.accessChangedTimer.unref();
  }

  /** After a change of access: the players whose answer or whose playlist's songs changed are told. */
  private async retell(): Promise<void> {
    const songsChanged = await this.printPlaylists([...this.prints.keys()]).catch(
      (error: unknown) => {
        this.deps.log.error({ err: error }, "reading the told playlists' songs failed");
        return new Set<string>();
      },
    );
    await this.push(this.deps.localPlayerIds(), { onlyChanged: true, songsChanged });
  }

  /**
   * Reads these playlists' playable songs (one query) and keeps their
   * digests; answers the ones whose digest changed from the one kept.
   */
  private async printPlaylists(ids: readonly string[]): Promise<Set<string>> {
    const changed = new Set<string>();
    if (ids.length === 0) return changed;
    const tracks = await this.deps.playlistTracks(ids);
    for (const id of ids) {
      const digest = createHash("sha1");
      for (const track of tracks.get(id) ?? []) {
        digest.update(`${track.songId}@${track.playableUntil ?? ""};`);
      }
      const print = digest.digest("base64");
      const before = this.prints.get(id);
      if (before !== undefined && before !== print) changed.add(id);
      this.prints.set(id, print);
    }
    return changed;
  }

  private decideAgainAt(playerId: string, atMs: number): void {
    clearTimeout(this.timers.get(playerId));
    if (!this.deps.isLocal(playerId)) return;
    // A timer longer than ~24.8 days overflows; deciding again earlier is harmless.
    const delay = Math.min(Math.max(atMs - Date.now(), 0), 2 ** 31 - 1);
    const timer = setTimeout(() => this.due(playerId), delay);
    timer.unref();
    this.timers.set(playerId, timer);
  }

  /**
   * A player's decision ran out. The players whose decisions run out in
   * the same turn (a network's venues open at 9:00) decide together, as
   * one push, not one each.
   */
  private due(playerId: string): void {
    this.dueNow.add(playerId);
    if (this.dueNow.size > 1) return;
    setImmediate(() => {
      const ids = [...this.dueNow];
      this.dueNow.clear();
      void this.push(ids);
    });
  }
}
