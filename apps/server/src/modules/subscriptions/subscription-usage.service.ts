import type { SubscriptionsStore } from "./subscriptions.store.ts";

/**
 * What the subscriptions that have not ended use, read for the modules
 * they use: organizations refuse to remove a payer still paying, tariffs
 * show a client the tariffs held at each venue. It needs only the
 * database, so it is made before both (the subscriptions service, which
 * checks payers and tariffs through them, is made after).
 */
export class SubscriptionUsage {
  constructor(private readonly store: SubscriptionsStore) {}

  /** Organizations and payment methods that live subscriptions pay through. */
  async payersIn(organizationIds: string[]) {
    const rows = await this.store.subscriptions.liveOfOrganizations(organizationIds, new Date());
    return {
      organizations: new Set(rows.map((row) => row.organizationId)),
      paymentMethods: new Set(rows.map((row) => row.paymentMethodId)),
    };
  }

  /**
   * The tariffs of each client's live subscriptions, each with its
   * establishments, in one query for any number of clients; a client with
   * none is absent.
   */
  async tariffsOfOwners(userIds: readonly string[]): Promise<Map<string, Map<string, string[]>>> {
    const heldBy = new Map<string, Map<string, string[]>>();
    for (const row of await this.store.subscriptions.liveOfUsers(userIds, new Date())) {
      const held = heldBy.get(row.userId) ?? new Map<string, string[]>();
      held.set(row.tariffId, [...(held.get(row.tariffId) ?? []), row.establishmentId]);
      heldBy.set(row.userId, held);
    }
    return heldBy;
  }
}
