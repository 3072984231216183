/**
 * The rules a device's play report must pass before it counts as proof of
 * what was played (issue 27), as pure functions of the facts the history
 * service gathers. The service's `checkStart` is the one place that runs
 * them in order; what they refuse is not filed.
 */

/** Why a report was refused: the `reason` of the log line and of the metric. */
export type PlayRefusal =
  /** An id or a time that cannot be a play's (the socket's schema lets few through). */
  | "malformed"
  /** No such player (removed meanwhile, or never). */
  | "unknown-player"
  /** The library knows no such song, removed ones included. */
  | "unknown-song"
  /** The play id is filed under another player. */
  | "foreign-play"
  /** Begun later than now, beyond the clocks' allowed difference. */
  | "future-start"
  /** Begun before the reporting device's session (or its session is gone). */
  | "before-session"
  /** An explicit song at a venue whose explicit filter is on. */
  | "explicit-filtered"
  /** A song the venue's licence did not hold when the play began (no active subscription, or another tariff's). */
  | "not-entitled"
  /** Begun inside another play of the same player, or ended inside the next one. */
  | "overlap"
  /** Ended later than its song could have lasted: filed at the song's length. */
  | "longer-than-song";

/**
 * How far a device's clock may differ from the server's. A venue's PC or
 * box keeps its own time (a browser's is never corrected by us), and a
 * minute either way must not lose a venue its history; a start forged
 * within a minute of now gains nothing.
 */
export const CLOCK_SKEW_MS = 60_000;

/**
 * How much longer than its song a play may be reported before its end is
 * cut to the song's length. A device stamps the start when playback
 * begins and the end when the next song takes over or its timer fires: a
 * buffering stall, a decoder's start-up and a busy page's timers add up to
 * a second or two; five seconds never shortens an honest play.
 */
export const PLAY_END_SLACK_MS = 5_000;

/**
 * How far two plays of one player may overlap and still be consecutive: a
 * device ends one play and starts the next in the same moment (the web
 * player sends the end, then the start, as it crossfades), and either
 * report may be stamped a little before the other.
 */
export const OVERLAP_TOLERANCE_MS = 2_000;

/**
 * Whether a start is plausible in time: not later than now and not before
 * the reporting session began, each within CLOCK_SKEW_MS.
 * `sessionStartedAt` is null when the reporting session is gone (nothing
 * vouches for the play) and undefined for a play the server files itself.
 * Plays kept through an outage and sent late pass: a session refreshed
 * keeps its id and its start, so they began after it.
 */
export function refusalOfStartTime(
  startedAt: Date,
  now: Date,
  sessionStartedAt: Date | null | undefined,
): PlayRefusal | undefined {
  if (startedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) return "future-start";
  if (sessionStartedAt === undefined) return undefined;
  if (!sessionStartedAt || startedAt.getTime() < sessionStartedAt.getTime() - CLOCK_SKEW_MS) {
    return "before-session";
  }
  return undefined;
}

/** A play's end as filed, and why the reported one was not taken as it was. */
export interface FiledEnd {
  endedAt: Date;
  refusal?: PlayRefusal;
}

/**
 * Where a play's reported end is filed. An end more than PLAY_END_SLACK_MS
 * past its song's length is cut to that length (`longer-than-song`: a
 * 3-second song reported for a day counts 3 seconds); an end running more
 * than OVERLAP_TOLERANCE_MS into the player's next play is cut to that
 * play's start (`overlap`); an end before its start is filed at the start.
 */
export function filedEnd(
  play: { startedAt: Date; durationMs: number; nextStartedAt: Date | null },
  reportedEnd: Date,
): FiledEnd {
  const start = play.startedAt.getTime();
  let end = Math.max(reportedEnd.getTime(), start);
  let refusal: PlayRefusal | undefined;
  if (end - start > play.durationMs + PLAY_END_SLACK_MS) {
    end = start + play.durationMs;
    refusal = "longer-than-song";
  }
  const next = play.nextStartedAt?.getTime();
  if (next !== undefined && end > next + OVERLAP_TOLERANCE_MS) {
    end = Math.max(next, start);
    refusal ??= "overlap";
  }
  return refusal ? { endedAt: new Date(end), refusal } : { endedAt: new Date(end) };
}

/**
 * The keys of the refusals already logged, the newest `capacity` of them:
 * a device that sends a refused report again (its outbox, a reconnect) is
 * logged and counted once.
 */
export class RecentRefusals {
  private readonly keys = new Set<string>();

  constructor(private readonly capacity = 10_000) {}

  /** Notes a refusal; answers whether it is new (to be logged and counted). */
  note(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.capacity) {
      const oldest = this.keys.values().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
    return true;
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }
}
