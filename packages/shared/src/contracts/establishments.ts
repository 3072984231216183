import { ESTABLISHMENTS, INPUT, PAGING } from "../constants.ts";
import { defineEndpoint, fileAnswer, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";
import { subscriptionInfoSchema } from "./subscriptions.ts";

/**
 * Establishments (the spec's client objects, SPEC.md §3 and §7): a client's
 * venues with their address, IANA time zone (CONTRACT.md: player schedules
 * are read in it), floor plan, players and subscription. A client reaches
 * only their own; staff reach a client's by the client's user id.
 */

/** Whether the runtime knows this IANA time zone (aliases such as Europe/Kiev included). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, "Выберите часовой пояс из списка");

export const establishmentInputSchema = z.object({
  name: z.string().trim().min(INPUT.defaultMin).max(INPUT.defaultMax),
  address: z.string().trim().min(INPUT.defaultMin).max(500),
  /** Omitted by a new one: the zone of the address's city (`timeZoneOfAddress`), else Moscow's. */
  timeZone: timeZoneSchema.optional(),
  /** Songs marked obsceneLexicon never play at the establishment (off when a new one omits it). */
  explicitFilter: z.boolean().optional(),
});
export type EstablishmentInput = z.input<typeof establishmentInputSchema>;

export const layoutFileSchema = z
  .object({
    name: z.string(),
    size: z.number().int(),
    contentType: z.enum(ESTABLISHMENTS.layoutTypes),
    uploadedAt: z.iso.datetime(),
  })
  .meta({ id: "LayoutFile" });

/** What the players of an establishment are doing (filled in by the players work). */
export const playerInfoSchema = z.object({
  players: z.number().int().nonnegative(),
  online: z.number().int().nonnegative(),
});

export const establishmentAbilitiesSchema = z.object({
  edit: z.boolean(),
  /** Choose a tariff for it (no live subscription yet). */
  subscribe: z.boolean(),
});

export const establishmentSchema = z
  .object({
    id: uuidSchema,
    userId: uuidSchema,
    name: z.string(),
    address: z.string(),
    timeZone: z.string(),
    /** Songs marked obsceneLexicon never play on its players, from any playlist or command. */
    explicitFilter: z.boolean(),
    layoutFile: layoutFileSchema.nullable(),
    playerInfo: playerInfoSchema,
    /** The live (pending, active or suspended) subscription; null when none. */
    subscriptionInfo: subscriptionInfoSchema.nullable(),
    createdAt: z.iso.datetime(),
    abilities: establishmentAbilitiesSchema,
  })
  .meta({ id: "Establishment" });
export type Establishment = z.infer<typeof establishmentSchema>;

export const establishmentPageSchema = pagedSchema(establishmentSchema);
export type EstablishmentPage = z.infer<typeof establishmentPageSchema>;

const userParams = z.object({ userId: uuidSchema });
const establishmentParams = z.object({ userId: uuidSchema, id: uuidSchema });

export const listEstablishments = defineEndpoint({
  method: "GET",
  path: "/establishment/:userId",
  summary: "A client's establishments, a page at a time, found by name or address",
  tags: ["establishments"],
  auth: "bearer",
  params: userParams,
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
    query: z.string().trim().max(INPUT.defaultMax).optional(),
  }),
  response: establishmentPageSchema,
});

export const getEstablishment = defineEndpoint({
  method: "GET",
  path: "/establishment/:userId/:id",
  summary: "One establishment of a client",
  tags: ["establishments"],
  auth: "bearer",
  params: establishmentParams,
  response: establishmentSchema,
});

export const addEstablishment = defineEndpoint({
  method: "POST",
  path: "/establishment/:userId/add",
  summary: "Add an establishment to a client",
  tags: ["establishments"],
  auth: "bearer",
  params: userParams,
  body: establishmentInputSchema,
  response: establishmentSchema,
  successStatus: 201,
});

export const changeEstablishment = defineEndpoint({
  method: "POST",
  path: "/establishment/:userId/:id/change",
  summary: "Change an establishment's name, address, time zone or explicit filter",
  tags: ["establishments"],
  auth: "bearer",
  params: establishmentParams,
  body: establishmentInputSchema.partial(),
  response: establishmentSchema,
});

export const addLayoutFile = defineEndpoint({
  method: "POST",
  path: "/establishment/:userId/:id/layout-file/add",
  summary: `Attach the floor plan: an image or a PDF of at most ${ESTABLISHMENTS.maxLayoutMb} MB (replaces the previous one)`,
  tags: ["establishments"],
  auth: "bearer",
  params: establishmentParams,
  upload: { accept: [...ESTABLISHMENTS.layoutTypes] },
  response: establishmentSchema,
});

export const getLayoutFile = defineEndpoint({
  ...fileAnswer(ESTABLISHMENTS.layoutTypes),
  path: "/establishment/:userId/:id/layout-file",
  summary: "The floor plan (404 when none); the token may be given as access_token",
  tags: ["establishments"],
  params: establishmentParams,
});

export const deleteLayoutFile = defineEndpoint({
  method: "POST",
  path: "/establishment/:userId/:id/layout-file/delete",
  summary: "Remove the floor plan",
  tags: ["establishments"],
  auth: "bearer",
  params: establishmentParams,
  response: okSchema,
});
