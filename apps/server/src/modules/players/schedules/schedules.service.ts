import {
  CLIENT_READING_ROLES,
  decide,
  type EstablishmentWeek,
  findOverlap,
  type PlayerDecision,
  type PlayNow,
  plan,
  type ScheduleEntry,
  type ScheduleWindow,
  type schedulesApi,
  type Weekday,
} from "@fonika/shared";
import type { z } from "zod";
import type { Actor } from "../../../kernel/actor.ts";
import { clientAccessOf } from "../../../lib/client-access.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import type { Entitlement } from "../../entitlement/entitlement.ts";
import type { PlayersStore } from "../players.store.ts";
import { playerErrors } from "../registry/players.errors.ts";
import { assertMayChangePlayer, assertMayReadPlayer } from "../registry/players.policy.ts";
import type { PlayerRow } from "../registry/players.repository.ts";
import { ScheduleDecisions } from "./schedule-decisions.ts";
import { groupByPlayer, toEntry, toWindow } from "./schedule-rows.ts";
import type { ScheduleRow } from "./schedules.repository.ts";

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E["body"]>>;
type WindowInput = Body<typeof schedulesApi.addPlaylistSchedule>;

/** What schedules need of other modules (the face `players.ts` passes them on). */
export interface SchedulePorts {
  establishments: {
    /** Owners and IANA time zones of establishments by id. */
    placesOf(ids: string[]): Promise<Map<string, { userId: string; timeZone: string }>>;
  };
  /** What each venue's subscription offers and may play now (the entitlement module). */
  entitlement: Pick<Entitlement, "ofVenues" | "ofVenue">;
  /** Names of live playlists by id (the library); one in the trash is absent. */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
}

export interface SchedulesDependencies extends SchedulePorts {
  store: PlayersStore;
  /** Every change of what a player plays is published as `schedule-changed`. */
  bus: EventBus;
}

const QUEUE_HOURS = 24;

/**
 * Players' schedules: windows of a player's playlists on weekdays, never
 * two of one player at once; its fallback; what it plays now and next in
 * its establishment's time zone (decided by `ScheduleDecisions`); and a
 * venue's whole week. Every change is published on the bus, so that a
 * running player decides again at once.
 */
export class SchedulesService {
  private readonly decisions: ScheduleDecisions;

  constructor(private readonly deps: SchedulesDependencies) {
    this.decisions = new ScheduleDecisions(deps);
  }

  /** The windows of a playlist on a player, in the order they were made. */
  async listOfPlaylist(actor: Actor, playerId: string, playlistId: string) {
    const player = await this.findPlayer(playerId);
    assertMayReadPlayer(actor, player);
    await this.assertOnPlayer(playerId, playlistId);
    const rows = await this.deps.store.schedules.windowsOfPlayers([playerId]);
    return rows.filter((row) => row.playlistId === playlistId).map(toEntry);
  }

  /** Adds a window of a playable playlist on the player; an overlap with any of its windows is 409. */
  async add(
    actor: Actor,
    playerId: string,
    playlistId: string,
    input: WindowInput,
  ): Promise<ScheduleEntry> {
    const player = await this.findPlayer(playerId);
    assertMayChangePlayer(actor, player);
    return this.saveWindow(player, { playlistId, ...input });
  }

  /** Changes a window of the player's playlist (its times and days). */
  async change(
    actor: Actor,
    playerId: string,
    playlistId: string,
    scheduleId: string,
    input: WindowInput,
  ): Promise<ScheduleEntry> {
    const player = await this.findPlayer(playerId);
    assertMayChangePlayer(actor, player);
    await this.findWindow(player.id, scheduleId, playlistId);
    return this.saveWindow(player, { id: scheduleId, playlistId, ...input });
  }

  async remove(
    actor: Actor,
    playerId: string,
    playlistId: string,
    scheduleId: string,
  ): Promise<void> {
    const player = await this.findPlayer(playerId);
    assertMayChangePlayer(actor, player);
    await this.findWindow(player.id, scheduleId, playlistId);
    await this.deps.store.schedules.deleteWindow(scheduleId);
    await this.announce([player.id]);
  }

  /** Sets what the player plays when no window does: a playable playlist on it, or null (silence). */
  async setFallback(
    actor: Actor,
    playerId: string,
    playlistId: string | null,
  ): Promise<string | null> {
    const player = await this.findPlayer(playerId);
    assertMayChangePlayer(actor, player);
    if (playlistId !== null) await this.assertPlayable(player, playlistId);
    await this.deps.store.schedules.setFallback(player.id, playlistId);
    await this.announce([player.id]);
    return playlistId;
  }

  /** What the player plays at `at` (now by default; another instant is a staff diagnostic). */
  async playNow(actor: Actor, playerId: string, at: string | undefined): Promise<PlayNow> {
    const player = await this.findPlayer(playerId);
    assertMayReadPlayer(actor, player);
    const instant = instantOf(actor, at);
    const schedule = await this.decisions.scheduleOf(player);
    const decision = decide(schedule, instant);
    return {
      playlistId: decision.playlistId,
      scheduleId: decision.windowId,
      fallback: decision.fallback,
      until: new Date(decision.decideAgainAt).toISOString(),
      timeZone: schedule.timeZone,
    };
  }

  /** What the player plays over the 24 hours from `at` (now by default), slot by slot. */
  async queue(actor: Actor, playerId: string, at: string | undefined) {
    const player = await this.findPlayer(playerId);
    assertMayReadPlayer(actor, player);
    const instant = instantOf(actor, at);
    const schedule = await this.decisions.scheduleOf(player);
    const slots = plan(schedule, instant, instant + QUEUE_HOURS * 3600 * 1000);
    const playlistIds: string[] = [];
    for (const slot of slots) {
      if (slot.playlistId !== null && playlistIds.at(-1) !== slot.playlistId) {
        playlistIds.push(slot.playlistId);
      }
    }
    return {
      playlistIds,
      slots: slots.map((slot) => ({
        playlistId: slot.playlistId,
        scheduleId: slot.windowId,
        fallback: slot.fallback,
        from: new Date(slot.from).toISOString(),
        until: new Date(slot.until).toISOString(),
      })),
      timeZone: schedule.timeZone,
    };
  }

  /** A venue's whole week: each of its players with its windows and their playlists' names. */
  async week(actor: Actor, establishmentId: string): Promise<EstablishmentWeek> {
    const place = await this.findPlace(establishmentId);
    if (clientAccessOf(actor, place.userId) === "none") throw playerErrors.establishmentNotFound();
    return this.presentWeek(establishmentId, place);
  }

  /** Adds (no scheduleId) or changes a window of a player of the venue; answers the week. */
  async changeInWeek(
    actor: Actor,
    establishmentId: string,
    body: Body<typeof schedulesApi.changeEstablishmentSchedule>,
  ): Promise<EstablishmentWeek> {
    const place = await this.findPlace(establishmentId);
    const access = clientAccessOf(actor, place.userId);
    if (access === "none") throw playerErrors.establishmentNotFound();
    const player = await this.findPlayer(body.playerId);
    if (player.establishmentId !== establishmentId) throw playerErrors.notFound();
    assertMayChangePlayer(actor, player);
    if (body.scheduleId) await this.findWindow(player.id, body.scheduleId);
    await this.saveWindow(player, {
      ...(body.scheduleId ? { id: body.scheduleId } : {}),
      playlistId: body.playlistId,
      startTime: body.startTime,
      endTime: body.endTime,
      weekdays: body.weekdays,
    });
    return this.presentWeek(establishmentId, place);
  }

  /** Removes a window of a player of the venue; answers the week. */
  async removeInWeek(
    actor: Actor,
    establishmentId: string,
    scheduleId: string,
  ): Promise<EstablishmentWeek> {
    const place = await this.findPlace(establishmentId);
    if (clientAccessOf(actor, place.userId) === "none") throw playerErrors.establishmentNotFound();
    const window = await this.deps.store.schedules.findWindow(scheduleId);
    if (!window) throw playerErrors.scheduleNotFound();
    const player = await this.findPlayer(window.playerId);
    if (player.establishmentId !== establishmentId) throw playerErrors.scheduleNotFound();
    assertMayChangePlayer(actor, player);
    await this.deps.store.schedules.deleteWindow(scheduleId);
    await this.announce([player.id]);
    return this.presentWeek(establishmentId, place);
  }

  /**
   * What each of these players plays at `instantMs`, unknown ids left out
   * (the player socket's port; see `ScheduleDecisions`).
   */
  decideFor(playerIds: string[], instantMs: number): Promise<Map<string, PlayerDecision>> {
    return this.decisions.decideFor(playerIds, instantMs);
  }

  /** Publishes that what these players play changed (also after a playlist is taken off a player). */
  async announce(playerIds: string[]): Promise<void> {
    await this.deps.bus.publish({ kind: "schedule-changed", rooms: [], playerIds });
  }

  /**
   * Saves a window (new without `id`) after checking, in one transaction
   * that locks the player, that its playlist is on the player and playable
   * and that it overlaps none of the player's other windows.
   */
  private async saveWindow(
    player: PlayerRow,
    window: Omit<ScheduleWindow, "id" | "weekdays"> & { id?: string; weekdays: Weekday[] },
  ): Promise<ScheduleEntry> {
    await this.assertPlayable(player, window.playlistId);
    // Names are read after the transaction: on PGlite it holds the one connection.
    type Saved = { row: ScheduleRow } | { overlap: ScheduleWindow };
    const saved = await this.deps.store.withTx(async (tx): Promise<Saved> => {
      await tx.schedules.lockPlayer(player.id);
      const others = (await tx.schedules.windowsOfPlayers([player.id])).map(toWindow);
      const overlap = findOverlap({ ...window, id: window.id ?? "" }, others);
      if (overlap) return { overlap };
      const fields = {
        playlistId: window.playlistId,
        startTime: window.startTime,
        endTime: window.endTime,
        weekdays: [...window.weekdays],
      };
      return {
        row: window.id
          ? await tx.schedules.updateWindow(window.id, fields)
          : await tx.schedules.insertWindow({ playerId: player.id, ...fields }),
      };
    });
    if ("overlap" in saved) {
      const { overlap } = saved;
      const names = await this.deps.playlistNames([overlap.playlistId]);
      throw playerErrors.scheduleOverlap({
        ...overlap,
        playlistName: names.get(overlap.playlistId) ?? "Удалённый плейлист",
      });
    }
    await this.announce([player.id]);
    return toEntry(saved.row);
  }

  /**
   * 404 unless the playlist is on the player; 403 unless its venue's
   * subscription offers it (a schedule may be set up before a client
   * manager activates the subscription; it plays once active).
   */
  private async assertPlayable(player: PlayerRow, playlistId: string): Promise<void> {
    await this.assertOnPlayer(player.id, playlistId);
    const [venue, names] = await Promise.all([
      this.deps.entitlement.ofVenue(player.establishmentId),
      this.deps.playlistNames([playlistId]),
    ]);
    if (!venue.offered.has(playlistId) || !names.has(playlistId)) {
      throw playerErrors.playlistNotAllowed();
    }
  }

  private async assertOnPlayer(playerId: string, playlistId: string): Promise<void> {
    if (!(await this.deps.store.schedules.isOnPlayer(playerId, playlistId))) {
      throw playerErrors.playlistNotOnPlayer();
    }
  }

  private async presentWeek(
    establishmentId: string,
    place: { userId: string; timeZone: string },
  ): Promise<EstablishmentWeek> {
    const rows = await this.deps.store.schedules.playersOfEstablishment(establishmentId);
    const ids = rows.map((row) => row.id);
    const [windows, attached, allowed] = await Promise.all([
      this.deps.store.schedules.windowsOfPlayers(ids),
      this.deps.store.schedules.playlistsOfPlayers(ids),
      this.deps.entitlement.ofVenue(establishmentId),
    ]);
    const names = await this.deps.playlistNames([
      ...new Set([...attached, ...windows].map((row) => row.playlistId)),
    ]);
    const windowsOf = groupByPlayer(windows);
    return {
      establishmentId,
      timeZone: place.timeZone,
      players: rows.map((row) => ({
        playerId: row.id,
        name: row.name,
        fallbackPlaylistId: row.fallbackPlaylistId,
        windows: (windowsOf.get(row.id) ?? []).map((window) => ({
          ...toEntry(window),
          playlistName: names.get(window.playlistId) ?? "Удалённый плейлист",
          playable: names.has(window.playlistId) && allowed.playable.has(window.playlistId),
        })),
      })),
    };
  }

  private async findPlace(establishmentId: string) {
    const place = (await this.deps.establishments.placesOf([establishmentId])).get(establishmentId);
    if (!place) throw playerErrors.establishmentNotFound();
    return place;
  }

  private async findPlayer(id: string): Promise<PlayerRow> {
    const row = await this.deps.store.players.findPlayer(id);
    if (!row) throw playerErrors.notFound();
    return row;
  }

  /** The player's window `id` (of `playlistId`, when given), else 404. */
  private async findWindow(
    playerId: string,
    id: string,
    playlistId?: string,
  ): Promise<ScheduleRow> {
    const row = await this.deps.store.schedules.findWindow(id);
    if (!row || row.playerId !== playerId || (playlistId && row.playlistId !== playlistId)) {
      throw playerErrors.scheduleNotFound();
    }
    return row;
  }
}

/** The instant to decide for: now, or `at` for staff who see clients (an operator's diagnostic). */
function instantOf(actor: Actor, at: string | undefined): number {
  if (at === undefined) return Date.now();
  if (
    actor.sessionKind !== "browser" ||
    !actor.role ||
    !CLIENT_READING_ROLES.includes(actor.role)
  ) {
    throw playerErrors.instantForStaffOnly();
  }
  return Date.parse(at);
}
