import type { Tariff } from "@fonika/shared";

export interface SubscriptionPricing {
  /** The tariff's price and the chosen monthly items'. */
  monthly: number;
  /** The chosen one-time items'. */
  oneTime: number;
  /** The whole period: monthly × months + one-time. */
  total: number;
}

const toKopecks = (roubles: number) => Math.round(roubles * 100);

/**
 * What a subscription to `tariff` with the chosen items costs, summed as the
 * server sums it (in whole kopecks, so 0,10 + 0,20 stays 0,30).
 */
export function priceSubscription(
  tariff: Pick<Tariff, "price" | "features">,
  itemIds: ReadonlySet<string>,
  periodMonths: number,
): SubscriptionPricing {
  let monthly = toKopecks(tariff.price);
  let oneTime = 0;
  for (const feature of tariff.features) {
    for (const item of feature.items) {
      if (!itemIds.has(item.id)) continue;
      if (feature.recurrent) monthly += toKopecks(item.price);
      else oneTime += toKopecks(item.price);
    }
  }
  return {
    monthly: monthly / 100,
    oneTime: oneTime / 100,
    total: (monthly * periodMonths + oneTime) / 100,
  };
}
