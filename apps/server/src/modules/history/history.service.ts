import type { PlayEnding, PlayHistoryPage, PlayRecord, ReportFormat } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { toPage } from "../../lib/paging.ts";
import { HISTORY_TEXTS, historyErrors } from "./history.errors.ts";
import {
  assertMayReadEstablishmentHistory,
  assertMayReadPlayerHistory,
  assertMayReportAllVenues,
} from "./history.policy.ts";
import type { PlayFilter, PlayRow } from "./history.repository.ts";
import type { PlayRefusal } from "./play-checks.ts";
import {
  type PlayRecorder,
  PlayRecording,
  type PlayRecordingDependencies,
  type PlayStartReport,
} from "./play-recording.service.ts";
import { RoyaltyReports } from "./royalty-reports.ts";

/** A period of venue days, inclusive; either end may be open. */
export interface Period {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Broadcast history: records what players played (the socket reports
 * starts and ends, checked first: issue 27), shows it per player and per
 * establishment, and writes royalty reports of a period as CSV lines,
 * streamed.
 */
export class HistoryService implements PlayRecorder {
  /** What devices report, checked before it is filed. */
  private readonly recording: PlayRecording;
  private readonly reports: RoyaltyReports;

  constructor(private readonly deps: PlayRecordingDependencies) {
    this.recording = new PlayRecording(deps);
    this.reports = new RoyaltyReports(deps);
  }

  /** Files a play's start once it passes the checks (PlayRecorder); answers a refusal. */
  recordStarted(
    report: PlayStartReport,
    from?: { sessionId: string },
  ): Promise<PlayRefusal | undefined> {
    return this.recording.recordStarted(report, from);
  }

  /** Files a play's end, cut by the rules (PlayRecorder); answers a refusal. */
  recordEnded(
    playId: string,
    endedAt: Date,
    ending: PlayEnding,
    from?: { playerId: string },
  ): Promise<PlayRefusal | undefined> {
    return this.recording.recordEnded(playId, endedAt, ending, from);
  }

  /** A player's plays in a period, newest first. */
  async ofPlayer(
    actor: Actor,
    playerId: string,
    query: Period & { page: number; count: number },
  ): Promise<PlayHistoryPage> {
    await this.readablePlayer(actor, playerId);
    const { rows, total } = await this.deps.store.history.listPlays(
      { playerId, from: query.from, to: query.to },
      { limit: query.count, offset: query.page * query.count },
    );
    return toPage(await this.present(rows), total, query.count);
  }

  /** Ids of a player's plays, newest first, optionally only those that ended so (SPEC §7). */
  async idsOfPlayer(
    actor: Actor,
    playerId: string,
    query: { limit: number; offset: number; type?: PlayEnding | undefined },
  ): Promise<{ broadcastIds: string[]; total: number }> {
    await this.readablePlayer(actor, playerId);
    const { rows, total } = await this.deps.store.history.listPlays(
      { playerId, ...(query.type ? { ending: query.type } : {}) },
      { limit: query.limit, offset: query.offset },
    );
    return { broadcastIds: rows.map((row) => row.id), total };
  }

  /** An establishment's plays across its players in a period, newest first. */
  async ofEstablishment(
    actor: Actor,
    establishmentId: string,
    query: Period & { page: number; count: number },
  ): Promise<PlayHistoryPage & { timeZone: string; establishmentName: string }> {
    const venue = await this.readableEstablishment(actor, establishmentId);
    const { rows, total } = await this.deps.store.history.listPlays(
      { establishmentId, from: query.from, to: query.to },
      { limit: query.count, offset: query.page * query.count },
    );
    return {
      ...toPage(await this.present(rows), total, query.count),
      timeZone: venue.timeZone,
      establishmentName: venue.name,
    };
  }

  /**
   * The royalty report of one establishment's period as CSV lines: access
   * is checked now (a refusal is an ordinary error), the lines are read
   * while they are consumed.
   */
  async establishmentReport(
    actor: Actor,
    establishmentId: string,
    query: Required<Period> & { format: ReportFormat },
  ): Promise<AsyncIterable<string>> {
    await this.readableEstablishment(actor, establishmentId);
    return this.reportOf(query.format, { establishmentId, from: query.from, to: query.to });
  }

  /**
   * The royalty report of every venue's period (staff who see clients): one
   * line per song and venue, or per work for a collecting society.
   */
  async allVenuesReport(
    actor: Actor,
    query: Required<Period> & { format: ReportFormat },
  ): Promise<AsyncIterable<string>> {
    assertMayReportAllVenues(actor);
    return this.reportOf(query.format, { from: query.from, to: query.to });
  }

  /** What each copyright holder's music played across all venues (staff who see clients). */
  async copyrightHoldersReport(
    actor: Actor,
    period: Required<Period>,
  ): Promise<AsyncIterable<string>> {
    assertMayReportAllVenues(actor);
    return this.reports.holderLines({ from: period.from, to: period.to });
  }

  private reportOf(format: ReportFormat, filter: PlayFilter): AsyncIterable<string> {
    return format === "society"
      ? this.reports.societyLines(filter)
      : this.reports.venueLines(filter);
  }

  private async readablePlayer(actor: Actor, playerId: string) {
    const player = (await this.deps.players.placesOf([playerId])).get(playerId);
    if (!player) throw historyErrors.playerNotFound();
    assertMayReadPlayerHistory(actor, player.userId);
    return player;
  }

  private async readableEstablishment(actor: Actor, establishmentId: string) {
    const venue = (await this.deps.establishments.venuesOf([establishmentId])).get(establishmentId);
    if (!venue) throw historyErrors.establishmentNotFound();
    assertMayReadEstablishmentHistory(actor, venue.userId);
    return venue;
  }

  private async present(rows: PlayRow[]): Promise<PlayRecord[]> {
    const songIds = rows.flatMap((row) => (row.songId ? [row.songId] : []));
    const playlistIds = rows.flatMap((row) => (row.playlistId ? [row.playlistId] : []));
    const playerIds = rows.flatMap((row) => (row.playerId ? [row.playerId] : []));
    const [songs, playlists, players] = await Promise.all([
      this.deps.songFacts(songIds),
      this.deps.playlistNames([...new Set(playlistIds)]),
      this.deps.players.placesOf(playerIds),
    ]);
    return rows.map((row) => {
      const song = row.songId ? songs.get(row.songId) : undefined;
      const startedAt = row.startedAt as Date;
      const endedAt = row.endedAt;
      return {
        id: row.id,
        playerId: row.playerId as string,
        // The player's name now; a removed player's as it was when the play began.
        playerName:
          (row.playerId && players.get(row.playerId)?.name) ||
          row.playerName ||
          HISTORY_TEXTS.removedPlayer,
        songId: row.songId as string,
        title: song?.title ?? HISTORY_TEXTS.unknownSong,
        artists: song?.artists ?? [],
        playlistId: row.playlistId,
        playlistName: row.playlistId ? (playlists.get(row.playlistId) ?? null) : null,
        startedAt: startedAt.toISOString(),
        endedAt: endedAt ? endedAt.toISOString() : null,
        durationSeconds: endedAt
          ? Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 1000))
          : null,
        ending: (row.ending as PlayEnding | null) ?? null,
        fallback: row.fallback,
        timeZone: row.timeZone,
      };
    });
  }
}
