import { type PlayerPlan, playerPlanSchema } from "@fonika/shared";
import { z } from "zod";
import { JsonFile, readJson } from "./box-data.ts";
import type { EmitEvent } from "./events.ts";

/**
 * The box's plan (issue 31): what its player may play without the server —
 * the schedule's windows in the venue's zone, the fallback, every playable
 * playlist's tracks in order, the licence and until when it may play out
 * of touch (`offlineUntil`). Read on every schedule status and every few
 * minutes while online, kept on disk with the serial number it was read
 * for, so that a box rebooted in an outage knows its player and plays.
 */

const keptPlanSchema = z.object({
  /** The serial number the box ran with (none: the venue's first player). */
  serial: z.string().nullable(),
  plan: playerPlanSchema,
});

export interface PlanKeeperOptions {
  /** Where the plan is kept. */
  file: string;
  serial: string | null;
  /** GETs a path in the device session's name (the box's `authorized`). */
  authorized(path: string): Promise<unknown>;
  emit: EmitEvent;
}

export class PlanKeeper {
  private current: PlayerPlan | null = null;
  private readonly file: JsonFile;
  private reading: Promise<PlayerPlan | null> | null = null;

  constructor(private readonly options: PlanKeeperOptions) {
    this.file = new JsonFile(options.file, (error) => options.emit({ kind: "failure", error }));
  }

  plan(): PlayerPlan | null {
    return this.current;
  }

  /** Reads the plan kept by an earlier run, if it was read for this serial number. */
  async load(): Promise<PlayerPlan | null> {
    const kept = await readJson(this.options.file, keptPlanSchema);
    if (kept && kept.serial === this.options.serial) this.current = kept.plan;
    return this.current;
  }

  /**
   * Reads the player's plan from the server and keeps it; a read under way
   * is shared. A failure (the network gone) keeps the last one.
   */
  refresh(playerId: string): Promise<PlayerPlan | null> {
    this.reading ??= this.read(playerId).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Resolves once the plan kept last is on disk. */
  flushed(): Promise<void> {
    return this.file.flushed();
  }

  private async read(playerId: string): Promise<PlayerPlan | null> {
    try {
      const plan = playerPlanSchema.parse(
        await this.options.authorized(`/music/player/${playerId}/plan`),
      );
      this.current = plan;
      this.file.save({ serial: this.options.serial, plan });
      this.options.emit({
        kind: "plan",
        playlists: plan.playlists.length,
        songs: new Set(plan.playlists.flatMap((playlist) => playlist.songs.map((s) => s.id))).size,
        offlineUntil: plan.offlineUntil ?? null,
      });
    } catch (error) {
      this.options.emit({ kind: "failure", error });
    }
    return this.current;
  }
}
