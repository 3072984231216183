import { licenceDayEndMs, licenceDayOf } from "@fonika/shared";
import type { EventBus } from "../../realtime/bus.ts";

/** What the copyright holders' licences say of the library's songs on one day. */
export interface SongLicences {
  /** Songs whose holder has licences and none covering the day: they may not play. */
  barred: ReadonlySet<string>;
  /**
   * Songs that play now but whose holder's licences run out: the last day
   * (`YYYY-MM-DD`, Moscow) they may play. Songs of holders without
   * licences, or whose licences do not end, are not in it.
   */
  lastDays: ReadonlyMap<string, string>;
}

/**
 * What the licences say of one song, as the API shows it: barred, or the
 * last day it plays; undefined when its holder's licences do not end.
 */
export function songLicenceOf(
  songId: string,
  { barred, lastDays }: SongLicences,
): { barred: boolean; lastDay: string | null } | undefined {
  if (barred.has(songId)) return { barred: true, lastDay: null };
  const lastDay = lastDays.get(songId);
  return lastDay ? { barred: false, lastDay } : undefined;
}

/** The library's copyright holders' licences, as the entitlement reads them. */
export interface HolderLicenceReads {
  /** What the licences say of every song on `day` (`YYYY-MM-DD`, Moscow). */
  songLicencesOn(day: string): Promise<SongLicences>;
}

/**
 * The songs no venue may play today for want of their copyright holder's
 * licence, and the days the others run out (issue 32): read once a Moscow
 * day, and again when a licence, a song's holder or a song changes
 * (`music-access-changed`, `songs-changed`) or events were missed. Staff
 * still hear barred songs.
 */
export class SongBar {
  private kept: { licences: Promise<SongLicences>; until: number } | null = null;

  constructor(
    private readonly deps: {
      reads: HolderLicenceReads;
      bus: Pick<EventBus, "subscribe" | "onGap">;
      now: () => number;
    },
  ) {
    deps.bus.subscribe((event) => {
      if (event.kind === "music-access-changed" || event.kind === "songs-changed") this.forget();
    });
    deps.bus.onGap(() => this.forget());
  }

  songLicences(): Promise<SongLicences> {
    const now = this.deps.now();
    if (this.kept && now < this.kept.until) return this.kept.licences;
    const day = licenceDayOf(now);
    const licences = this.deps.reads.songLicencesOn(day);
    const kept = { licences, until: licenceDayEndMs(day) };
    this.kept = kept;
    // A failed read is not kept: the next question reads again.
    licences.catch(() => {
      if (this.kept === kept) this.kept = null;
    });
    return licences;
  }

  async barredSongs(): Promise<ReadonlySet<string>> {
    return (await this.songLicences()).barred;
  }

  private forget(): void {
    this.kept = null;
  }
}
