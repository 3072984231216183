import { uuidSchema } from "@fonika/shared";
import { z } from "zod";

/**
 * What the web player plays, kept in localStorage as it changes, every few
 * seconds and as the page goes (issue 31), so that the page after a reload
 * or a reboot knows the play the last one cut: it files that play's end
 * (the moment it was last kept, which `pagehide` makes the real one) and
 * resumes the song near where it was.
 */

const cutPlaySchema = z.object({
  playerId: uuidSchema,
  playId: uuidSchema,
  songId: uuidSchema,
  playlistId: uuidSchema.nullable(),
  positionSeconds: z.number().nonnegative(),
  /** When it was kept, ms since the epoch: the play sounded until then at least. */
  at: z.number().int().positive(),
});
export type CutPlay = z.infer<typeof cutPlaySchema>;

export class NowPlayingRecord {
  /** The play kept last, so that an unchanged play is not written again between its rounds. */
  private keptPlayId: string | null = null;

  constructor(
    private readonly storage: Storage | undefined,
    private readonly key: string,
  ) {}

  /** Keeps what plays now; null: nothing sounds (paused, silent, stopped). */
  keep(play: CutPlay | null): void {
    this.keptPlayId = play?.playId ?? null;
    try {
      if (play) this.storage?.setItem(this.key, JSON.stringify(play));
      else this.storage?.removeItem(this.key);
    } catch {
      // Storage full or refused: a reload then starts the playlist as the schedule says.
    }
  }

  /** Whether `playId` differs from the play kept last (a new song began, or none sounds now). */
  changed(playId: string | null): boolean {
    return playId !== this.keptPlayId;
  }

  /** The play the last page left sounding, taken: it is read once. */
  take(): CutPlay | null {
    try {
      const raw = this.storage?.getItem(this.key);
      this.storage?.removeItem(this.key);
      const parsed = cutPlaySchema.safeParse(raw ? JSON.parse(raw) : null);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
