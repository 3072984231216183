import {
  ESTABLISHMENTS,
  type LicenceState,
  type PlayerDecision,
  type PlayerSchedule,
} from "@fonika/shared";
import type { Entitlement } from "../../entitlement/entitlement.ts";
import type { PlayersStore } from "../players.store.ts";
import { playerErrors } from "../registry/players.errors.ts";
import type { PlayerRow } from "../registry/players.repository.ts";
import { groupByPlayer, toWindow } from "./schedule-rows.ts";
import { decideForPlayers, playableSchedule } from "./scheduler.ts";

/**
 * What players' schedules decide: each player's playable schedule (its
 * windows and fallback, only of playlists its venue may play now, in its
 * establishment's time zone), read in a few queries for any number of
 * players. The read side of schedules; it checks no caller, and changes
 * nothing.
 */
export interface ScheduleDecisionsDependencies {
  store: PlayersStore;
  establishments: {
    /** Owners and IANA time zones of establishments by id. */
    placesOf(ids: string[]): Promise<Map<string, { userId: string; timeZone: string }>>;
  };
  /** What each venue may play now, every one asked for in the map (the entitlement module). */
  entitlement: Pick<Entitlement, "ofVenues">;
  /** Names of live playlists by id (the library); one in the trash is absent. */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
}

export class ScheduleDecisions {
  constructor(private readonly deps: ScheduleDecisionsDependencies) {}

  /**
   * What each of these players plays at `instantMs` (unknown ids are left
   * out): their rows, windows, playlists and zones are read in a few
   * queries for all of them (the venues' licences too), and each
   * zone's wall clock once (`decideForPlayers`).
   */
  async decideFor(playerIds: string[], instantMs: number): Promise<Map<string, PlayerDecision>> {
    const { schedules, licences } = await this.schedulesOf(
      await this.deps.store.schedules.playersByIds(playerIds),
    );
    const decisions = new Map<string, PlayerDecision>();
    for (const [playerId, decision] of decideForPlayers(schedules, instantMs)) {
      decisions.set(playerId, { ...decision, licence: licences.get(playerId) ?? "none" });
    }
    return decisions;
  }

  /** The playable schedule of one player. */
  async scheduleOf(player: PlayerRow): Promise<PlayerSchedule> {
    const { schedules } = await this.schedulesOf([player]);
    const schedule = schedules.get(player.id);
    if (!schedule) throw playerErrors.notFound();
    return schedule;
  }

  /** The playable schedules of these players and their venues' licences, read in a few queries for all of them. */
  private async schedulesOf(rows: PlayerRow[]): Promise<{
    schedules: Map<string, PlayerSchedule>;
    licences: Map<string, LicenceState>;
  }> {
    const ids = rows.map((row) => row.id);
    const [windows, attached, places] = await Promise.all([
      this.deps.store.schedules.windowsOfPlayers(ids),
      this.deps.store.schedules.playlistsOfPlayers(ids),
      this.deps.establishments.placesOf([...new Set(rows.map((row) => row.establishmentId))]),
    ]);
    const venueIds = [...new Set(rows.map((row) => row.establishmentId))];
    const [licensed, names] = await Promise.all([
      this.deps.entitlement.ofVenues(venueIds),
      this.deps.playlistNames([...new Set(attached.map((row) => row.playlistId))]),
    ]);
    // Grouped once, so that many players cost about many × one, not players × windows.
    const windowsOf = groupByPlayer(windows);
    const attachedTo = groupByPlayer(attached);
    const schedules = new Map<string, PlayerSchedule>();
    const licences = new Map<string, LicenceState>();
    for (const row of rows) {
      const venue = licensed.get(row.establishmentId);
      licences.set(row.id, venue?.licence.state ?? "none");
      const allowed = venue?.playable ?? new Set<string>();
      const playable = new Set(
        (attachedTo.get(row.id) ?? [])
          .map((entry) => entry.playlistId)
          .filter((playlistId) => allowed.has(playlistId) && names.has(playlistId)),
      );
      schedules.set(
        row.id,
        playableSchedule(
          places.get(row.establishmentId)?.timeZone ?? ESTABLISHMENTS.defaultTimeZone,
          (windowsOf.get(row.id) ?? []).map(toWindow),
          row.fallbackPlaylistId,
          playable,
        ),
      );
    }
    return { schedules, licences };
  }
}
