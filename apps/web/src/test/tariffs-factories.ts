import type {
  Establishment,
  OfferedTariff,
  Organization,
  Subscription,
  SubscriptionItem,
  Tariff,
  TariffFeature,
  TariffItem,
  UserTariff,
} from "@fonika/shared";
import { nextId } from "./library-factories.ts";
import { SIGNED_IN_USER_ID } from "./signed-in-app.tsx";

/**
 * Tariff, subscription, establishment and organization answers for the web
 * tests of the tariffs and subscriptions screens, shaped as the shared
 * schemas demand (the scripted server checks every reply against them).
 */

const stamp = "2025-03-01T09:00:00.000Z";

export function buildTariffItem(overrides: Partial<TariffItem> = {}): TariffItem {
  return {
    id: nextId(),
    name: "Плейлист под заказ",
    approvalRequired: false,
    price: 500,
    ...overrides,
  };
}

export function buildTariffFeature(overrides: Partial<TariffFeature> = {}): TariffFeature {
  return {
    id: nextId(),
    name: "Музыкальное оформление",
    recurrent: true,
    items: [buildTariffItem()],
    ...overrides,
  };
}

/** An active tariff on offer that the viewer may subscribe to. */
export function buildTariff(overrides: Partial<Tariff> = {}): Tariff {
  return {
    id: nextId(),
    type: "basic",
    name: "Базовый",
    description: "Музыка для кафе и магазинов",
    active: true,
    price: 1490,
    basePrice: 1990,
    features: [buildTariffFeature()],
    benefits: ["Лицензия на публичное исполнение"],
    playlists: [],
    createdAt: stamp,
    updatedAt: stamp,
    abilities: { edit: false, subscribe: true, grantPlaylists: false },
    ...overrides,
  };
}

/** A tariff on offer as a visitor reads it (the landing page): no abilities, no dates. */
export function buildOfferedTariff(overrides: Partial<OfferedTariff> = {}): OfferedTariff {
  const {
    active: _active,
    createdAt: _created,
    updatedAt: _updated,
    abilities: _abilities,
    ...offered
  } = buildTariff();
  return { ...offered, ...overrides };
}

/**
 * A tariff as a client holds it, seen by a client manager who may grant
 * more playlists under it: no playlists of its own or granted, no
 * establishment subscribed until given.
 */
export function buildUserTariff(overrides: Partial<UserTariff> = {}): UserTariff {
  return {
    ...buildTariff({ abilities: { edit: false, subscribe: true, grantPlaylists: true } }),
    personalPlaylists: [],
    establishmentIds: [],
    ...overrides,
  };
}

/** An establishment of the signed-in client with no subscription yet. */
export function buildEstablishment(overrides: Partial<Establishment> = {}): Establishment {
  return {
    id: nextId(),
    userId: SIGNED_IN_USER_ID,
    name: "Кофейня на Тверской",
    address: "Москва, Тверская, 1",
    explicitFilter: false,
    timeZone: "Europe/Moscow",
    layoutFile: null,
    playerInfo: { players: 0, online: 0 },
    subscriptionInfo: null,
    createdAt: stamp,
    abilities: { edit: true, subscribe: true },
    ...overrides,
  };
}

/** One page holding every establishment given. */
export function buildEstablishmentsPage(establishments: Establishment[]) {
  return { data: establishments, total: establishments.length, totalPages: 1 };
}

/** A legal entity of the signed-in client with one settlement account. */
export function buildOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: nextId(),
    userId: SIGNED_IN_USER_ID,
    type: "legal",
    company: "ООО «Ромашка»",
    inn: "7707083893",
    kpp: "773601001",
    ogrn: "1027700132195",
    organizationAddress: "Москва, Вавилова, 19",
    primary: true,
    accounts: [
      {
        id: nextId(),
        bik: "044525225",
        accountNumber: "40702810938000012345",
        bankName: "ПАО Сбербанк",
      },
    ],
    cards: [],
    createdAt: stamp,
    abilities: { edit: true, remove: true },
    ...overrides,
    companyName: overrides.companyName ?? overrides.company ?? "ООО «Ромашка»",
  };
}

export function buildSubscriptionItem(overrides: Partial<SubscriptionItem> = {}): SubscriptionItem {
  return {
    itemId: nextId(),
    featureName: "Музыкальное оформление",
    name: "Плейлист под заказ",
    price: 500,
    recurrent: true,
    approval: "not-required",
    ...overrides,
  };
}

const noAbilities = {
  edit: false,
  approveItems: false,
  activate: false,
  suspend: false,
  resume: false,
  end: false,
  activateClient: false,
};

/** A pending subscription of the signed-in client's establishment to a basic tariff. */
export function buildSubscription(
  overrides: Partial<Omit<Subscription, "abilities">> & {
    abilities?: Partial<Subscription["abilities"]>;
  } = {},
): Subscription {
  const { abilities, ...rest } = overrides;
  return {
    id: nextId(),
    price: 1490,
    state: "pending",
    startsAt: null,
    endsAt: null,
    tariffInfo: { tariffId: nextId(), tariffName: "Базовый", tariffType: "basic", itemIds: [] },
    organizationInfo: { organizationId: nextId(), organizationName: "ООО «Ромашка»" },
    paymentInfo: { cardId: null, accountId: nextId() },
    userId: SIGNED_IN_USER_ID,
    clientName: "Иванова Анна Сергеевна",
    clientState: "active",
    establishmentId: nextId(),
    establishmentName: "Кофейня на Тверской",
    periodMonths: 1,
    items: [],
    oneTimePrice: 0,
    totalPrice: 1490,
    createdAt: stamp,
    ...rest,
    abilities: { ...noAbilities, ...abilities },
  };
}

/** One page of the subscription base holding `subscriptions` out of `total`. */
export function buildSubscriptionsPage(
  subscriptions: Subscription[],
  total = subscriptions.length,
) {
  return { data: subscriptions, total, totalPages: Math.max(1, Math.ceil(total / 30)) };
}
