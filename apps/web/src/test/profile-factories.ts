import type { organizationsApi } from "@fonika/shared";
import type { z } from "zod";

/**
 * Bodies of the profile and organization calls for the web tests, built to
 * pass the shared response schemas, and requisites whose check digits are
 * right (and wrong ones beside them).
 */

type OrganizationBody = z.input<typeof organizationsApi.getOrganizationInfo.response>;
type AccountBody = OrganizationBody["accounts"][number];
type CardBody = OrganizationBody["cards"][number];

/** Right requisites of a legal entity (Sberbank's) and of an individual entrepreneur. */
export const LEGAL_REQUISITES = {
  company: "ООО «Ромашка»",
  inn: "7707083893",
  kpp: "773601001",
  ogrn: "1027700132195",
  organizationAddress: "Москва, ул. Вавилова, 19",
} as const;

export const INDIVIDUAL_REQUISITES = {
  company: "ИП Соколова Мария Андреевна",
  inn: "500100732259",
  ogrn: "304500116000157",
  organizationAddress: "Московская обл., Истра, ул. Ленина, 1",
} as const;

/** A BIK and an account number whose control key agrees with it. */
export const BANK = { bik: "044525225", accountNumber: "40702810938000060478" } as const;

/** A card number passing the Luhn check. */
export const CARD_NUMBER = "4111 1111 1111 1111";

export const ORGANIZATION_ID = "00000000-0000-4000-8000-0000000000f1";

/** A legal entity of the client `userId`, with no payment methods, with `overrides`. */
export function buildOrganization(overrides: Partial<OrganizationBody> = {}): OrganizationBody {
  return {
    id: ORGANIZATION_ID,
    userId: "00000000-0000-4000-8000-0000000000c3",
    type: "legal",
    ...LEGAL_REQUISITES,
    primary: true,
    accounts: [],
    cards: [],
    createdAt: "2024-03-05T10:00:00.000Z",
    abilities: { edit: true, remove: true },
    ...overrides,
    companyName: overrides.companyName ?? overrides.company ?? LEGAL_REQUISITES.company,
  };
}

export function buildSettlementAccount(overrides: Partial<AccountBody> = {}): AccountBody {
  return {
    id: "00000000-0000-4000-8000-0000000000a7",
    ...BANK,
    bankName: "ПАО Сбербанк",
    ...overrides,
  };
}

export function buildBusinessCard(overrides: Partial<CardBody> = {}): CardBody {
  return {
    id: "00000000-0000-4000-8000-0000000000a8",
    maskedNumber: "•••• •••• •••• 1111",
    lastFour: "1111",
    holder: null,
    ...overrides,
  };
}
