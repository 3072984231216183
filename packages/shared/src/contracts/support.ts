import { PAGING } from "../constants.ts";
import { defineEndpoint, fileAnswer, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";
import {
  SUPPORT,
  SUPPORT_STAFF_ROLES,
  supportPersonSchema,
  supportTextSchema,
} from "./support-common.ts";

export * from "./support-chat.ts";
export * from "./support-common.ts";

/**
 * Support (issue 15): enquiries with a thread, and a live chat between a
 * client and support. SPEC.md names the screens, not the calls; these are
 * designed in the style of the rest of the API (docs/decisions.md,
 * "Support"). Text is stored as typed and always shown as text.
 */

export const ENQUIRY_TOPICS = [
  "player-silent",
  "music-content",
  "billing",
  "account",
  "other",
] as const;
export type EnquiryTopic = (typeof ENQUIRY_TOPICS)[number];
export const enquiryTopicSchema = z.enum(ENQUIRY_TOPICS);

export const ENQUIRY_TOPIC_LABELS: Record<EnquiryTopic, string> = {
  "player-silent": "Плеер не играет",
  "music-content": "Музыкальный контент",
  billing: "Оплата и документы",
  account: "Учётная запись",
  other: "Другое",
};

export const ENQUIRY_STATES = [
  "new",
  "in-progress",
  "waiting-client",
  "resolved",
  "closed",
] as const;
export type EnquiryState = (typeof ENQUIRY_STATES)[number];
export const enquiryStateSchema = z.enum(ENQUIRY_STATES);

export const ENQUIRY_STATE_LABELS: Record<EnquiryState, string> = {
  new: "Новое",
  "in-progress": "В работе",
  "waiting-client": "Ждёт ответа клиента",
  resolved: "Решено",
  closed: "Закрыто",
};

/** Who moves an enquiry where: `staff` (support, admin, client managers) or its `client`. */
export const ENQUIRY_TRANSITIONS: Record<
  EnquiryState,
  Partial<Record<EnquiryState, "staff" | "client" | "both">>
> = {
  new: { "in-progress": "staff", resolved: "staff", closed: "staff" },
  "in-progress": { "waiting-client": "staff", resolved: "staff", closed: "staff" },
  "waiting-client": { "in-progress": "staff", resolved: "staff", closed: "staff" },
  // A client reopens what support called resolved, or confirms it closed.
  resolved: { "in-progress": "both", closed: "both" },
  closed: {},
};

/** Whether `side` may move an enquiry from `from` to `to`. */
export function mayMoveEnquiry(from: EnquiryState, to: EnquiryState, side: "staff" | "client") {
  const who = ENQUIRY_TRANSITIONS[from][to];
  return who === "both" || who === side;
}

export const supportAttachmentSchema = z
  .object({
    id: uuidSchema,
    /** The name it was uploaded with (shown; the type comes from the content). */
    name: z.string(),
    mediaType: z.string(),
    size: z.number().int().nonnegative(),
  })
  .meta({ id: "SupportAttachment" });
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

/**
 * One entry of an enquiry's thread: a message of either side, a change of
 * state or assignee, or an action support took on the client's player
 * (written by the server: who, what, when).
 */
export const enquiryEventSchema = z
  .object({
    id: uuidSchema,
    kind: z.enum(["message", "state", "assignee", "player-command", "alert"]),
    author: supportPersonSchema.nullable(),
    /** A message's text; for the other kinds the server's Russian sentence of what happened. */
    text: z.string(),
    attachments: z.array(supportAttachmentSchema),
    /** The state it moved to (kind `state`). */
    state: enquiryStateSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "EnquiryEvent" });
export type EnquiryEvent = z.infer<typeof enquiryEventSchema>;

export const enquiryAbilitiesSchema = z.object({
  reply: z.boolean(),
  /** The states the caller may move it to now. */
  moveTo: z.array(enquiryStateSchema),
  assign: z.boolean(),
  /** Send play/pause/next to the client's players from the enquiry (support, admin). */
  controlPlayers: z.boolean(),
});

export const enquirySummarySchema = z
  .object({
    id: uuidSchema,
    /** A short number people say on the phone ("обращение 42"). */
    number: z.number().int().positive(),
    topic: enquiryTopicSchema,
    state: enquiryStateSchema,
    /** The first line of the enquiry's text (up to 120 characters). */
    subject: z.string(),
    client: supportPersonSchema,
    assignee: supportPersonSchema.nullable(),
    establishmentId: uuidSchema.nullable(),
    establishmentName: z.string().nullable(),
    playerId: uuidSchema.nullable(),
    playerName: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** Messages of the other side the caller has not opened yet. */
    unread: z.number().int().nonnegative(),
  })
  .meta({ id: "EnquirySummary" });
export type EnquirySummary = z.infer<typeof enquirySummarySchema>;

export const enquirySchema = enquirySummarySchema
  .extend({
    events: z.array(enquiryEventSchema),
    abilities: enquiryAbilitiesSchema,
  })
  .meta({ id: "Enquiry" });
export type Enquiry = z.infer<typeof enquirySchema>;

const attachmentIdsSchema = z.array(uuidSchema).max(SUPPORT.attachmentsPerMessage).default([]);

export const createEnquiryBodySchema = z.object({
  topic: enquiryTopicSchema,
  text: supportTextSchema(SUPPORT.textMax),
  establishmentId: uuidSchema.nullable().optional(),
  playerId: uuidSchema.nullable().optional(),
  /** Uploaded by the caller with `uploadSupportAttachment`, not yet in a message. */
  attachmentIds: attachmentIdsSchema,
  /** An admin writing on a client's behalf names the client; a client leaves it out. */
  clientId: uuidSchema.optional(),
});
export type CreateEnquiryBody = z.input<typeof createEnquiryBodySchema>;

const enquiryParams = z.object({ id: uuidSchema });

export const uploadSupportAttachment = defineEndpoint({
  method: "POST",
  path: "/support/attachments",
  summary:
    "Upload a file for an enquiry or a reply (image, PDF, text log; the content decides, up to 10 MB); put its id in the message",
  tags: ["support"],
  auth: "bearer",
  roles: [...SUPPORT_STAFF_ROLES, "role-client", "role-content-manager"],
  upload: { accept: ["image/png", "image/jpeg", "image/webp", "application/pdf", "text/plain"] },
  response: supportAttachmentSchema,
  successStatus: 201,
});

export const downloadSupportAttachment = defineEndpoint({
  ...fileAnswer(["image/png", "image/jpeg", "image/webp", "application/pdf", "text/plain"]),
  path: "/support/attachments/:id",
  summary:
    "An attachment of an enquiry the caller sees, as a download (Content-Disposition: attachment)",
  tags: ["support"],
  roles: [...SUPPORT_STAFF_ROLES, "role-client", "role-content-manager"],
  params: enquiryParams,
});

export const createEnquiry = defineEndpoint({
  method: "POST",
  path: "/support/enquiries",
  summary: "Create an enquiry (a client, or an admin on a client's behalf)",
  tags: ["support"],
  auth: "bearer",
  roles: ["role-admin", "role-client"],
  body: createEnquiryBodySchema,
  response: enquirySchema,
  successStatus: 201,
});

export const listEnquiries = defineEndpoint({
  method: "GET",
  path: "/support/enquiries",
  summary:
    "Enquiries the caller sees, last changed first: a client's own; every one for support, admins and client managers; music-content ones for content managers",
  tags: ["support"],
  auth: "bearer",
  roles: [...SUPPORT_STAFF_ROLES, "role-client", "role-content-manager"],
  query: z.object({
    state: enquiryStateSchema.optional(),
    /** `open`: every state but resolved and closed. */
    open: z.enum(["true", "false"]).optional(),
    topic: enquiryTopicSchema.optional(),
    clientId: uuidSchema.optional(),
    /** `none`: not assigned. */
    assigneeId: z.union([uuidSchema, z.literal("none")]).optional(),
    query: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
  }),
  response: pagedSchema(enquirySummarySchema),
});

export const getEnquiry = defineEndpoint({
  method: "GET",
  path: "/support/enquiries/:id",
  summary: "One enquiry with its whole thread",
  tags: ["support"],
  auth: "bearer",
  roles: [...SUPPORT_STAFF_ROLES, "role-client", "role-content-manager"],
  params: enquiryParams,
  response: enquirySchema,
});

export const replyToEnquiry = defineEndpoint({
  method: "POST",
  path: "/support/enquiries/:id/messages",
  summary:
    "Reply in an enquiry's thread; support's reply mails the client, a client's reply to one waiting for them puts it back in progress",
  tags: ["support"],
  auth: "bearer",
  roles: [...SUPPORT_STAFF_ROLES, "role-client", "role-content-manager"],
  params: enquiryParams,
  body: z.object({ text: supportTextSchema(SUPPORT.textMax), attachmentIds: attachmentIdsSchema }),
  response: enquirySchema,
  successStatus: 201,
});

export const changeEnquiryState = defineEndpoint({
  method: "POST",
  path: "/support/enquiries/:id/state",
  summary:
    "Move an enquiry to another state (ENQUIRY_TRANSITIONS); 409 when that move is not allowed",
  tags: ["support"],
  auth: "bearer",
  roles: [...SUPPORT_STAFF_ROLES, "role-client"],
  params: enquiryParams,
  body: z.object({ state: enquiryStateSchema }),
  response: enquirySchema,
});

export const assignEnquiry = defineEndpoint({
  method: "POST",
  path: "/support/enquiries/:id/assignee",
  summary: "Assign an enquiry to a support member or admin (null: nobody)",
  tags: ["support"],
  auth: "bearer",
  roles: SUPPORT_STAFF_ROLES,
  params: enquiryParams,
  body: z.object({ assigneeId: uuidSchema.nullable() }),
  response: enquirySchema,
});

export const markEnquiryRead = defineEndpoint({
  method: "POST",
  path: "/support/enquiries/:id/read",
  summary: "Mark the enquiry's thread read by the caller",
  tags: ["support"],
  auth: "bearer",
  roles: [...SUPPORT_STAFF_ROLES, "role-client", "role-content-manager"],
  params: enquiryParams,
  response: okSchema,
});

export const SUPPORT_PLAYER_COMMANDS = ["play", "pause", "next"] as const;
export type SupportPlayerCommand = (typeof SUPPORT_PLAYER_COMMANDS)[number];

export const commandEnquiryPlayer = defineEndpoint({
  method: "POST",
  path: "/support/enquiries/:id/player-command",
  summary:
    "Send play, pause or next to one of the enquiry's client's players; written into the thread (409 needToStartPlayer when it is offline)",
  tags: ["support"],
  auth: "bearer",
  roles: ["role-admin", "role-support"],
  params: enquiryParams,
  body: z.object({ playerId: uuidSchema, command: z.enum(SUPPORT_PLAYER_COMMANDS) }),
  response: enquirySchema,
});

export const listSupportAssignees = defineEndpoint({
  method: "GET",
  path: "/support/assignees",
  summary: "Who an enquiry can be assigned to: active support members and admins",
  tags: ["support"],
  auth: "bearer",
  roles: SUPPORT_STAFF_ROLES,
  response: z.array(supportPersonSchema),
});

/** What is unread for the menu's counters. */
export const supportUnreadSchema = z
  .object({ enquiries: z.number().int().nonnegative(), chat: z.number().int().nonnegative() })
  .meta({ id: "SupportUnread" });
export type SupportUnread = z.infer<typeof supportUnreadSchema>;

export const getSupportUnread = defineEndpoint({
  method: "GET",
  path: "/support/unread",
  summary: "Unread replies of enquiries and chat messages of the caller, for the menu's counters",
  tags: ["support"],
  auth: "bearer",
  roles: [...SUPPORT_STAFF_ROLES, "role-client", "role-content-manager"],
  response: supportUnreadSchema,
});
