import {
  establishmentsApi,
  organizationsApi,
  playersApi,
  type TariffInput,
  tariffsApi,
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

/** Gives a signed-in client a legal entity paying by settlement account. */
export async function addPayer(owner: SignedIn): Promise<void> {
  const organization = await callApi(organizationsApi.addOrganization, {
    params: { userId: owner.userId },
    body: PAYER.organization,
    token: owner.token,
  });
  await callApi(organizationsApi.addPaymentMethod, {
    params: { userId: owner.userId, organizationId: organization.id },
    body: PAYER.account,
    token: owner.token,
  });
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
