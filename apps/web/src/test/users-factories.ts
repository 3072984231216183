import {
  type AccountAbilities,
  accountsApi,
  type establishmentsApi,
  type Role,
  type subscriptionsApi,
} from "@fonika/shared";
import type { z } from "zod";
import { buildProfile } from "./factories.ts";
import { on, replyError, type ScriptedRoute } from "./scripted-server.ts";
import { SIGNED_IN_USER_ID } from "./signed-in-app.tsx";

/**
 * Bodies of the staff user-management screens (client base, client page,
 * create and edit user), built through the shared schemas' input types.
 */

type ProfileBody = ReturnType<typeof buildProfile>;
type EstablishmentBody = z.input<typeof establishmentsApi.getEstablishment.response>;
type SubscriptionBody = z.input<typeof subscriptionsApi.getSubscription.response>;

let lastId = 0x1000;

/** A fresh uuid-shaped id, unique within a test file. */
export function nextUserId(): string {
  lastId += 1;
  return `00000000-0000-4000-8000-${lastId.toString(16).padStart(12, "0")}`;
}

/** Abilities that allow nothing, with `overrides`. */
export function buildAbilities(overrides: Partial<AccountAbilities> = {}): AccountAbilities {
  return {
    edit: false,
    changeRole: false,
    assignableRoles: [],
    activate: false,
    block: false,
    unblock: false,
    delete: false,
    ...overrides,
  };
}

/** What an admin may do with an active client, as the server computes it. */
export const ADMIN_ON_CLIENT: AccountAbilities = buildAbilities({
  edit: true,
  changeRole: true,
  assignableRoles: [
    "role-admin",
    "role-client",
    "role-content-manager",
    "role-client-manager",
    "role-support",
    "wait-activation",
    "edit-personal-info",
  ],
  block: true,
  delete: true,
});

/** A user of the list (by default an active client the viewer may do nothing with). */
export function buildUser(
  overrides: Partial<Omit<ProfileBody, "abilities">> & {
    abilities?: Partial<AccountAbilities>;
  } = {},
): ProfileBody {
  const { abilities, ...fields } = overrides;
  return buildProfile({
    userId: nextUserId(),
    ...fields,
    abilities: buildAbilities(abilities),
  });
}

/** An account that completed its profile and waits for activation. */
export function buildWaitingUser(
  overrides: Partial<Omit<ProfileBody, "abilities">> & {
    abilities?: Partial<AccountAbilities>;
  } = {},
): ProfileBody {
  return buildUser({
    login: "newcomer@example.ru",
    email: "newcomer@example.ru",
    phone: null,
    lastName: "Петров",
    firstName: "Пётр",
    patronymic: null,
    role: "wait-activation",
    authority: ["wait-activation"],
    createdAt: "2024-04-20T09:00:00.000Z",
    ...overrides,
  });
}

/** An establishment of `userId` without players or subscription, with `overrides`. */
export function buildEstablishment(
  userId: string,
  overrides: Partial<EstablishmentBody> = {},
): EstablishmentBody {
  return {
    id: nextUserId(),
    userId,
    name: "Кофейня на Арбате",
    address: "Москва, ул. Арбат, 10",
    explicitFilter: false,
    timeZone: "Europe/Moscow",
    layoutFile: null,
    playerInfo: { players: 0, online: 0 },
    subscriptionInfo: null,
    createdAt: "2024-03-06T10:00:00.000Z",
    abilities: { edit: true, subscribe: true },
    ...overrides,
  };
}

/** An active subscription of `userId`'s establishment to the basic tariff, with `overrides`. */
export function buildSubscription(
  userId: string,
  establishmentId: string,
  overrides: Partial<SubscriptionBody> = {},
): SubscriptionBody {
  return {
    id: nextUserId(),
    price: 1990,
    state: "active",
    startsAt: "2024-04-01T00:00:00.000Z",
    endsAt: "2024-07-01T00:00:00.000Z",
    tariffInfo: {
      tariffId: nextUserId(),
      tariffName: "Базовый",
      tariffType: "basic",
      itemIds: [],
    },
    organizationInfo: { organizationId: nextUserId(), organizationName: "ООО «Арбат»" },
    paymentInfo: { cardId: null, accountId: nextUserId() },
    userId,
    clientName: "Иванова Анна Сергеевна",
    clientState: "active",
    establishmentId,
    establishmentName: "Кофейня на Арбате",
    periodMonths: 3,
    items: [],
    oneTimePrice: 0,
    totalPrice: 5970,
    createdAt: "2024-03-30T10:00:00.000Z",
    abilities: {
      edit: true,
      approveItems: false,
      activate: false,
      suspend: true,
      resume: false,
      end: true,
      activateClient: false,
    },
    ...overrides,
  };
}

/**
 * The profile call answering `users` by id and the signed-in `role` for its
 * own id (it must answer before `renderSignedIn`'s own profile route, which
 * answers any id); an unknown id gets the server's 404.
 */
export function profilesOf(role: Role, users: () => readonly ProfileBody[]): ScriptedRoute {
  return on(accountsApi.getPersonalInfo, ({ params, reply }) => {
    if (params.userId === SIGNED_IN_USER_ID) {
      return reply(buildProfile({ userId: SIGNED_IN_USER_ID, role, authority: [role] }));
    }
    const found = users().find((user) => user.userId === params.userId);
    return found
      ? reply(found)
      : replyError(404, { type: "not-found", reason: "Не найдено", message: "User" });
  });
}
