import type { PlayEnding } from "@fonika/shared";
import { uuidSchema } from "@fonika/shared";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { StartedPlay } from "./history.repository.ts";
import type { HistoryStore } from "./history.store.ts";
import {
  type FiledEnd,
  filedEnd,
  OVERLAP_TOLERANCE_MS,
  type PlayRefusal,
  RecentRefusals,
  refusalOfStartTime,
} from "./play-checks.ts";

/** What a player reports when a song starts (the live-state socket passes it on). */
export interface PlayStartReport {
  /** The player's own id of this play: the same id sent again is the same play. */
  playId: string;
  playerId: string;
  songId: string;
  playlistId: string | null;
  fallback: boolean;
  startedAt: Date;
}

/**
 * The port the player socket records plays through. Both calls are
 * idempotent by `playId` (a player resends what it kept while offline); an
 * end arriving before its start is kept and joined when the start comes.
 * A report from a device names where it came from (`from`): its start is
 * checked against that session, its end against that player; one without
 * is the server's own (a play it ends `offline`). Each answers why the
 * report was refused, or undefined when it was filed as reported (or was
 * filed before). A refused start is not filed; a refused end is filed cut
 * to what the rules allow.
 */
export interface PlayRecorder {
  recordStarted(
    report: PlayStartReport,
    from?: { sessionId: string },
  ): Promise<PlayRefusal | undefined>;
  recordEnded(
    playId: string,
    endedAt: Date,
    ending: PlayEnding,
    from?: { playerId: string },
  ): Promise<PlayRefusal | undefined>;
}

/** What the history needs of other modules; app.ts wires them. */
export interface HistoryPorts {
  /**
   * What a venue was licensed to play when a play began (the entitlement
   * module, by its licence periods).
   */
  entitlement: { playableAt(venueId: string, at: Date): Promise<ReadonlySet<string>> };
  /**
   * Whether a song is a track of any of these playlists' current versions
   * (the library; the entitlement's own sets are answered from memory).
   */
  holdsSong(playlistIds: ReadonlySet<string>, songId: string): Promise<boolean>;
  players: {
    placesOf(
      ids: readonly string[],
    ): Promise<Map<string, { userId: string; establishmentId: string; name: string }>>;
  };
  establishments: {
    venuesOf(
      ids: string[],
    ): Promise<Map<string, { userId: string; timeZone: string; name: string; address: string }>>;
    /** Whether the establishment's explicit filter is on now. */
    isExplicitFilterOn(establishmentId: string): Promise<boolean>;
  };
  /** The library's facts of songs, removed ones included. */
  songFacts(ids: readonly string[]): Promise<
    Map<
      string,
      {
        title: string;
        artists: string[];
        authors: string[];
        copyrightHolder: { id: string; name: string } | null;
        isrc: string | null;
        durationMs: number;
        explicit: boolean;
      }
    >
  >;
  /** Names of live playlists by id (the library). */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
  /** When a session began (auth); null when there is no such session. */
  sessionStartedAt(sessionId: string): Promise<Date | null>;
}

export interface PlayRecordingDependencies extends HistoryPorts {
  store: HistoryStore;
  log: ServiceLog;
  /** Counts a refused device report in /metrics, by reason. */
  countRefusal(reason: PlayRefusal): void;
}

/** The longest play id kept; a longer one is not a player's. */
const PLAY_ID_MAX = 128;

/** What checking a start found: why it is refused, or the play to file (none when filed before). */
type StartCheck = { refusal: PlayRefusal } | { play: StartedPlay | null };

/**
 * What players report of their plays becomes the broadcast history only
 * once it is checked (issue 27: the history is the royalty proof): starts
 * and ends, idempotent by play id, each refusal logged once and counted.
 * The history service reads and reports what this files.
 */
export class PlayRecording implements PlayRecorder {
  /** Refusals logged lately: a refused report sent again is logged and counted once. */
  private readonly refusals = new RecentRefusals();

  constructor(private readonly deps: PlayRecordingDependencies) {}

  /** Records a play's start once it passes `checkStart` (PlayRecorder). */
  async recordStarted(
    report: PlayStartReport,
    from?: { sessionId: string },
  ): Promise<PlayRefusal | undefined> {
    const checked = await this.checkStart(report, from, new Date());
    if ("refusal" in checked) {
      this.refuse(checked.refusal, "start", report.playId, report.playerId);
      return checked.refusal;
    }
    if (checked.play) await this.deps.store.history.recordStart(checked.play);
    return undefined;
  }

  /**
   * Records a play's end (PlayRecorder); the first end reported is kept.
   * The end is filed at most at the song's length (plus slack) and never
   * inside the player's next play (`filedEnd`).
   */
  async recordEnded(
    playId: string,
    endedAt: Date,
    ending: PlayEnding,
    from?: { playerId: string },
  ): Promise<PlayRefusal | undefined> {
    const playerId = from?.playerId ?? null;
    if (!isPlayId(playId) || Number.isNaN(endedAt.getTime())) {
      return from ? this.refuse("malformed", "end", String(playId), playerId) : undefined;
    }
    const play = await this.deps.store.history.findPlay(playId);
    if (from && play?.playerId && play.playerId !== from.playerId) {
      return this.refuse("foreign-play", "end", playId, playerId);
    }
    if (!play?.startedAt || !play.playerId) {
      // The start was refused: its end has nothing to end.
      if (this.refusals.has(refusalKey("start", playId))) return undefined;
      // The end came first: kept, and filed by the rules when its start comes.
      await this.deps.store.history.recordEnd({ id: playId, endedAt, ending, playerId });
      return undefined;
    }
    const filed = await this.filedEnd(
      { id: playId, playerId: play.playerId, songId: play.songId, startedAt: play.startedAt },
      endedAt,
    );
    const stored = await this.deps.store.history.recordEnd({
      id: playId,
      endedAt: filed.endedAt,
      ending,
    });
    if (!stored || !filed.refusal || !from) return undefined;
    return this.refuse(filed.refusal, "end", playId, play.playerId);
  }

  /**
   * The one place a device's start is checked before it counts (issue 27,
   * "the history proves what was played"): the first rule it breaks, or
   * the play to file. Rules: ids well formed; the player and the song
   * exist; the play id is not another player's; it began neither in the
   * future nor before the reporting session (`refusalOfStartTime`); no
   * explicit song at a venue that filters them; the venue's licence held
   * the song when the play began (by its licence periods, so a play sent
   * late after an outage is judged by the licence of its moment); it does
   * not begin inside
   * another play of the player. A start filed before (the same player's)
   * is not checked again: a resend changes nothing.
   */
  private async checkStart(
    report: PlayStartReport,
    from: { sessionId: string } | undefined,
    now: Date,
  ): Promise<StartCheck> {
    if (
      !isPlayId(report.playId) ||
      !uuidSchema.safeParse(report.songId).success ||
      (report.playlistId !== null && !uuidSchema.safeParse(report.playlistId).success) ||
      Number.isNaN(report.startedAt.getTime())
    ) {
      return { refusal: "malformed" };
    }
    // A report comes with every song a device plays: what it is checked
    // against is read at once, not one read after another.
    const [places, songs, existing, sessionStartedAt] = await Promise.all([
      this.deps.players.placesOf([report.playerId]),
      this.deps.songFacts([report.songId]),
      this.deps.store.history.findPlay(report.playId),
      from ? this.deps.sessionStartedAt(from.sessionId) : undefined,
    ]);
    const player = places.get(report.playerId);
    if (!player) return { refusal: "unknown-player" };
    const song = songs.get(report.songId);
    if (!song) return { refusal: "unknown-song" };
    if (existing?.playerId && existing.playerId !== report.playerId) {
      return { refusal: "foreign-play" };
    }
    if (existing?.startedAt) return { play: null };
    const untimely = refusalOfStartTime(report.startedAt, now, sessionStartedAt);
    if (untimely) return { refusal: untimely };
    const [filtered, licensed, overlapping, venues] = await Promise.all([
      song.explicit ? this.deps.establishments.isExplicitFilterOn(player.establishmentId) : false,
      this.deps.entitlement.playableAt(player.establishmentId, report.startedAt),
      this.deps.store.history.isUnderWayAt(
        { id: report.playId, playerId: report.playerId, at: report.startedAt },
        OVERLAP_TOLERANCE_MS,
      ),
      this.deps.establishments.venuesOf([player.establishmentId]),
    ]);
    if (filtered) return { refusal: "explicit-filtered" };
    if (!(await this.deps.holdsSong(licensed, report.songId))) {
      return { refusal: "not-entitled" };
    }
    if (overlapping) return { refusal: "overlap" };
    const venue = venues.get(player.establishmentId);
    const play: StartedPlay = {
      id: report.playId,
      playerId: report.playerId,
      playerName: player.name,
      userId: player.userId,
      establishmentId: player.establishmentId,
      timeZone: venue?.timeZone ?? "Europe/Moscow",
      songId: report.songId,
      playlistId: report.playlistId,
      fallback: report.fallback,
      startedAt: report.startedAt,
    };
    if (existing?.endedAt) {
      // Its end came first: filed now by the same rules as an end that follows its start.
      const filed = await this.filedEnd(play, existing.endedAt, song.durationMs);
      play.endedAt = filed.endedAt;
      if (filed.refusal && existing.playerId) {
        this.refuse(filed.refusal, "end", play.id, play.playerId);
      }
    }
    return { play };
  }

  /** Where a play's end is filed (`filedEnd`), its song's length read unless known. */
  private async filedEnd(
    play: { id: string; playerId: string; songId: string | null; startedAt: Date },
    endedAt: Date,
    durationMs?: number,
  ): Promise<FiledEnd> {
    const length =
      durationMs ??
      (play.songId
        ? (await this.deps.songFacts([play.songId])).get(play.songId)?.durationMs
        : null);
    const nextStartedAt = await this.deps.store.history.nextStart({
      id: play.id,
      playerId: play.playerId,
      after: play.startedAt,
    });
    return filedEnd(
      // A song the library no longer knows at all bounds nothing.
      { startedAt: play.startedAt, durationMs: length ?? Number.POSITIVE_INFINITY, nextStartedAt },
      endedAt,
    );
  }

  /** Logs a refused report once (a resend is not logged again) and counts it; answers the reason. */
  private refuse(
    reason: PlayRefusal,
    report: "start" | "end",
    playId: string,
    playerId: string | null,
  ): PlayRefusal {
    if (this.refusals.note(refusalKey(report, playId))) {
      this.deps.log.warn({ reason, report, playId, playerId }, "play report refused");
      this.deps.countRefusal(reason);
    }
    return reason;
  }
}

/** A refusal's key in `RecentRefusals`: one per report of a play. */
function refusalKey(report: "start" | "end", playId: string): string {
  return `${report} ${playId}`;
}

function isPlayId(value: string): boolean {
  return typeof value === "string" && value.length > 0 && value.length <= PLAY_ID_MAX;
}
