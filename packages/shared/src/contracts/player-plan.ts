import { defineEndpoint, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";
import { scheduleEntrySchema } from "./schedules.ts";
import { venueLicenceSchema } from "./subscriptions.ts";

/**
 * A player's plan (issue 14): everything a web player needs to play by its
 * schedule without the server — the establishment's zone, the weekly
 * windows it may play, the fallback, its crossfade, and the tracks of every
 * playlist on the player that it may play now (those of the windows and the
 * fallback, and the others the owner may start with «Играть сейчас», issue
 * 28) in the order they play, each with the gain that levels it. Songs the
 * establishment's explicit filter keeps out are not in it. The device
 * caches it (with the audio of the coming hours) and decides with `decide`
 * of `schedule.ts` while the network is gone.
 */

export const planSongSchema = z
  .object({
    id: uuidSchema,
    title: z.string(),
    artists: z.array(z.string()),
    durationMs: z.number().int().nonnegative(),
    /** Gain to the library's target loudness, dB; null: not measured yet (played at 0 dB). */
    gainDb: z.number().nullable(),
    /** True peak of the file, dBTP; null: not measured. The player keeps peak + gain ≤ −1 dBTP. */
    truePeakDb: z.number().nullable(),
    hasCover: z.boolean(),
    /** The file's size: what caching it costs. */
    sizeBytes: z.number().int().nonnegative(),
    /**
     * When its copyright holder's licences run out (issue 32): a player
     * without the network does not start it from then on. Absent: they do
     * not (or it has none).
     */
    playableUntil: z.iso.datetime().optional(),
  })
  .meta({ id: "PlanSong" });
export type PlanSong = z.infer<typeof planSongSchema>;

export const planPlaylistSchema = z
  .object({
    id: uuidSchema,
    name: z.string(),
    /** The current version's tracks in order (explicit songs left out where filtered). */
    songs: z.array(planSongSchema),
  })
  .meta({ id: "PlanPlaylist" });
export type PlanPlaylist = z.infer<typeof planPlaylistSchema>;

export const playerPlanSchema = z
  .object({
    playerId: uuidSchema,
    establishmentId: uuidSchema,
    /** The establishment's IANA zone: the windows are read in it. */
    timeZone: z.string(),
    explicitFilter: z.boolean(),
    /**
     * The venue's licence: without an active one the plan holds no music
     * and the player says why; an active one's `until` is when a player
     * without the network stops by itself.
     */
    licence: venueLicenceSchema,
    crossfadeSeconds: z.number().int().nonnegative(),
    /** The windows of playlists the owner may play now (others are left out, as the scheduler does). */
    windows: z.array(scheduleEntrySchema),
    fallbackPlaylistId: uuidSchema.nullable(),
    /**
     * Every playlist on the player that it may play now, once each: those of
     * `windows` and the fallback first, then the others in the order they
     * were put on the player.
     */
    playlists: z.array(planPlaylistSchema),
    generatedAt: z.iso.datetime(),
    /**
     * Until when a player that cannot reach the server may play this plan
     * (issue 31): OFFLINE_PLAY_DAYS after it was made, never past the
     * licence's `until`. A plan read again while online moves it on, so a
     * device stops after 7 days out of touch, and says why. Absent from
     * plans of earlier releases kept by devices: `offlineUntilOf` reads it.
     */
    offlineUntil: z.iso.datetime().optional(),
  })
  .meta({ id: "PlayerPlan" });
export type PlayerPlan = z.infer<typeof playerPlanSchema>;

/** How long a device plays its cached plan without reaching the server (issue 31). */
export const OFFLINE_PLAY_DAYS = 7;

/** Until when a plan made at `generatedAt` may play without the server, licence aside, ms. */
export function offlineUntilOf(plan: Pick<PlayerPlan, "generatedAt" | "offlineUntil">): number {
  return plan.offlineUntil
    ? Date.parse(plan.offlineUntil)
    : Date.parse(plan.generatedAt) + OFFLINE_PLAY_DAYS * 86_400_000;
}

export const getPlayerPlan = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/plan",
  summary:
    "What a player plays without the server: its zone, windows, fallback, crossfade and the levelled tracks of its playlists",
  tags: ["schedules"],
  auth: "bearer",
  sessions: ["browser", "device"],
  params: z.object({ id: uuidSchema }),
  response: playerPlanSchema,
});
