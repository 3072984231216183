import type { SignedInUser } from "./factories.ts";
import { call, type TestServer } from "./harness.ts";

/** Test data of clients and their venues: requisites, tariffs, a client ready to subscribe. */

/** Sberbank's requisites: real, public, with valid check digits. */
export const LEGAL_ENTITY = {
  type: "legal",
  company: "ПАО Сбербанк",
  inn: "7707083893",
  kpp: "773601001",
  ogrn: "1027700132195",
  organizationAddress: "Москва, ул. Вавилова, 19",
} as const;

/** An individual entrepreneur's: INN of 12 digits, OGRNIP of 15, no KPP. */
export const ENTREPRENEUR = {
  type: "individual",
  company: "ИП Иванова А. С.",
  inn: "500100732259",
  ogrn: "304500116000157",
  organizationAddress: "Подольск, ул. Кирова, 3",
} as const;

export const BIK = "044525225";
/** Settlement accounts whose control key matches BIK. */
export const SETTLEMENT_ACCOUNTS = ["40702810200000000001", "40702810500000000002"] as const;

let counter = 0;

/** A tariff input with a unique name: a monthly feature (one item needs approval) and a one-time one. */
export function tariffInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    type: "basic",
    name: `Базовый ${counter}-${Date.now()}`,
    description: "Музыка для кафе и магазинов",
    active: true,
    price: 1490,
    basePrice: 1990,
    features: [
      {
        name: "Оформление",
        recurrent: true,
        items: [
          { name: "Голосовые объявления", approvalRequired: true, price: 500 },
          { name: "Второй плеер", approvalRequired: false, price: 300.5 },
        ],
      },
      {
        name: "Подключение",
        recurrent: false,
        items: [{ name: "Выезд техника", approvalRequired: false, price: 2000 }],
      },
    ],
    benefits: ["Лицензия на всю музыку", "Отчёты о трансляции"],
    ...overrides,
  };
}

/** What a client needs to subscribe: an establishment, an organization and its account. */
export interface ReadyClient {
  establishmentId: string;
  organizationId: string;
  paymentMethodId: string;
}

/** Gives a signed-in client an establishment and a legal entity with a settlement account. */
export async function readyToSubscribe(
  server: TestServer,
  client: SignedInUser,
): Promise<ReadyClient> {
  const establishment = await call(server, "POST", `/establishment/${client.id}/add`, {
    token: client.token,
    body: { name: "Кофейня «Зерно»", address: "Москва, Тверская, 7" },
  });
  if (establishment.status !== 201) {
    throw new Error(`could not add the establishment: ${JSON.stringify(establishment.body)}`);
  }
  return { establishmentId: establishment.body.id, ...(await payerOf(server, client)) };
}

/** Gives a signed-in client a legal entity with a settlement account: who pays a subscription. */
export async function payerOf(
  server: TestServer,
  client: SignedInUser,
): Promise<Omit<ReadyClient, "establishmentId">> {
  const organization = await call(server, "POST", `/organization/${client.id}/add`, {
    token: client.token,
    body: LEGAL_ENTITY,
  });
  const withAccount = await call(
    server,
    "POST",
    `/organization/${client.id}/${organization.body.id}/payment-method/add`,
    {
      token: client.token,
      body: {
        kind: "settlement-account",
        bik: BIK,
        accountNumber: SETTLEMENT_ACCOUNTS[0],
      },
    },
  );
  if (withAccount.status !== 201) {
    throw new Error(`could not prepare the client: ${JSON.stringify(withAccount.body)}`);
  }
  return {
    organizationId: organization.body.id,
    paymentMethodId: withAccount.body.accounts[0].id,
  };
}
