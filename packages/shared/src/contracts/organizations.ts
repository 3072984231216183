import { INPUT } from "../constants.ts";
import { defineEndpoint, okSchema, uuidSchema } from "../endpoint.ts";
import {
  checkBik,
  checkCardNumber,
  checkInn,
  checkKpp,
  checkOgrn,
  checkSettlementAccount,
} from "../requisites.ts";
import { z } from "../zod.ts";
import { profileTypeSchema } from "./accounts.ts";

/**
 * Organizations: the legal entities and individual entrepreneurs a client
 * pays through (SPEC.md §3 Organization, Legal info, Payment method), with
 * their requisites checked for real (check digits of INN, OGRN/OGRNIP, the
 * account's control key against the BIK). The first one is the profile's
 * organization-info; a client may hold several (/profile/legal-list).
 */

const text = (max: number = INPUT.defaultMax) => z.string().trim().min(1).max(max);

/** Requisites as a form sends them; each wrong one is named in Russian (form and API alike). */
export const organizationInputSchema = z
  .object({
    type: profileTypeSchema,
    company: text(),
    inn: z.string().trim().max(12),
    /** A legal entity's KPP; an individual entrepreneur has none (leave out or empty). */
    kpp: z.string().trim().max(9).optional(),
    ogrn: z.string().trim().max(15),
    organizationAddress: text(500),
  })
  .superRefine((input, context) => {
    const problems: Array<[string, string | null]> = [
      ["inn", checkInn(input.inn, input.type)],
      ["ogrn", checkOgrn(input.ogrn, input.type)],
      ["kpp", input.type === "legal" ? checkKpp(input.kpp ?? "") : null],
    ];
    for (const [field, message] of problems) {
      if (message) context.addIssue({ code: "custom", path: [field], message });
    }
  });
export type OrganizationInput = z.infer<typeof organizationInputSchema>;

export const settlementAccountSchema = z
  .object({
    id: uuidSchema,
    bik: z.string(),
    accountNumber: z.string(),
    bankName: z.string().nullable(),
  })
  .meta({ id: "SettlementAccount" });
export type SettlementAccount = z.infer<typeof settlementAccountSchema>;

/** A business card as stored: masked; the full number is never kept. */
export const businessCardSchema = z
  .object({
    id: uuidSchema,
    maskedNumber: z.string(),
    lastFour: z.string(),
    holder: z.string().nullable(),
  })
  .meta({ id: "BusinessCard" });
export type BusinessCard = z.infer<typeof businessCardSchema>;

export const organizationAbilitiesSchema = z.object({
  edit: z.boolean(),
  /** False while a live subscription pays through it. */
  remove: z.boolean(),
});

export const organizationSchema = z
  .object({
    id: uuidSchema,
    userId: uuidSchema,
    type: profileTypeSchema,
    company: z.string(),
    inn: z.string(),
    kpp: z.string().nullable(),
    ogrn: z.string(),
    organizationAddress: z.string(),
    /**
     * The name as SPEC.md §3 names it in legal info (id, accounts, cards,
     * companyName): the same as `company`, which the organization's own
     * requisites call it.
     */
    companyName: z.string(),
    /** The profile's own organization (organization-info). */
    primary: z.boolean(),
    accounts: z.array(settlementAccountSchema),
    cards: z.array(businessCardSchema),
    createdAt: z.iso.datetime(),
    abilities: organizationAbilitiesSchema,
  })
  .meta({ id: "Organization" });
export type Organization = z.infer<typeof organizationSchema>;

export const paymentMethodKindSchema = z.enum(["settlement-account", "business-card"]);
export type PaymentMethodKind = z.infer<typeof paymentMethodKindSchema>;

export const paymentMethodInputSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("settlement-account"),
      bik: z.string().trim().max(9),
      accountNumber: z.string().trim().max(20),
      bankName: z.string().trim().max(INPUT.defaultMax).optional(),
    }),
    z.object({
      kind: z.literal("business-card"),
      /** Sent once to be checked and masked; never stored or answered whole. */
      cardNumber: z.string().trim().max(23),
      holder: z.string().trim().max(INPUT.defaultMax).optional(),
    }),
  ])
  .superRefine((input, context) => {
    if (input.kind === "settlement-account") {
      const bik = checkBik(input.bik);
      if (bik) context.addIssue({ code: "custom", path: ["bik"], message: bik });
      const account = bik ? null : checkSettlementAccount(input.accountNumber, input.bik);
      if (account) context.addIssue({ code: "custom", path: ["accountNumber"], message: account });
    } else {
      const card = checkCardNumber(input.cardNumber);
      if (card) context.addIssue({ code: "custom", path: ["cardNumber"], message: card });
    }
  });
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;

const userParams = z.object({ userId: uuidSchema });
const organizationParams = z.object({ userId: uuidSchema, organizationId: uuidSchema });

export const getOrganizationInfo = defineEndpoint({
  method: "GET",
  path: "/personal-info/organization-info/:userId",
  summary: "The profile's organization (404 while none is filled in)",
  tags: ["organizations"],
  auth: "bearer",
  params: userParams,
  response: organizationSchema,
});

export const changeOrganizationInfo = defineEndpoint({
  method: "POST",
  path: "/personal-info/organization-info/:userId/change",
  summary: "Fill in or change the profile's organization; requisites are checked",
  tags: ["organizations"],
  auth: "bearer",
  params: userParams,
  body: organizationInputSchema,
  response: organizationSchema,
});

export const listOrganizations = defineEndpoint({
  method: "GET",
  path: "/organization/:userId/all",
  summary: "A client's organizations with their payment methods (legal list)",
  tags: ["organizations"],
  auth: "bearer",
  params: userParams,
  response: z.object({ data: z.array(organizationSchema) }),
});

export const addOrganization = defineEndpoint({
  method: "POST",
  path: "/organization/:userId/add",
  summary: "Add a legal entity or individual entrepreneur to a client",
  tags: ["organizations"],
  auth: "bearer",
  params: userParams,
  body: organizationInputSchema,
  response: organizationSchema,
  successStatus: 201,
});

export const changeOrganization = defineEndpoint({
  method: "POST",
  path: "/organization/:userId/:organizationId/change",
  summary: "Change an organization's requisites",
  tags: ["organizations"],
  auth: "bearer",
  params: organizationParams,
  body: organizationInputSchema,
  response: organizationSchema,
});

export const removeOrganization = defineEndpoint({
  method: "POST",
  path: "/organization/:userId/:organizationId/remove",
  summary: "Remove an organization no live subscription pays through",
  tags: ["organizations"],
  auth: "bearer",
  params: organizationParams,
  response: okSchema,
});

export const addPaymentMethod = defineEndpoint({
  method: "POST",
  path: "/organization/:userId/:organizationId/payment-method/add",
  summary: "Add a settlement account (checked against its BIK) or a business card (kept masked)",
  tags: ["organizations"],
  auth: "bearer",
  params: organizationParams,
  body: paymentMethodInputSchema,
  response: organizationSchema,
  successStatus: 201,
});

export const removePaymentMethod = defineEndpoint({
  method: "POST",
  path: "/organization/:userId/:organizationId/payment-method/:paymentMethodId/remove",
  summary: "Remove a payment method no live subscription uses",
  tags: ["organizations"],
  auth: "bearer",
  params: organizationParams.extend({ paymentMethodId: uuidSchema }),
  response: organizationSchema,
});
