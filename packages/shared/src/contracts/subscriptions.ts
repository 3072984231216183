import { INPUT, PAGING, TARIFFS } from "../constants.ts";
import { defineEndpoint, pagedSchema, uuidSchema } from "../endpoint.ts";
import { CLIENT_MANAGING_ROLES, type Role } from "../roles.ts";
import { z } from "../zod.ts";

/**
 * Subscriptions (SPEC.md §3 subscriptionInfo): an establishment bound to a
 * tariff, the items chosen of its features, the organization that pays and
 * its payment method. No payment gateway is charged: a subscription records
 * its prices and period. Its state moves by staff action — pending until a
 * client manager activates it (items that need approval approved first),
 * active, suspended, ended — and by date: a period that is over ends it.
 */

export const subscriptionStateSchema = z.enum(["pending", "active", "suspended", "ended"]);
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/**
 * Whether a venue may play music now (issue 27): only an active
 * subscription of that very venue licenses it. `none` — the venue has no
 * subscription that has not ended; `pending` — it waits for a client
 * manager; `suspended` — staff stopped it (non-payment). `until` is the
 * active period's end: a player without the network stops then too.
 */
export const licenceStateSchema = z.enum(["none", "pending", "active", "suspended"]);
export type LicenceState = z.infer<typeof licenceStateSchema>;

export const venueLicenceSchema = z
  .object({
    state: licenceStateSchema,
    until: z.iso.datetime().nullable(),
  })
  .meta({ id: "VenueLicence" });
export type VenueLicence = z.infer<typeof venueLicenceSchema>;

/** An item that needs no approval is `not-required`; the others wait for a client manager. */
export const itemApprovalSchema = z.enum(["not-required", "pending", "approved", "rejected"]);
export type ItemApproval = z.infer<typeof itemApprovalSchema>;

/** What an establishment shows of its subscription (SPEC.md §3). */
export const subscriptionInfoSchema = z
  .object({
    id: uuidSchema,
    /** The monthly price: the tariff's and the chosen monthly items' (approved or waiting). */
    price: z.number(),
    state: subscriptionStateSchema,
    startsAt: z.iso.datetime().nullable(),
    endsAt: z.iso.datetime().nullable(),
    tariffInfo: z.object({
      tariffId: uuidSchema,
      tariffName: z.string(),
      tariffType: z.enum(TARIFFS.types),
      itemIds: z.array(uuidSchema),
    }),
    organizationInfo: z.object({ organizationId: uuidSchema, organizationName: z.string() }),
    paymentInfo: z.object({ cardId: uuidSchema.nullable(), accountId: uuidSchema.nullable() }),
  })
  .meta({ id: "SubscriptionInfo" });
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const subscriptionItemSchema = z.object({
  itemId: uuidSchema,
  featureName: z.string(),
  name: z.string(),
  price: z.number(),
  recurrent: z.boolean(),
  approval: itemApprovalSchema,
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

export const subscriptionAbilitiesSchema = z.object({
  /** Change tariff, items, payer or period (staff; the client while pending). */
  edit: z.boolean(),
  /** Approve or reject items that need it (client manager, admin). */
  approveItems: z.boolean(),
  activate: z.boolean(),
  suspend: z.boolean(),
  resume: z.boolean(),
  end: z.boolean(),
  /**
   * Activate the client's account, which waits for activation (issue 28):
   * the accounts' own rule (the account's `abilities.activate`), told here
   * so that staff's queue offers the account and the subscription in one.
   */
  activateClient: z.boolean(),
});

/**
 * Where the subscription's client is on the way to be one (issue 28):
 * still filling in the profile, waiting for activation, an active client,
 * blocked or deleted, as the account's status reads on every screen.
 */
export const clientStateSchema = z.enum([
  "edit-personal-info",
  "wait-activation",
  "active",
  "blocked",
  "deleted",
]);
export type ClientState = z.infer<typeof clientStateSchema>;

export const subscriptionSchema = subscriptionInfoSchema
  .extend({
    userId: uuidSchema,
    clientName: z.string(),
    clientState: clientStateSchema,
    establishmentId: uuidSchema,
    establishmentName: z.string(),
    periodMonths: z.number().int(),
    items: z.array(subscriptionItemSchema),
    /** Charged once: the chosen one-time items. */
    oneTimePrice: z.number(),
    /** The whole period: price × months + one-time items. */
    totalPrice: z.number(),
    createdAt: z.iso.datetime(),
    abilities: subscriptionAbilitiesSchema,
  })
  .meta({ id: "Subscription" });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionInputSchema = z.object({
  establishmentId: uuidSchema,
  tariffId: uuidSchema,
  itemIds: z.array(uuidSchema).max(TARIFFS.maxFeatures * TARIFFS.maxItemsPerFeature),
  organizationId: uuidSchema,
  /** A settlement account or business card of that organization. */
  paymentMethodId: uuidSchema,
  periodMonths: z.union(TARIFFS.periodsInMonths.map((months) => z.literal(months))),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

const subscriptionParams = z.object({ id: uuidSchema });

/** The order of the subscription base: newest first, or oldest first for the queue. */
export const subscriptionOrderSchema = z.enum(["newest-first", "oldest-first"]);
export type SubscriptionOrder = z.infer<typeof subscriptionOrderSchema>;

/**
 * What happened to a subscription (issue 28), told on the socket to its
 * owner's screens and to the staff who run subscriptions: made, changed
 * (tariff, items, payer, an item decided), or moved to another state
 * (`ended` by staff, by the client, with a deleted client, or by date).
 */
export const subscriptionEventSchema = z.enum([
  "created",
  "changed",
  "activated",
  "suspended",
  "resumed",
  "ended",
]);
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

function stateChange(action: string, summary: string, roles?: readonly Role[]) {
  return defineEndpoint({
    method: "POST",
    path: `/subscription/:id/${action}`,
    summary,
    tags: ["subscriptions"],
    auth: "bearer",
    ...(roles ? { roles } : {}),
    params: subscriptionParams,
    response: subscriptionSchema,
  });
}

export const addSubscription = defineEndpoint({
  method: "POST",
  path: "/subscription/:userId/add",
  summary: "Subscribe a client's establishment to a tariff; it waits for a client manager",
  tags: ["subscriptions"],
  auth: "bearer",
  params: z.object({ userId: uuidSchema }),
  body: subscriptionInputSchema,
  response: subscriptionSchema,
  successStatus: 201,
});

export const listSubscriptions = defineEndpoint({
  method: "GET",
  path: "/subscription/all",
  summary:
    "Every subscription, a page at a time (admin, client manager), newest first or oldest first",
  tags: ["subscriptions"],
  auth: "bearer",
  roles: CLIENT_MANAGING_ROLES,
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
    /** Words found in the client's name, login, the establishment or the tariff. */
    query: z.string().trim().max(INPUT.defaultMax).optional(),
    state: subscriptionStateSchema.optional(),
    /** Only subscriptions with items waiting for approval. */
    awaitingApproval: z.enum(["true", "false"]).optional(),
    /**
     * `oldest-first`: the client managers' queue (`state=pending`), the
     * longest waiting on top; `newest-first` when absent.
     */
    order: subscriptionOrderSchema.optional(),
  }),
  response: pagedSchema(subscriptionSchema),
});

export const listUserSubscriptions = defineEndpoint({
  method: "GET",
  path: "/subscription/user/:userId",
  summary: "A client's subscriptions, newest first",
  tags: ["subscriptions"],
  auth: "bearer",
  params: z.object({ userId: uuidSchema }),
  response: z.object({ data: z.array(subscriptionSchema) }),
});

export const getSubscription = defineEndpoint({
  method: "GET",
  path: "/subscription/:id",
  summary: "One subscription",
  tags: ["subscriptions"],
  auth: "bearer",
  params: subscriptionParams,
  response: subscriptionSchema,
});

export const changeSubscription = defineEndpoint({
  method: "POST",
  path: "/subscription/:id/change",
  summary:
    "Change tariff, items, payer or period (staff; the client while it is pending); prices are taken anew",
  tags: ["subscriptions"],
  auth: "bearer",
  params: subscriptionParams,
  body: subscriptionInputSchema.omit({ establishmentId: true }),
  response: subscriptionSchema,
});

export const decideSubscriptionItem = defineEndpoint({
  method: "POST",
  path: "/subscription/:id/item/:itemId/decide",
  summary: "Approve or reject an item that needs approval (admin, client manager)",
  tags: ["subscriptions"],
  auth: "bearer",
  roles: CLIENT_MANAGING_ROLES,
  params: z.object({ id: uuidSchema, itemId: uuidSchema }),
  body: z.object({ approval: z.enum(["approved", "rejected"]) }),
  response: subscriptionSchema,
});

export const activateSubscription = stateChange(
  "activate",
  "Start a pending subscription (every item needing approval decided); its period starts now",
  CLIENT_MANAGING_ROLES,
);
export const suspendSubscription = stateChange(
  "suspend",
  "Suspend an active subscription",
  CLIENT_MANAGING_ROLES,
);
export const resumeSubscription = stateChange(
  "resume",
  "Resume a suspended subscription",
  CLIENT_MANAGING_ROLES,
);
export const endSubscription = stateChange(
  "end",
  "End a subscription now (the client may end one still pending)",
);
