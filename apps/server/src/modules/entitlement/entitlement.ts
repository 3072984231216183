import { type LicenceState, STAFF_ROLES, type VenueLicence } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { BusCache } from "../../lib/bus-cache.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { type HolderLicenceReads, SongBar, type SongLicences } from "./song-bar.ts";

export type { HolderLicenceReads, SongLicences } from "./song-bar.ts";
export { songLicenceOf } from "./song-bar.ts";

/**
 * Who may play what (issue 27), the entitlement module's one public face:
 * the one owner of the rule that the library, players, schedules, plans
 * and the history ask, and nothing else decides.
 *
 * The rule: a venue plays only what its own ACTIVE subscription's tariff
 * holds, plus the playlists its owner was granted personally under that
 * tariff, and of their songs only those whose copyright holder's licence
 * (if it has any) covers today (`song-bar.ts`). A pending, suspended or ended subscription licenses nothing, a
 * period that ran out by date stops at its end to the millisecond (the
 * answer kept in memory carries the end), and one venue's subscription
 * plays at no other venue of the owner. A device plays only its venue's
 * music; an owner in the browser hears what any of their licensed venues
 * may play; staff everything.
 *
 * Answers are kept in memory, one per venue and one per owner, so that a
 * song's ranges and a thousand players' decisions cost no query. Every
 * change of subscriptions, tariffs' playlists, grants and playlists'
 * versions publishes `music-access-changed` once stored, and every process
 * forgets then (and on a gap of the shared bus).
 *
 * Unlike the other faces it has no `plugin` and no store: it serves no
 * route, owns no table (it reads the subscriptions' licences and the
 * tariffs' grants through its ports) and runs no worker to start or stop;
 * its memory listens to the bus from `createEntitlement` on and stops
 * with the bus. A plugin here would be an empty one app.ts registers for
 * nothing.
 */

/** What one venue's licence allows now. */
export interface VenueEntitlement {
  licence: { state: LicenceState; until: Date | null };
  /**
   * The playlists the venue's subscription names, whatever its state:
   * players are set up with them before activation (they play only once
   * the licence is active).
   */
  offered: ReadonlySet<string>;
  /** What the venue may play now: `offered` while the licence is active, else none. */
  playable: ReadonlySet<string>;
  /**
   * When this answer was read (ms): it has held since, for any change
   * would have been announced and the answer forgotten.
   */
  readAt: number;
}

/** A venue's subscription that has not ended (subscriptions' port). */
export interface LicenceSource {
  establishmentId: string;
  userId: string;
  tariffId: string;
  state: "pending" | "active" | "suspended";
  endsAt: Date | null;
}

export interface EntitlementDependencies {
  /** The subscriptions that license venues, as of `now` (the subscriptions module). */
  licences: {
    ofVenues(venueIds: readonly string[], now: Date): Promise<LicenceSource[]>;
    ofOwners(userIds: readonly string[], now: Date): Promise<LicenceSource[]>;
    /** The subscription that licensed a venue at a past instant (its licence periods). */
    ofVenueAt(venueId: string, at: Date): Promise<LicenceSource[]>;
  };
  /** The playlists tariffs grant to all their subscribers and to these users (the tariffs module). */
  grants: {
    playlistsOf(
      tariffIds: readonly string[],
      userIds: readonly string[],
    ): Promise<{ tariffId: string; userId: string | null; playlistId: string }[]>;
  };
  /** Copyright holders' licences (the library's catalog). */
  holderLicences: HolderLicenceReads;
  bus: Pick<EventBus, "publish" | "subscribe" | "onGap">;
  now?: () => number;
}

export interface Entitlement {
  /** What each of these venues may play now; every venue asked for is in the map (unknown: none). */
  ofVenues(venueIds: readonly string[]): Promise<Map<string, VenueEntitlement>>;
  ofVenue(venueId: string): Promise<VenueEntitlement>;
  /**
   * What a venue was licensed to play at `at` (a play reported late after
   * an outage is judged by the licence of the moment it began): the
   * playlists the subscription active then holds now. Read from the
   * database each time, not kept.
   */
  playableAt(venueId: string, at: Date): Promise<ReadonlySet<string>>;
  /** What each of these owners may play now at any of their venues (their union). */
  playableOfOwners(userIds: readonly string[]): Promise<Map<string, ReadonlySet<string>>>;
  /**
   * What each venue of each of these owners offers (its subscription's
   * playlists, whatever the subscription's state): a player there may be
   * given them. A venue without a live subscription is left out.
   */
  offeredOfOwners(
    userIds: readonly string[],
  ): Promise<Map<string, ReadonlyMap<string, ReadonlySet<string>>>>;
  /**
   * The playlists an actor may open now: a device its venue's, a client
   * their venues' together, anyone else of no listening role none; null
   * for staff (no limit).
   */
  playlistsOf(actor: Actor): Promise<ReadonlySet<string> | null>;
  /**
   * The songs no venue may play today: their copyright holder has licences
   * and none covers today (issue 32). Players are never given them and no
   * listener hears them; staff do.
   */
  barredSongs(): Promise<ReadonlySet<string>>;
  /**
   * The barred songs and the last day the others whose holder's licences
   * run out may play: the playlist editor warns of them, and a device's
   * plan carries the end so that a player without the network stops them.
   */
  songLicences(): Promise<SongLicences>;
  /**
   * Tells every process, this one before it answers, that who may play
   * what changed: called once the change is stored.
   */
  announceChange(): Promise<void>;
}

const NO_LICENCE: VenueEntitlement = Object.freeze({
  licence: { state: "none" as const, until: null },
  offered: new Set<string>(),
  playable: new Set<string>(),
  readAt: Number.POSITIVE_INFINITY,
});

interface OwnerEntitlement {
  playable: ReadonlySet<string>;
  /** What each of the owner's venues with a live subscription offers, by venue. */
  offeredByVenue: ReadonlyMap<string, ReadonlySet<string>>;
  /** The first end of an active period among the owner's venues (ms), or null. */
  expiresAt: number | null;
}

/** Makes the entitlement module over its sources; it listens to the bus until the bus closes. */
export function createEntitlement(deps: EntitlementDependencies): Entitlement {
  const now = deps.now ?? Date.now;
  const venues: BusCache<VenueEntitlement> = new BusCache({
    load: async (venueId) => (await loadVenues([venueId])).get(venueId),
    loadMany: (venueIds) => loadVenues(venueIds),
    expiresAtOf: (value) => endOf(value.licence),
    now,
  });
  const owners: BusCache<OwnerEntitlement> = new BusCache({
    load: async (userId) => (await loadOwners([userId])).get(userId),
    loadMany: (userIds) => loadOwners(userIds),
    expiresAtOf: (value) => value.expiresAt,
    now,
  });
  /**
   * One set object per distinct list of playlists: the venues of one tariff
   * share it, so the library keeps the songs of a tariff once, not once a
   * venue (it keeps them by the set).
   */
  let interned = new Map<string, ReadonlySet<string>>();
  const intern = (playlistIds: Iterable<string>): ReadonlySet<string> => {
    const ids = [...new Set(playlistIds)].sort();
    const key = ids.join(",");
    let set = interned.get(key);
    if (!set) {
      set = new Set(ids);
      interned.set(key, set);
    }
    return set;
  };
  const forgetAll = () => {
    venues.clear();
    owners.clear();
    interned = new Map();
  };
  deps.bus.subscribe((event) => {
    if (event.kind === "music-access-changed") forgetAll();
  });
  deps.bus.onGap(forgetAll);
  const songBar = new SongBar({ reads: deps.holderLicences, bus: deps.bus, now });

  async function loadVenues(venueIds: readonly string[]): Promise<Map<string, VenueEntitlement>> {
    const readAt = now();
    const sources = await deps.licences.ofVenues(venueIds, new Date(readAt));
    const built = await entitlementsOf(sources, readAt);
    return new Map(venueIds.map((id) => [id, built.get(id) ?? { ...NO_LICENCE, readAt }]));
  }

  async function loadOwners(userIds: readonly string[]): Promise<Map<string, OwnerEntitlement>> {
    const readAt = now();
    const built = await entitlementsOf(
      await deps.licences.ofOwners(userIds, new Date(readAt)),
      readAt,
    );
    const byOwner = new Map<
      string,
      {
        playable: string[];
        offeredByVenue: Map<string, ReadonlySet<string>>;
        expiresAt: number | null;
      }
    >(userIds.map((id) => [id, { playable: [], offeredByVenue: new Map(), expiresAt: null }]));
    for (const [venueId, venue] of built) {
      const owner = byOwner.get(venue.ownerId);
      if (!owner) continue;
      owner.playable.push(...venue.playable);
      owner.offeredByVenue.set(venueId, venue.offered);
      const end = endOf(venue.licence);
      if (end !== null) owner.expiresAt = Math.min(owner.expiresAt ?? end, end);
    }
    return new Map(
      [...byOwner].map(([id, owner]) => [
        id,
        {
          playable: intern(owner.playable),
          offeredByVenue: owner.offeredByVenue,
          expiresAt: owner.expiresAt,
        },
      ]),
    );
  }

  /** Each source's venue entitlement, with its tariff's and its owner's grants read in one query. */
  async function entitlementsOf(
    sources: LicenceSource[],
    readAt: number,
  ): Promise<Map<string, VenueEntitlement & { ownerId: string }>> {
    const grants = await deps.grants.playlistsOf(
      [...new Set(sources.map((source) => source.tariffId))],
      [...new Set(sources.map((source) => source.userId))],
    );
    // Grouped by tariff once: a sweep asks for a thousand venues of a few tariffs.
    const byTariff = new Map<string, typeof grants>();
    for (const grant of grants) {
      const list = byTariff.get(grant.tariffId) ?? [];
      list.push(grant);
      byTariff.set(grant.tariffId, list);
    }
    return new Map(
      sources.map((source) => {
        const offered = intern(
          (byTariff.get(source.tariffId) ?? [])
            .filter((grant) => grant.userId === null || grant.userId === source.userId)
            .map((grant) => grant.playlistId),
        );
        const active = source.state === "active";
        return [
          source.establishmentId,
          {
            ownerId: source.userId,
            licence: { state: source.state, until: source.endsAt },
            offered,
            playable: active ? offered : new Set<string>(),
            readAt,
          },
        ];
      }),
    );
  }

  const entitlement: Entitlement = {
    ofVenues: async (venueIds) => {
      const found = await venues.getMany(venueIds);
      return new Map(venueIds.map((id) => [id, found.get(id) ?? NO_LICENCE]));
    },
    ofVenue: async (venueId) => (await venues.get(venueId)) ?? NO_LICENCE,
    playableAt: async (venueId, at) => {
      // A play that began after the answer kept now was read began under it
      // (the report of a song just started): no query, unless its period
      // has run out since.
      const kept = await venues.get(venueId);
      if (kept && at.getTime() >= kept.readAt) {
        const end = endOf(kept.licence) ?? Number.POSITIVE_INFINITY;
        if (kept.licence.state !== "active" || at.getTime() < end) return kept.playable;
      }
      const built = await entitlementsOf(await deps.licences.ofVenueAt(venueId, at), now());
      return built.get(venueId)?.playable ?? new Set();
    },
    playableOfOwners: async (userIds) => {
      const found = await owners.getMany(userIds);
      return new Map(userIds.map((id) => [id, found.get(id)?.playable ?? new Set<string>()]));
    },
    offeredOfOwners: async (userIds) => {
      const found = await owners.getMany(userIds);
      return new Map(
        userIds.map((id) => [id, found.get(id)?.offeredByVenue ?? new Map<string, never>()]),
      );
    },
    playlistsOf: async (actor) => {
      if (actor.role !== undefined && (STAFF_ROLES as readonly string[]).includes(actor.role)) {
        return null;
      }
      if (actor.sessionKind === "device") {
        return actor.establishmentId
          ? (await entitlement.ofVenue(actor.establishmentId)).playable
          : new Set();
      }
      if (actor.role !== "role-client") return new Set();
      return (await owners.get(actor.userId))?.playable ?? new Set();
    },
    barredSongs: () => songBar.barredSongs(),
    songLicences: () => songBar.songLicences(),
    announceChange: () => deps.bus.publish({ kind: "music-access-changed", rooms: [] }),
  };
  return entitlement;
}

/** A venue's licence as the wire shows it; a venue not asked about has none. */
export function licenceOf(venue: VenueEntitlement | undefined): VenueLicence {
  if (!venue) return { state: "none", until: null };
  return { state: venue.licence.state, until: venue.licence.until?.toISOString() ?? null };
}

/** When an active licence stops by itself: its period's end; null for any other. */
function endOf(licence: VenueEntitlement["licence"]): number | null {
  return licence.state === "active" && licence.until ? licence.until.getTime() : null;
}
