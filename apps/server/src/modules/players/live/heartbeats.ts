import type { Actor } from "../../../kernel/actor.ts";
import type { ServiceLog } from "../../../kernel/service-log.ts";
import type { PlayersStore } from "../players.store.ts";
import type { DevicesElsewhere } from "./devices-elsewhere.ts";
import { DEVICE_SILENT_MS, HEARTBEAT_FRESH_MS, HEARTBEAT_RENEW_MS } from "./live.policy.ts";
import type { LiveStates } from "./live-states.ts";

/**
 * The pings of this process's devices are gathered and written together,
 * once in this long: a statement for all of them instead of one for each
 * ping. The delay is far inside DEVICE_SILENT_MS.
 */
export const HEARTBEAT_WRITE_MS = 100;

/** How long the players of a venue are trusted before read again (a player added to it). */
const VENUE_PLAYERS_TTL_MS = 30_000;

/** How often the devices connected here are looked at for silence. */
const SILENCE_CHECK_MS = 4_000;

export interface HeartbeatsDependencies {
  store: PlayersStore;
  log: ServiceLog;
  states: LiveStates;
  /** The other processes, told what is written here of the devices' heartbeats. */
  elsewhere: DevicesElsewhere;
  /** Whether the device of a player is connected to this process. */
  isLocal(playerId: string): boolean;
}

/** A venue whose device pinged, and the one player it plays when it named one. */
interface PingedVenue {
  ownerId: string;
  establishmentId: string;
  playerId?: string | null | undefined;
}

/** A venue whose device is connected here. */
interface HeardVenue {
  /** When its device was last heard from. */
  at: number;
  venue: PingedVenue;
  /** Until then its pings have nothing to write (0: the next one does). */
  writeAfter: number;
}

/**
 * Whether the devices connected to this process are alive (issue 30): held
 * in memory, written to the database on change and on a slow cadence.
 *
 * A device pings every 4 s. Its process knows at once when it goes quiet:
 * silent for DEVICE_SILENT_MS (three missed pings) it is marked away here
 * and its players written offline, one statement for every venue gone
 * quiet at once; its next ping brings them back, told. While it pings,
 * its players' stored heartbeat is renewed once in HEARTBEAT_RENEW_MS, so
 * that other processes, which read it, see them online; a process that
 * dies without a word leaves its devices online to the others for at most
 * HEARTBEAT_FRESH_MS. Before, every ping was written within 100 ms: 10 000
 * boxes were 2 500 rows a second rewritten on the embedded database, whose
 * thread shares the two cores with the event loop.
 */
export class Heartbeats {
  /** Venues whose device pinged since the heartbeats were last written, by venue key. */
  private readonly pinged = new Map<string, PingedVenue>();
  private writeTimer: NodeJS.Timeout | undefined;
  /**
   * When each venue's device connected here was last heard from, and
   * before when its pings have nothing to write (see `alive`).
   */
  private readonly lastHeard = new Map<string, HeardVenue>();
  private silenceTimer: NodeJS.Timeout | undefined;
  /** Players whose device, connected here, has gone silent: offline until it pings again. */
  private readonly away = new Set<string>();
  /**
   * The players of each venue whose device is connected here, by venue
   * key, read again after VENUE_PLAYERS_TTL_MS (a player added since).
   */
  private readonly venuePlayers = new Map<string, { ids: string[]; readAt: number }>();
  /** When this process last wrote each of its devices' players' heartbeat. */
  private readonly lastBeat = new Map<string, number>();
  /** When each of them is due to be renewed: HEARTBEAT_RENEW_MS after its last write (the first time, up to a period more: see `arrived`). */
  private readonly renewAt = new Map<string, number>();
  /** Each socket's actor's venue and key, made at its first ping. */
  private readonly venueOfActor = new WeakMap<Actor, { key: string; venue: PingedVenue }>();

  constructor(private readonly deps: HeartbeatsDependencies) {}

  /** A device connected with these players, whose heartbeat its arrival writes. */
  arrived(actor: Actor, playerIds: readonly string[]): void {
    const now = Date.now();
    const key = venueKey(actor);
    // Devices arrive together (a restart's reconnections: 10 000 in 8 s) and
    // would renew and be read again together, every period, ever after: the
    // first renewal and read come up to a period later, at random, which
    // spreads them for good (each later one follows its own ping). Not
    // earlier: that would add their work to the arrivals'. A heartbeat is
    // still renewed within 2 periods and a ping (64 s), inside the 75 s
    // other processes trust it for (HEARTBEAT_FRESH_MS).
    this.venuePlayers.set(key, {
      ids: [...playerIds],
      readAt: now + Math.random() * VENUE_PLAYERS_TTL_MS,
    });
    if (actor.establishmentId) {
      this.lastHeard.set(key, { at: now, venue: pingedVenue(actor), writeAfter: 0 });
    }
    const renewAt = now + HEARTBEAT_RENEW_MS * (1 + Math.random());
    for (const id of playerIds) {
      this.lastBeat.set(id, now);
      this.renewAt.set(id, renewAt);
      this.away.delete(id);
    }
    this.armSilenceCheck();
  }

  /** A device's socket closed; `gone` are the players no device plays here any more. */
  left(actor: Actor, gone: readonly string[], venueGone: boolean): void {
    const key = venueKey(actor);
    // A ping noted before the close must not bring its players back online.
    this.pinged.delete(key);
    if (venueGone) {
      this.venuePlayers.delete(key);
      this.lastHeard.delete(key);
    }
    for (const id of gone) {
      this.lastBeat.delete(id);
      this.renewAt.delete(id);
      this.away.delete(id);
    }
    if (this.lastHeard.size === 0) this.disarmSilenceCheck();
  }

  /**
   * Notes a device's ping; what it changes is written within
   * HEARTBEAT_WRITE_MS. 2 750 a second at 10 000 boxes: it allocates
   * nothing (the venue and its key are made once per socket's actor). A
   * venue connected here whose players are neither due for renewal nor
   * away, and whose players were read within VENUE_PLAYERS_TTL_MS, has
   * nothing to write: its ping only counts against silence. So a write
   * looks at the venues due (10 000 boxes: about 330 a second), not at
   * every venue that pinged (2 500 a second, each looked up and dropped).
   */
  alive(actor: Actor): void {
    if (actor.sessionKind !== "device" || !actor.establishmentId) return;
    let known = this.venueOfActor.get(actor);
    if (!known) {
      known = { key: venueKey(actor), venue: pingedVenue(actor) };
      this.venueOfActor.set(actor, known);
    }
    const { key, venue } = known;
    const heard = this.lastHeard.get(key);
    if (heard) {
      heard.at = Date.now();
      if (heard.at < heard.writeAfter) return;
    }
    this.pinged.set(key, venue);
    if (this.writeTimer) return;
    this.writeTimer = setTimeout(() => void this.write(), HEARTBEAT_WRITE_MS);
    this.writeTimer.unref();
  }

  /** Whether a player's device connected here has gone silent. */
  isAway(playerId: string): boolean {
    return this.away.has(playerId);
  }

  stop(): void {
    clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    this.pinged.clear();
    this.disarmSilenceCheck();
  }

  /**
   * Renews the stored heartbeats of the venues that pinged and are due
   * (HEARTBEAT_RENEW_MS) or were away; tells who came back online.
   */
  private async write(): Promise<void> {
    this.writeTimer = undefined;
    const pinged = [...this.pinged.entries()];
    this.pinged.clear();
    try {
      const now = Date.now();
      const playersByVenue = await this.playersOf(pinged, now);
      const ids = [...playersByVenue.values()].flat();
      const due = ids.filter(
        (id) => this.away.has(id) || now >= (this.renewAt.get(id) ?? Number.NEGATIVE_INFINITY),
      );
      if (due.length === 0) return this.noteNextWrites(playersByVenue);
      // Online again: away here, or its heartbeat not written from here within the online rule.
      const cameOnline = due.filter(
        (id) =>
          this.away.has(id) ||
          now - (this.lastBeat.get(id) ?? Number.NEGATIVE_INFINITY) >= HEARTBEAT_FRESH_MS,
      );
      await this.deps.store.live.writeHeartbeats(due, new Date(now));
      const local: string[] = [];
      for (const id of due) {
        this.away.delete(id);
        if (!this.deps.isLocal(id)) continue;
        local.push(id);
        this.lastBeat.set(id, now);
        this.renewAt.set(id, now + HEARTBEAT_RENEW_MS);
      }
      await this.deps.elsewhere.heard(local, now);
      for (const id of cameOnline) await this.deps.states.publishState(id);
      this.noteNextWrites(playersByVenue);
    } catch (error) {
      this.deps.log.error({ err: error }, "player heartbeats failed");
    }
  }

  /**
   * After a write of these venues' pings: when each, connected here, next
   * has something to write (the first of its players' renewals, or its
   * players' next read). A player whose device is not here keeps its venue's
   * pings written (none is written before it is here: see `write`).
   */
  private noteNextWrites(playersByVenue: ReadonlyMap<string, readonly string[]>): void {
    for (const [key, ids] of playersByVenue) {
      const heard = this.lastHeard.get(key);
      if (!heard) continue;
      const read = this.venuePlayers.get(key);
      let next = read ? read.readAt + VENUE_PLAYERS_TTL_MS : 0;
      for (const id of ids) {
        next = Math.min(next, this.away.has(id) ? 0 : (this.renewAt.get(id) ?? 0));
      }
      heard.writeAfter = next;
    }
  }

  /** The players of each venue that pinged: known here, or read, the stale ones in one query. */
  private async playersOf(
    pinged: [string, PingedVenue][],
    now: number,
  ): Promise<Map<string, string[]>> {
    const fresh = (key: string) => {
      const known = this.venuePlayers.get(key);
      return known && now - known.readAt < VENUE_PLAYERS_TTL_MS ? known.ids : undefined;
    };
    const stale = pinged.filter(([key]) => !fresh(key));
    const byVenue = new Map<string, string[]>();
    for (const [key] of pinged) {
      const ids = fresh(key);
      if (ids) byVenue.set(key, ids);
    }
    // They went stale together (their devices connected together): one read for all.
    const unnamed = stale.filter(([, venue]) => !venue.playerId).map(([, venue]) => venue);
    const read =
      unnamed.length > 0
        ? await this.deps.store.live.playerIdsOfVenues(unnamed)
        : new Map<string, string[]>();
    for (const [key, venue] of stale) {
      const players = venue.playerId ? [venue.playerId] : (read.get(venue.establishmentId) ?? []);
      if (this.venuePlayers.has(key)) this.venuePlayers.set(key, { ids: players, readAt: now });
      byVenue.set(key, players);
    }
    return byVenue;
  }

  private armSilenceCheck(): void {
    if (this.silenceTimer) return;
    this.silenceTimer = setInterval(() => void this.checkSilence(), SILENCE_CHECK_MS);
    this.silenceTimer.unref();
  }

  private disarmSilenceCheck(): void {
    clearInterval(this.silenceTimer);
    this.silenceTimer = undefined;
  }

  /**
   * The devices connected here that sent nothing for DEVICE_SILENT_MS
   * (their line is cut, their box froze): their players are away, written
   * offline as last seen when last heard from, and told.
   */
  private async checkSilence(): Promise<void> {
    const now = Date.now();
    const silent: { playerId: string; lastSeenAt: Date }[] = [];
    for (const [key, heard] of this.lastHeard) {
      if (now - heard.at < DEVICE_SILENT_MS) continue;
      // Its next ping brings its players back: written at once.
      heard.writeAfter = 0;
      for (const id of this.venuePlayers.get(key)?.ids ?? []) {
        if (this.away.has(id)) continue;
        this.away.add(id);
        silent.push({ playerId: id, lastSeenAt: new Date(heard.at) });
      }
    }
    if (silent.length === 0) return;
    try {
      await this.deps.states.publishRows(await this.deps.store.live.writeDevicesSilent(silent));
      await this.deps.elsewhere.gone(
        silent.map(({ playerId, lastSeenAt }) => ({ playerId, at: lastSeenAt.getTime() })),
      );
    } catch (error) {
      this.deps.log.error({ err: error }, "marking silent devices offline failed");
    }
  }
}

function pingedVenue(actor: Actor): PingedVenue {
  return {
    ownerId: actor.userId,
    establishmentId: actor.establishmentId ?? "",
    playerId: actor.playerId,
  };
}

/** A device socket's venue as a key: its owner, establishment and the player it named. */
export function venueKey(actor: Actor): string {
  return `${actor.userId} ${actor.establishmentId} ${actor.playerId ?? ""}`;
}
