/**
 * Money rules both sides apply (SPEC.md §1 tariffs and subscriptions).
 * Prices travel in roubles and are summed and kept in whole kopecks, so
 * 0,10 ₽ + 0,20 ₽ is 0,30 ₽ on the server and in the form alike.
 */

/** Roubles (as the API carries them) to whole kopecks. */
export function toKopecks(roubles: number): number {
  return Math.round(roubles * 100);
}

/** Whether a price in roubles is a whole number of kopecks (at most two decimals). */
export function isWholeKopecks(roubles: number): boolean {
  return Math.abs(roubles * 100 - Math.round(roubles * 100)) < 1e-6;
}

/** Whole kopecks to roubles (as the API carries them). */
export function toRoubles(kopecks: number): number {
  return kopecks / 100;
}

/** One item of a subscription, its price as copied from the tariff. */
export interface ChargedItem {
  /** Monthly (charged every month of the period) or once. */
  readonly recurrent: boolean;
  readonly priceKopecks: number;
  /** A rejected item is not charged; any other state is. */
  readonly approval?: string;
}

/** What a subscription charges, in kopecks. */
export interface SubscriptionCharges {
  /** Every month: the tariff's price and its monthly items. */
  readonly priceKopecks: number;
  /** Once: its one-time items. */
  readonly oneTimeKopecks: number;
}

/**
 * The price rule: a subscription charges the tariff's price and its
 * monthly items every month, and its one-time items once; prices are the
 * ones copied at subscription, and rejected items are not charged.
 */
export function chargesOf(
  tariffKopecks: number,
  items: readonly ChargedItem[],
): SubscriptionCharges {
  let priceKopecks = tariffKopecks;
  let oneTimeKopecks = 0;
  for (const item of items) {
    if (item.approval === "rejected") continue;
    if (item.recurrent) priceKopecks += item.priceKopecks;
    else oneTimeKopecks += item.priceKopecks;
  }
  return { priceKopecks, oneTimeKopecks };
}

/** The whole period's price in kopecks: monthly × months + one-time. */
export function periodTotalKopecks(charges: SubscriptionCharges, periodMonths: number): number {
  return charges.priceKopecks * periodMonths + charges.oneTimeKopecks;
}
