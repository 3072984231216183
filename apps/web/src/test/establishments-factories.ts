import type { Establishment, EstablishmentPage, SubscriptionInfo } from "@fonika/shared";

/**
 * Establishment answers for the web tests, shaped as the shared schemas
 * demand (the scripted server checks each reply against them).
 */

let counter = 0;

/** A fresh UUID-shaped id, different on every call. */
export function nextEstablishmentId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${(0xe5000000000 + counter).toString(16).padStart(12, "0")}`;
}

/** The client of the establishments unless a test names another. */
export const CLIENT_ID = "00000000-0000-4000-8000-0000000000c3";

/** An establishment without players, floor plan or subscription, which its viewer may edit. */
export function buildEstablishment(overrides: Partial<Establishment> = {}): Establishment {
  return {
    id: nextEstablishmentId(),
    userId: CLIENT_ID,
    name: "Кофейня на Лесной",
    address: "Москва, ул. Лесная, 5",
    explicitFilter: false,
    timeZone: "Europe/Moscow",
    layoutFile: null,
    playerInfo: { players: 0, online: 0 },
    subscriptionInfo: null,
    createdAt: "2024-05-06T09:30:00.000Z",
    abilities: { edit: true, subscribe: true },
    ...overrides,
  };
}

/** A live subscription as an establishment shows it. */
export function buildSubscriptionInfo(overrides: Partial<SubscriptionInfo> = {}): SubscriptionInfo {
  return {
    id: nextEstablishmentId(),
    price: 1490,
    state: "active",
    startsAt: "2024-05-01T00:00:00.000Z",
    endsAt: "2024-06-01T00:00:00.000Z",
    tariffInfo: {
      tariffId: nextEstablishmentId(),
      tariffName: "Базовый",
      tariffType: "basic",
      itemIds: [],
    },
    organizationInfo: { organizationId: nextEstablishmentId(), organizationName: "ООО «Лесная»" },
    paymentInfo: { cardId: null, accountId: nextEstablishmentId() },
    ...overrides,
  };
}

/** One page holding `establishments`, out of `total` in `totalPages` pages (by default this one). */
export function buildEstablishmentPage(
  establishments: Establishment[],
  { total = establishments.length, totalPages = establishments.length > 0 ? 1 : 0 } = {},
): EstablishmentPage {
  return { data: establishments, total, totalPages };
}
