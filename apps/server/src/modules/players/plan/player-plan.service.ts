import {
  OFFLINE_PLAY_DAYS,
  type PlanPlaylist,
  type PlayerPlan,
  type ScheduleEntry,
} from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { type Entitlement, licenceOf } from "../../entitlement/entitlement.ts";
import type { PlaylistTrack } from "../../library/library.ts";
import { playerErrors } from "../registry/players.errors.ts";
import {
  ScheduleDecisions,
  type ScheduleDecisionsDependencies,
} from "../schedules/schedule-decisions.ts";
import { assertMayReadPlan } from "./player-plan.policy.ts";

export interface PlayerPlanDependencies
  extends Omit<ScheduleDecisionsDependencies, "establishments" | "entitlement"> {
  /** What each venue's licence allows now (the entitlement module). */
  entitlement: Pick<Entitlement, "ofVenues" | "ofVenue">;
  establishments: {
    /** Owners, zones and explicit filters of establishments by id. */
    placesOf(
      ids: string[],
    ): Promise<Map<string, { userId: string; timeZone: string; explicitFilter: boolean }>>;
  };
  /** Each playlist's current version tracks in order, in one query (the library's own type). */
  playlistTracks(ids: readonly string[]): Promise<Map<string, PlaylistTrack[]>>;
}

/**
 * A player's plan (issue 14): what a web player needs to play by its
 * schedule with the network gone — its playable windows and fallback read
 * as the scheduler reads them (`ScheduleDecisions`), its crossfade, and the
 * levelled tracks, without the songs its venue's explicit filter keeps
 * out, of every playlist on it that its venue may play now (issue 28: the
 * owner's «Играть сейчас» may start any of them): the windows' and the
 * fallback's first, then the others in the order they were put on. A few
 * queries however many playlists; it changes nothing.
 */
export class PlayerPlanService {
  private readonly decisions: ScheduleDecisions;

  constructor(private readonly deps: PlayerPlanDependencies) {
    this.decisions = new ScheduleDecisions(deps);
  }

  async planOf(actor: Actor, playerId: string): Promise<PlayerPlan> {
    const player = await this.deps.store.players.findPlayer(playerId);
    if (!player) throw playerErrors.notFound();
    assertMayReadPlan(actor, player);
    const [schedule, places, venue, onPlayer] = await Promise.all([
      this.decisions.scheduleOf(player),
      this.deps.establishments.placesOf([player.establishmentId]),
      this.deps.entitlement.ofVenue(player.establishmentId),
      this.deps.store.players.playlistsOfPlayer(player.id),
    ]);
    const explicitFilter = places.get(player.establishmentId)?.explicitFilter ?? false;
    const windows: ScheduleEntry[] = schedule.windows.map((window) => ({
      id: window.id,
      playerId: player.id,
      playlistId: window.playlistId,
      startTime: window.startTime,
      endTime: window.endTime,
      weekdays: [...window.weekdays],
    }));
    // The schedule's playlists lead: a device that fills its cache in the plan's order keeps
    // what its hours play before what only the owner's choice would play.
    const candidates = [
      ...new Set([
        ...windows.map((window) => window.playlistId),
        ...(schedule.fallbackPlaylistId ? [schedule.fallbackPlaylistId] : []),
        ...onPlayer.map((row) => row.playlistId),
      ]),
    ];
    const names = await this.deps.playlistNames(candidates);
    // Playable as the scheduler and the remote read it (the windows and the fallback already
    // are): the venue's licence allows it now, and it is not in the trash (then it has no name).
    const playlistIds = candidates.filter((id) => venue.playable.has(id) && names.has(id));
    const tracks = await this.deps.playlistTracks(playlistIds);
    const playlists: PlanPlaylist[] = playlistIds.map((id) => ({
      id,
      name: names.get(id) ?? "",
      songs: (tracks.get(id) ?? [])
        .filter((track) => !(explicitFilter && track.explicit))
        .map((track) => ({
          id: track.songId,
          title: track.title,
          artists: track.artists,
          durationMs: track.durationMs,
          gainDb: track.gainDb,
          truePeakDb: track.truePeakDb,
          hasCover: track.hasCover,
          sizeBytes: track.sizeBytes,
          ...(track.playableUntil ? { playableUntil: track.playableUntil } : {}),
        })),
    }));
    const now = Date.now();
    const licence = licenceOf(venue);
    const offlineUntil = Math.min(
      now + OFFLINE_PLAY_DAYS * 86_400_000,
      licence.until ? Date.parse(licence.until) : Number.POSITIVE_INFINITY,
    );
    return {
      playerId: player.id,
      establishmentId: player.establishmentId,
      timeZone: schedule.timeZone,
      explicitFilter,
      licence,
      crossfadeSeconds: player.crossfadeSeconds,
      windows,
      fallbackPlaylistId: schedule.fallbackPlaylistId,
      playlists,
      generatedAt: new Date(now).toISOString(),
      offlineUntil: new Date(offlineUntil).toISOString(),
    };
  }
}
