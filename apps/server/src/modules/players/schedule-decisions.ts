import { ESTABLISHMENTS, type PlayerSchedule, type ScheduleDecision } from "@fonika/shared";
import type { Database } from "../../db/client.ts";
import { playerErrors } from "./players.errors.ts";
import type { PlayerRow } from "./players.repository.ts";
import { groupByPlayer, toWindow } from "./schedule-rows.ts";
import { decideForPlayers, playableSchedule } from "./scheduler.ts";
import * as repository from "./schedules.repository.ts";

/**
 * What players' schedules decide: each player's playable schedule (its
 * windows and fallback, only of playlists its owner may play now, in its
 * establishment's time zone), read in a few queries for any number of
 * players. The read side of schedules; it checks no caller, and changes
 * nothing.
 */
export interface ScheduleDecisionsDependencies {
  db: Database;
  establishments: {
    /** Owners and IANA time zones of establishments by id. */
    placesOf(ids: string[]): Promise<Map<string, { userId: string; timeZone: string }>>;
  };
  /** The playlists each of these users may play now, every one asked for in the map (tariffs). */
  allowedPlaylistIdsOf(userIds: readonly string[]): Promise<Map<string, Set<string>>>;
  /** Names of live playlists by id (the library); one in the trash is absent. */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
}

export class ScheduleDecisions {
  constructor(private readonly deps: ScheduleDecisionsDependencies) {}

  /**
   * What each of these players plays at `instantMs` (unknown ids are left
   * out): their rows, windows, playlists and zones are read in a few
   * queries for all of them (the owners' allowed playlists too), and each
   * zone's wall clock once (`decideForPlayers`).
   */
  async decideFor(playerIds: string[], instantMs: number): Promise<Map<string, ScheduleDecision>> {
    const schedules = await this.schedulesOf(
      await repository.playersByIds(this.deps.db, playerIds),
    );
    return decideForPlayers(schedules, instantMs);
  }

  /** The playable schedule of one player. */
  async scheduleOf(player: PlayerRow): Promise<PlayerSchedule> {
    const schedules = await this.schedulesOf([player]);
    const schedule = schedules.get(player.id);
    if (!schedule) throw playerErrors.notFound();
    return schedule;
  }

  /** The playable schedules of these players, read in a few queries for all of them. */
  private async schedulesOf(rows: PlayerRow[]): Promise<Map<string, PlayerSchedule>> {
    const ids = rows.map((row) => row.id);
    const [windows, attached, places] = await Promise.all([
      repository.windowsOfPlayers(this.deps.db, ids),
      repository.playlistsOfPlayers(this.deps.db, ids),
      this.deps.establishments.placesOf([...new Set(rows.map((row) => row.establishmentId))]),
    ]);
    const owners = [...new Set(rows.map((row) => row.userId))];
    const [allowedByOwner, names] = await Promise.all([
      this.deps.allowedPlaylistIdsOf(owners),
      this.deps.playlistNames([...new Set(attached.map((row) => row.playlistId))]),
    ]);
    // Grouped once, so that many players cost about many × one, not players × windows.
    const windowsOf = groupByPlayer(windows);
    const attachedTo = groupByPlayer(attached);
    const schedules = new Map<string, PlayerSchedule>();
    for (const row of rows) {
      const allowed = allowedByOwner.get(row.userId) ?? new Set<string>();
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
    return schedules;
  }
}
