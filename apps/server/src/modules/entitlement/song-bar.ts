import { licenceDayEndMs, licenceDayOf } from "@fonika/shared";
import type { EventBus } from "../../realtime/bus.ts";

/** The library's copyright holders' licences, as the entitlement reads them. */
export interface HolderLicenceReads {
  /**
   * The songs whose copyright holder has licences and none covering `day`
   * (`YYYY-MM-DD`, Moscow): they may not play that day.
   */
  barredOn(day: string): Promise<string[]>;
}

/**
 * The songs no venue may play today for want of their copyright holder's
 * licence (issue 32): read once a Moscow day, and again when a licence,
 * a song's holder or a song changes (`music-access-changed`,
 * `songs-changed`) or events were missed. Staff still hear them.
 */
export class SongBar {
  private kept: { songs: Promise<ReadonlySet<string>>; until: number } | null = null;

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

  barredSongs(): Promise<ReadonlySet<string>> {
    const now = this.deps.now();
    if (this.kept && now < this.kept.until) return this.kept.songs;
    const day = licenceDayOf(now);
    const songs = this.deps.reads.barredOn(day).then((ids) => new Set(ids));
    const kept = { songs, until: licenceDayEndMs(day) };
    this.kept = kept;
    // A failed read is not kept: the next question reads again.
    songs.catch(() => {
      if (this.kept === kept) this.kept = null;
    });
    return songs;
  }

  private forget(): void {
    this.kept = null;
  }
}
