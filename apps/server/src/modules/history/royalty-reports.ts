import {
  HOLDER_REPORT_HEADERS,
  NO_HOLDER,
  REPORT_HEADERS,
  SOCIETY_REPORT_HEADERS,
  UNKNOWN_FACT,
} from "./history.errors.ts";
import type { PlayFilter, SongTotal, SongTotalAcrossVenues } from "./history.repository.ts";
import type { PlayRecordingDependencies } from "./play-recording.service.ts";
import { BYTE_ORDER_MARK, csvLine, formatDuration } from "./report-csv.ts";

/** How many totals a report reads per query. */
const REPORT_PAGE = 500;

type ReportDependencies = Pick<PlayRecordingDependencies, "store" | "songFacts" | "establishments">;

/**
 * The royalty reports of a period, as CSV lines read while they are
 * written (issue 13, issue 32): what a venue's owner files (per song and
 * venue), what a collecting society asks for (per work, whoever played
 * it), and what each copyright holder's music played. Songs are named at
 * reading time through the library, as the history shows them.
 */
export class RoyaltyReports {
  constructor(private readonly deps: ReportDependencies) {}

  /** Per song and venue: title, performers, authors, holder, duration, plays, seconds, venue. */
  async *venueLines(filter: PlayFilter): AsyncGenerator<string> {
    yield BYTE_ORDER_MARK + csvLine(REPORT_HEADERS);
    let after: { establishmentId: string; songId: string } | null = null;
    for (;;) {
      const totals = await this.deps.store.history.songTotals(filter, after, REPORT_PAGE);
      if (totals.length === 0) return;
      const [facts, venues] = await Promise.all([
        this.deps.songFacts(totals.map((total) => total.songId)),
        this.deps.establishments.venuesOf([
          ...new Set(totals.map((total) => total.establishmentId)),
        ]),
      ]);
      let lines = "";
      for (const total of totals) {
        const song = facts.get(total.songId);
        const venue = venues.get(total.establishmentId);
        lines += csvLine([
          song?.title ?? UNKNOWN_FACT,
          song?.artists.join(", ") ?? UNKNOWN_FACT,
          song?.authors.join(", ") ?? UNKNOWN_FACT,
          song?.copyrightHolder?.name ?? UNKNOWN_FACT,
          song ? formatDuration(song.durationMs / 1000) : UNKNOWN_FACT,
          total.plays,
          total.seconds,
          venue?.name ?? UNKNOWN_FACT,
          venue?.address ?? UNKNOWN_FACT,
        ]);
      }
      yield lines;
      if (totals.length < REPORT_PAGE) return;
      const last = totals[totals.length - 1] as SongTotal;
      after = { establishmentId: last.establishmentId, songId: last.songId };
    }
  }

  /**
   * Per work, across the filter's venues: a collecting society's music-use
   * report (№, work, authors, performer, phonogram maker, ISRC, duration,
   * uses, total seconds). The phonogram maker is the song's copyright holder.
   */
  async *societyLines(filter: PlayFilter): AsyncGenerator<string> {
    yield BYTE_ORDER_MARK + csvLine(SOCIETY_REPORT_HEADERS);
    let number = 0;
    for await (const { totals, facts } of this.songPages(filter)) {
      let lines = "";
      for (const total of totals) {
        const song = facts.get(total.songId);
        number += 1;
        lines += csvLine([
          number,
          song?.title ?? UNKNOWN_FACT,
          song?.authors.join(", ") ?? UNKNOWN_FACT,
          song?.artists.join(", ") ?? UNKNOWN_FACT,
          song?.copyrightHolder?.name ?? UNKNOWN_FACT,
          song?.isrc ?? UNKNOWN_FACT,
          song ? formatDuration(song.durationMs / 1000) : UNKNOWN_FACT,
          total.plays,
          total.seconds,
        ]);
      }
      yield lines;
    }
  }

  /**
   * Per copyright holder, by name: its songs that played, their plays,
   * their time and the venues that played them; the plays of songs that
   * name no holder last, so that the sum is every play of the period.
   */
  async *holderLines(filter: PlayFilter): AsyncGenerator<string> {
    yield BYTE_ORDER_MARK + csvLine(HOLDER_REPORT_HEADERS);
    const holders = new Map<
      string,
      { name: string; plays: number; seconds: number; songs: Set<string>; venues: Set<string> }
    >();
    let after: { establishmentId: string; songId: string } | null = null;
    for (;;) {
      const totals = await this.deps.store.history.songTotals(filter, after, REPORT_PAGE);
      if (totals.length === 0) break;
      const facts = await this.deps.songFacts([...new Set(totals.map((total) => total.songId))]);
      for (const total of totals) {
        const holder = facts.get(total.songId)?.copyrightHolder ?? null;
        const key = holder?.id ?? "";
        let sum = holders.get(key);
        if (!sum) {
          const name = holder?.name ?? NO_HOLDER;
          sum = { name, plays: 0, seconds: 0, songs: new Set(), venues: new Set() };
          holders.set(key, sum);
        }
        sum.plays += total.plays;
        sum.seconds += total.seconds;
        sum.songs.add(total.songId);
        sum.venues.add(total.establishmentId);
      }
      if (totals.length < REPORT_PAGE) break;
      const last = totals[totals.length - 1] as SongTotal;
      after = { establishmentId: last.establishmentId, songId: last.songId };
    }
    const named = [...holders.entries()]
      .filter(([key]) => key !== "")
      .sort(([, a], [, b]) => a.name.localeCompare(b.name, "ru"));
    const unnamed = holders.get("");
    let lines = "";
    for (const [, sum] of unnamed ? [...named, ["", unnamed] as const] : named) {
      lines += csvLine([
        sum.name,
        sum.plays,
        sum.seconds,
        formatDuration(sum.seconds),
        sum.songs.size,
        sum.venues.size,
      ]);
    }
    yield lines;
  }

  /** Per-song totals of the period with the songs' facts, a page at a time. */
  private async *songPages(filter: PlayFilter) {
    let after: string | null = null;
    for (;;) {
      const totals: SongTotalAcrossVenues[] = await this.deps.store.history.songTotalsAcrossVenues(
        filter,
        after,
        REPORT_PAGE,
      );
      if (totals.length === 0) return;
      yield { totals, facts: await this.deps.songFacts(totals.map((total) => total.songId)) };
      if (totals.length < REPORT_PAGE) return;
      after = (totals[totals.length - 1] as SongTotalAcrossVenues).songId;
    }
  }
}
