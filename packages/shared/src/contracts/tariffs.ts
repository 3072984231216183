import { INPUT, TARIFFS } from "../constants.ts";
import { defineEndpoint, uuidSchema } from "../endpoint.ts";
import { isWholeKopecks } from "../money.ts";
import { CLIENT_MANAGING_ROLES } from "../roles.ts";
import { z } from "../zod.ts";

/**
 * Tariffs (SPEC.md §3): a type whose name is an icon (lite, basic, pro), a
 * monthly price beside its base (undiscounted) price, features whose items
 * a subscription may choose (some waiting for a client manager's approval),
 * benefits, and the playlists it grants, which decide what a venue plays.
 * Prices are roubles with at most two decimals.
 */

export const tariffTypeSchema = z.enum(TARIFFS.types);
export type TariffType = z.infer<typeof tariffTypeSchema>;

export const moneySchema = z
  .number()
  .nonnegative()
  .max(TARIFFS.maxPrice)
  .refine(isWholeKopecks, "Цена указывается в рублях, не больше двух знаков после запятой");

const name = z.string().trim().min(1).max(INPUT.defaultMax);

export const tariffItemInputSchema = z.object({
  /** Kept when a tariff is edited, so that subscriptions keep their choice. */
  id: uuidSchema.optional(),
  name,
  approvalRequired: z.boolean(),
  price: moneySchema,
});

export const tariffFeatureInputSchema = z.object({
  id: uuidSchema.optional(),
  name,
  /** Charged every month (true) or once (false). */
  recurrent: z.boolean(),
  items: z.array(tariffItemInputSchema).max(TARIFFS.maxItemsPerFeature),
});

export const tariffInputSchema = z
  .object({
    type: tariffTypeSchema,
    name,
    description: z.string().trim().max(TARIFFS.maxDescription).default(""),
    active: z.boolean(),
    /** The monthly price charged. */
    price: moneySchema,
    /** The monthly price before discount, shown struck through when higher. */
    basePrice: moneySchema,
    features: z.array(tariffFeatureInputSchema).max(TARIFFS.maxFeatures),
    benefits: z.array(name).max(TARIFFS.maxBenefits),
    /** The playlists every subscriber of the tariff may play. */
    playlistIds: z.array(uuidSchema).max(500).default([]),
  })
  .refine((tariff) => tariff.price <= tariff.basePrice, {
    message: "Цена не может быть выше базовой цены",
    path: ["price"],
  });
export type TariffInput = z.input<typeof tariffInputSchema>;

export const tariffItemSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  approvalRequired: z.boolean(),
  price: z.number(),
});
export type TariffItem = z.infer<typeof tariffItemSchema>;

export const tariffFeatureSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  recurrent: z.boolean(),
  items: z.array(tariffItemSchema),
});
export type TariffFeature = z.infer<typeof tariffFeatureSchema>;

export const playlistRefSchema = z.object({ id: uuidSchema, name: z.string() });

/**
 * A tariff that holds a playlist for every subscriber, as the content
 * manager's library names it (a client's personal grants are not counted);
 * `active`: on offer.
 */
export const tariffRefSchema = z
  .object({ id: uuidSchema, name: z.string(), active: z.boolean() })
  .meta({ id: "TariffRef" });
export type TariffRef = z.infer<typeof tariffRefSchema>;

export const tariffSchema = z
  .object({
    id: uuidSchema,
    type: tariffTypeSchema,
    name: z.string(),
    description: z.string(),
    active: z.boolean(),
    price: z.number(),
    basePrice: z.number(),
    features: z.array(tariffFeatureSchema),
    benefits: z.array(z.string()),
    playlists: z.array(playlistRefSchema),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    abilities: z.object({
      edit: z.boolean(),
      subscribe: z.boolean(),
      /** Grant a client more playlists under it (`/tariff/user/…/playlist/add`). */
      grantPlaylists: z.boolean(),
    }),
  })
  .meta({ id: "Tariff" });
export type Tariff = z.infer<typeof tariffSchema>;

/**
 * A tariff on offer as anyone may read it, signed in or not (the landing
 * page's cards): what it holds and costs, nothing about who may do what.
 */
export const offeredTariffSchema = tariffSchema
  .pick({
    id: true,
    type: true,
    name: true,
    description: true,
    price: true,
    basePrice: true,
    features: true,
    benefits: true,
    playlists: true,
  })
  .meta({ id: "OfferedTariff" });
export type OfferedTariff = z.infer<typeof offeredTariffSchema>;

/** A tariff as one client holds it: its playlists and those granted to this client. */
export const userTariffSchema = tariffSchema
  .extend({
    /** Playlists granted to this client under the tariff, beside the tariff's own. */
    personalPlaylists: z.array(playlistRefSchema),
    /** The client's establishments subscribed to it. */
    establishmentIds: z.array(uuidSchema),
  })
  .meta({ id: "UserTariff" });
export type UserTariff = z.infer<typeof userTariffSchema>;

export const tariffSortSchema = z.enum(["name", "price", "created"]);
const tariffParams = z.object({ id: uuidSchema });
const userTariffParams = z.object({ userId: uuidSchema, tariffId: uuidSchema });

export const listActiveTariffs = defineEndpoint({
  method: "GET",
  path: "/tariff",
  summary: "The tariffs on offer (active), cheapest first",
  tags: ["tariffs"],
  auth: "bearer",
  response: z.object({ data: z.array(tariffSchema) }),
});

export const listOfferedTariffs = defineEndpoint({
  method: "GET",
  path: "/tariff/offer",
  summary: "The tariffs on offer (active), cheapest first, for anyone (the landing page)",
  tags: ["tariffs"],
  auth: "public",
  response: z.object({ data: z.array(offeredTariffSchema) }),
});

export const listAllTariffs = defineEndpoint({
  method: "GET",
  path: "/tariff/all",
  summary: "Every tariff, active or not, found by name (admin); sorted by name by default",
  tags: ["tariffs"],
  auth: "bearer",
  roles: ["role-admin"],
  query: z.object({
    query: z.string().trim().max(INPUT.defaultMax).optional(),
    sortBy: tariffSortSchema.default("name"),
  }),
  response: z.object({ data: z.array(tariffSchema) }),
});

export const getTariff = defineEndpoint({
  method: "GET",
  path: "/tariff/:id",
  summary: "One tariff (an inactive one only for the admin and its subscribers)",
  tags: ["tariffs"],
  auth: "bearer",
  params: tariffParams,
  response: tariffSchema,
});

export const addTariff = defineEndpoint({
  method: "POST",
  path: "/tariff/add",
  summary: "Create a tariff with its features, items, benefits and playlists (admin)",
  tags: ["tariffs"],
  auth: "bearer",
  roles: ["role-admin"],
  body: tariffInputSchema,
  response: tariffSchema,
  successStatus: 201,
});

export const changeTariff = defineEndpoint({
  method: "POST",
  path: "/tariff/:id/change",
  summary:
    "Replace a tariff's fields (admin); items keep their ids, live subscriptions keep their prices",
  tags: ["tariffs"],
  auth: "bearer",
  roles: ["role-admin"],
  params: tariffParams,
  body: tariffInputSchema,
  response: tariffSchema,
});

export const listUserTariffs = defineEndpoint({
  method: "GET",
  path: "/tariff/user/:userId",
  summary: "The tariffs a client's establishments are subscribed to, with the playlists granted",
  tags: ["tariffs"],
  auth: "bearer",
  params: z.object({ userId: uuidSchema }),
  query: z.object({ query: z.string().trim().max(INPUT.defaultMax).optional() }),
  response: z.object({ data: z.array(userTariffSchema) }),
});

export const addUserTariffPlaylist = defineEndpoint({
  method: "POST",
  path: "/tariff/user/:userId/:tariffId/playlist/add",
  summary: "Grant a client one more playlist under a tariff (admin, client manager)",
  tags: ["tariffs"],
  auth: "bearer",
  roles: CLIENT_MANAGING_ROLES,
  params: userTariffParams,
  body: z.object({ playlistId: uuidSchema }),
  response: userTariffSchema,
});

export const removeUserTariffPlaylist = defineEndpoint({
  method: "POST",
  path: "/tariff/user/:userId/:tariffId/playlist/:playlistId/remove",
  summary: "Withdraw a playlist granted to a client under a tariff",
  tags: ["tariffs"],
  auth: "bearer",
  roles: CLIENT_MANAGING_ROLES,
  params: userTariffParams.extend({ playlistId: uuidSchema }),
  response: userTariffSchema,
});
