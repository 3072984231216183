import type { EventBus } from "../../../realtime/bus.ts";

/**
 * The songs the devices connected to this process were told to play
 * (`playSong`), oldest first, until a device says it plays the last one.
 * Whichever process ran the command, its `playSong` reaches this process
 * through the bus on its way to the device's socket, so this is what the
 * device heard, in the order it heard it.
 *
 * A device reports what it plays after the fact: «next» pressed twice
 * quickly tells it B, then C, and the start of B it made before it heard of
 * C may reach the server after the second command wrote C. Likewise a
 * resume of the song it was on, made just before a «next» reached it. Such
 * a report is stale: the device is about to leave that song for the one it
 * was told last. A report of any other song (a web player that skipped a
 * song that would not load) is the device's own choice and is believed. The
 * devices need not echo anything: what they were told is known here.
 */

/**
 * How long after the last song it was told a device's report of a song it
 * is leaving still counts as stale. A device sends such a report before it
 * hears the newer command, so it arrives within a network round trip and
 * what its socket had queued; the margin is wide, and short enough that a
 * song the device comes back to on its own later (a two-song playlist) is
 * not taken for a stale report.
 */
export const STALE_REPORT_WINDOW_MS = 10_000;

/** Songs told and not yet played, kept per player (a burst of commands longer is unlikely). */
const TOLD_MEMORY = 16;

/** Whether a device's report says what it plays now, or what it played before a newer command. */
export type ReportJudgement = "current" | "stale";

/** What a device was told since it last reported the last song told. */
interface Account {
  songIds: string[];
  /** The song it had last reported starting when the first of them was told: the one it leaves. */
  left: string | null;
  /** When the last of them was told (ms). */
  lastAt: number;
}

export interface ToldSongsDependencies {
  bus: Pick<EventBus, "subscribe">;
  /** Whether the device of a player is connected to this process. */
  isLocal(playerId: string): boolean;
  now?: () => number;
}

export class ToldSongs {
  private readonly accounts = new Map<string, Account>();
  /** The song each device here last reported starting, as believed. */
  private readonly started = new Map<string, string>();
  private readonly stopListening: () => void;
  private readonly now: () => number;

  constructor(private readonly deps: ToldSongsDependencies) {
    this.now = deps.now ?? Date.now;
    this.stopListening = deps.bus.subscribe((event) => {
      if (event.kind !== "messages") return;
      for (const message of event.messages) {
        if (message.type !== "playSong") continue;
        if (this.deps.isLocal(message.playerId)) this.tell(message.playerId, message.songId);
      }
    });
  }

  /**
   * Judges a device's report that it began `songId`: stale while the last
   * song it was told (within STALE_REPORT_WINDOW_MS) is not yet begun, when
   * the song is one told before it or the one the device was leaving. The
   * last song told settles the account: later reports are judged afresh.
   */
  judgeStart(playerId: string, songId: string): ReportJudgement {
    const judgement = this.judge(playerId, songId);
    if (judgement === "current") this.started.set(playerId, songId);
    return judgement;
  }

  /** Judges a device's status naming `songId` (null: nothing) as `judgeStart` does a start. */
  judgeStatus(playerId: string, songId: string | null): ReportJudgement {
    return this.judge(playerId, songId);
  }

  /** The player's device left this process: what it was told goes with it. */
  forget(playerId: string): void {
    this.accounts.delete(playerId);
    this.started.delete(playerId);
  }

  /** Stops listening (the app closes). */
  stop(): void {
    this.stopListening();
    this.accounts.clear();
    this.started.clear();
  }

  private judge(playerId: string, songId: string | null): ReportJudgement {
    const account = this.open(playerId);
    if (!account || songId === null) return "current";
    if (songId === account.songIds.at(-1)) {
      this.accounts.delete(playerId);
      return "current";
    }
    return account.songIds.includes(songId) || songId === account.left ? "stale" : "current";
  }

  /** The player's account, unless none was opened within the window. */
  private open(playerId: string): Account | undefined {
    const account = this.accounts.get(playerId);
    if (account && this.now() - account.lastAt > STALE_REPORT_WINDOW_MS) {
      this.accounts.delete(playerId);
      return undefined;
    }
    return account;
  }

  private tell(playerId: string, songId: string): void {
    const account = this.open(playerId);
    const now = this.now();
    if (!account) {
      const left = this.started.get(playerId) ?? null;
      this.accounts.set(playerId, { songIds: [songId], left, lastAt: now });
      return;
    }
    account.songIds = [...account.songIds, songId].slice(-TOLD_MEMORY);
    account.lastAt = now;
  }
}
