import {
  chargesOf,
  periodTotalKopecks,
  type Tariff,
  type TariffItem,
  toKopecks,
  toRoubles,
} from "@fonika/shared";

export interface SubscriptionPricing {
  /** The tariff's price and the chosen monthly items'. */
  monthly: number;
  /** The chosen one-time items'. */
  oneTime: number;
  /** The whole period: monthly × months + one-time. */
  total: number;
}

/**
 * What a subscription to `tariff` with the chosen items costs, by the
 * shared price rule the server applies (in whole kopecks, so 0,10 + 0,20
 * stays 0,30).
 */
export function priceSubscription(
  tariff: Pick<Tariff, "price" | "features">,
  itemIds: ReadonlySet<string>,
  periodMonths: number,
): SubscriptionPricing {
  const chosen = tariff.features.flatMap((feature) =>
    feature.items
      .filter((item) => itemIds.has(item.id))
      .map((item) => ({ recurrent: feature.recurrent, priceKopecks: toKopecks(item.price) })),
  );
  const charges = chargesOf(toKopecks(tariff.price), chosen);
  return {
    monthly: toRoubles(charges.priceKopecks),
    oneTime: toRoubles(charges.oneTimeKopecks),
    total: toRoubles(periodTotalKopecks(charges, periodMonths)),
  };
}

/**
 * An item the tariff includes: it costs nothing, so a subscription always
 * holds it and the form shows it as included rather than as a choice.
 */
export function isIncludedItem(item: Pick<TariffItem, "price">): boolean {
  return item.price === 0;
}

/** The ids of the items `tariff` includes (see `isIncludedItem`). */
export function includedItemIds(tariff: Pick<Tariff, "features"> | undefined): string[] {
  return (
    tariff?.features.flatMap((feature) =>
      feature.items.filter(isIncludedItem).map((item) => item.id),
    ) ?? []
  );
}
