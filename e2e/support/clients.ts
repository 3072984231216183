import {
  establishmentsApi,
  organizationsApi,
  playersApi,
  schedulesApi,
  subscriptionsApi,
  type TariffInput,
  tariffsApi,
  WEEKDAYS,
} from "@fonika/shared";
import { type Account, adminAccessToken, callApi } from "./accounts.ts";

/**
 * A flow's setup of what clients hold — establishments, payers, tariffs —
 * made through the real API as the screens make them, so that each flow
 * drives in the browser only the part it is about.
 */

type SignedIn = Account & { token: string };

/** Adds an establishment to a signed-in client; answers its id. */
export async function addEstablishment(
  owner: SignedIn,
  name: string,
  address = "Москва, Тверская, 7",
): Promise<string> {
  const made = await callApi(establishmentsApi.addEstablishment, {
    params: { userId: owner.userId },
    body: { name, address },
    token: owner.token,
  });
  return made.id;
}

/** Adds a web player to an establishment of a signed-in client; answers its id. */
export async function addWebPlayer(
  owner: SignedIn,
  establishmentId: string,
  name: string,
  address = "Москва, Тверская, 7",
): Promise<string> {
  const made = await callApi(playersApi.addPlayer, {
    body: { name, type: "web", address, establishmentId },
    token: owner.token,
  });
  return made.id;
}

/** Adds a box player of this serial number to an establishment of a signed-in client; answers its id. */
export async function addBoxPlayer(
  owner: SignedIn,
  establishmentId: string,
  name: string,
  serialBoxNumber: string,
): Promise<string> {
  const made = await callApi(playersApi.addPlayer, {
    body: {
      name,
      type: "boxPlayer",
      serialBoxNumber,
      address: "Москва, Тверская, 7",
      establishmentId,
    },
    token: owner.token,
  });
  return made.id;
}

/** Sberbank's public requisites (valid check digits) and a settlement account agreeing with its BIK. */
export const PAYER = {
  organization: {
    type: "legal",
    company: "ПАО Сбербанк",
    inn: "7707083893",
    kpp: "773601001",
    ogrn: "1027700132195",
    organizationAddress: "Москва, ул. Вавилова, 19",
  },
  account: { kind: "settlement-account", bik: "044525225", accountNumber: "40702810200000000001" },
} as const;

/** Gives a signed-in client the legal entity of PAYER, with no way to pay yet; answers its id. */
export async function addOrganization(owner: SignedIn): Promise<string> {
  const organization = await callApi(organizationsApi.addOrganization, {
    params: { userId: owner.userId },
    body: PAYER.organization,
    token: owner.token,
  });
  return organization.id;
}

/** Gives a signed-in client a legal entity paying by settlement account; answers their ids. */
export async function addPayer(
  owner: SignedIn,
): Promise<{ organizationId: string; paymentMethodId: string }> {
  const organization = { id: await addOrganization(owner) };
  const paying = await callApi(organizationsApi.addPaymentMethod, {
    params: { userId: owner.userId, organizationId: organization.id },
    body: PAYER.account,
    token: owner.token,
  });
  const account = paying.accounts[0];
  if (!account) throw new Error("the payer's settlement account was not kept");
  return { organizationId: organization.id, paymentMethodId: account.id };
}

/** An active tariff made by the bootstrap administrator; answers its name. */
export async function addTariff(input: Omit<TariffInput, "name">, label: string): Promise<string> {
  const name = `${label} ${Date.now() % 100_000}`;
  await callApi(tariffsApi.addTariff, {
    body: { ...input, name },
    token: await adminAccessToken(),
  });
  return name;
}

/**
 * Subscribes a client's establishment to a new tariff granting these
 * playlists and has the bootstrap administrator activate it, so that the
 * client may put them on its players.
 */
export async function subscribeWithPlaylists(
  owner: SignedIn,
  establishmentId: string,
  playlistIds: string[],
  label: string,
): Promise<void> {
  const admin = await adminAccessToken();
  const tariff = await callApi(tariffsApi.addTariff, {
    body: {
      type: "basic",
      name: `${label} ${Date.now() % 100_000}`,
      description: "Музыка для заведения",
      active: true,
      price: 990,
      basePrice: 990,
      features: [],
      benefits: [],
      playlistIds,
    },
    token: admin,
  });
  const payer = await addPayer(owner);
  const subscription = await callApi(subscriptionsApi.addSubscription, {
    params: { userId: owner.userId },
    body: { establishmentId, tariffId: tariff.id, itemIds: [], periodMonths: 1, ...payer },
    token: owner.token,
  });
  await callApi(subscriptionsApi.activateSubscription, {
    params: { id: subscription.id },
    token: admin,
  });
}

/** Puts a playlist on a player and schedules it all day, every day. */
export async function scheduleAllWeek(
  owner: SignedIn,
  playerId: string,
  playlistId: string,
  window: { startTime: string; endTime: string } = { startTime: "00:00:00", endTime: "00:00:00" },
): Promise<void> {
  await callApi(playersApi.addPlayerPlaylist, {
    params: { id: playerId },
    body: { playlistId },
    token: owner.token,
  });
  await callApi(schedulesApi.addPlaylistSchedule, {
    params: { id: playerId, playlistId },
    body: { ...window, weekdays: [...WEEKDAYS] },
    token: owner.token,
  });
}

/** HH:MM:SS at `ms` on the wall clock of the flows' venues (Europe/Moscow: no DST). */
function moscowTime(ms: number): string {
  return new Date(ms + 3 * 3600_000).toISOString().slice(11, 19);
}

/**
 * The player's schedule changes from `before` to `after` at `changeAt`
 * (ms, whole seconds): each plays every day for hours on its side of it.
 */
export async function scheduleChange(
  owner: SignedIn,
  playerId: string,
  { before, after, changeAt }: { before: string; after: string; changeAt: number },
): Promise<void> {
  const hours = 3 * 3600_000;
  await scheduleAllWeek(owner, playerId, before, {
    startTime: moscowTime(changeAt - hours),
    endTime: moscowTime(changeAt),
  });
  await scheduleAllWeek(owner, playerId, after, {
    startTime: moscowTime(changeAt),
    endTime: moscowTime(changeAt + hours),
  });
}
