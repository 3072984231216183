import * as repository from "./subscriptions.repository.ts";
import type { SubscriptionsStore } from "./subscriptions.store.ts";

/** A venue's subscription as the licence reads it: not ended, by state or by date. */
export interface LiveSubscription {
  establishmentId: string;
  userId: string;
  tariffId: string;
  state: "pending" | "active" | "suspended";
  /** The end of the paid period (set when activated); null before. */
  endsAt: Date | null;
}

/**
 * The subscriptions that license venues, read for the entitlement module
 * (issue 27). It needs only the database, so it is made before every
 * module that asks what may play: the library, players, history.
 */
export class SubscriptionLicences {
  constructor(private readonly store: SubscriptionsStore) {}

  /**
   * The live subscription of each of these venues (at most one each: the
   * `subscriptions_live_key` index), as of `now`; a venue with none, or
   * whose period ran out by date, is absent.
   */
  async ofVenues(venueIds: readonly string[], now: Date): Promise<LiveSubscription[]> {
    const rows = await this.store.subscriptions.liveOfEstablishments([...venueIds], now);
    return rows.flatMap((row) => toLive(row, now));
  }

  /**
   * What licensed a venue at a past instant (a play reported late): the
   * subscription that was active then, as an active source; none when the
   * venue was not licensed at `at`.
   */
  async ofVenueAt(venueId: string, at: Date): Promise<LiveSubscription[]> {
    const rows = await this.store.subscriptions.licensedAt(venueId, at);
    return rows.map((row) => ({
      establishmentId: venueId,
      userId: row.userId,
      tariffId: row.tariffId,
      state: "active" as const,
      endsAt: row.endsAt,
    }));
  }

  /** The live subscriptions of every venue of these owners, as of `now`. */
  async ofOwners(userIds: readonly string[], now: Date): Promise<LiveSubscription[]> {
    const rows = await this.store.subscriptions.liveOfUsers(userIds, now);
    return rows.flatMap((row) => toLive(row, now));
  }
}

function toLive(row: repository.SubscriptionRow, now: Date): LiveSubscription[] {
  const state = repository.effectiveState(row, now);
  if (state !== "pending" && state !== "active" && state !== "suspended") return [];
  return [
    {
      establishmentId: row.establishmentId,
      userId: row.userId,
      tariffId: row.tariffId,
      state,
      endsAt: row.endsAt,
    },
  ];
}
