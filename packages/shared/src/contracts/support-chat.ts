import { PAGING } from "../constants.ts";
import { defineEndpoint, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";
import { CHAT_ROLES, SUPPORT, supportPersonSchema, supportTextSchema } from "./support-common.ts";

/** Support's chat (issue 15): one conversation per client account, answered by support and admins. */

export const chatMessageSchema = z
  .object({
    id: uuidSchema,
    /** The conversation: its client's id. */
    clientId: uuidSchema,
    /** Order within the conversation, from 1; a reconnecting client asks for `after` its last. */
    seq: z.number().int().positive(),
    author: supportPersonSchema,
    text: z.string(),
    /** The sender's own id for the message: sending it again answers the same message. */
    clientMessageId: z.string().min(1).max(64),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z
  .object({
    client: supportPersonSchema,
    lastMessage: chatMessageSchema.nullable(),
    /** Messages of the other side the caller has not read. */
    unread: z.number().int().nonnegative(),
    /** The highest seq the other side has read (the caller's messages up to it show "read"). */
    readByOtherUpTo: z.number().int().nonnegative(),
  })
  .meta({ id: "ChatConversation" });
export type ChatConversation = z.infer<typeof chatConversationSchema>;

const conversationParams = z.object({ clientId: uuidSchema });

export const listChatConversations = defineEndpoint({
  method: "GET",
  path: "/support/chat",
  summary:
    "Conversations, newest message first: every client's for support and admins, the caller's own for a client",
  tags: ["support"],
  auth: "bearer",
  roles: CHAT_ROLES,
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
  }),
  response: pagedSchema(chatConversationSchema),
});

export const listChatMessages = defineEndpoint({
  method: "GET",
  path: "/support/chat/:clientId/messages",
  summary:
    "A conversation's messages in seq order: the newest page, or those `before` a seq (older), or `after` a seq (missed while away)",
  tags: ["support"],
  auth: "bearer",
  roles: CHAT_ROLES,
  params: conversationParams,
  query: z.object({
    before: z.coerce.number().int().positive().optional(),
    after: z.coerce.number().int().nonnegative().optional(),
    limit: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(SUPPORT.chatPageSize),
  }),
  response: z.object({ data: z.array(chatMessageSchema), hasMore: z.boolean() }),
});

export const sendChatMessage = defineEndpoint({
  method: "POST",
  path: "/support/chat/:clientId/messages",
  summary:
    "Send a chat message; the same clientMessageId again answers the stored message (200) instead of a second one",
  tags: ["support"],
  auth: "bearer",
  roles: CHAT_ROLES,
  params: conversationParams,
  body: z.object({
    text: supportTextSchema(SUPPORT.chatTextMax),
    clientMessageId: z.string().min(1).max(64),
  }),
  response: chatMessageSchema,
  successStatus: 201,
});

export const markChatRead = defineEndpoint({
  method: "POST",
  path: "/support/chat/:clientId/read",
  summary: "Mark the conversation read by the caller's side up to a seq",
  tags: ["support"],
  auth: "bearer",
  roles: CHAT_ROLES,
  params: conversationParams,
  body: z.object({ upTo: z.number().int().nonnegative() }),
  response: okSchema,
});
