import { uuidSchema } from "../endpoint.ts";
import type { Role } from "../roles.ts";
import { z } from "../zod.ts";

/** What support's enquiries and chat share (issue 15): limits, role groups, a person, a text. */

export const SUPPORT = {
  /** An enquiry's or a reply's text. */
  textMax: 5_000,
  /** A chat message. */
  chatTextMax: 2_000,
  /** One attachment, bytes. */
  attachmentMaxBytes: 10 * 1024 * 1024,
  /** Attachments of one enquiry or reply. */
  attachmentsPerMessage: 5,
  /** Messages (replies and chat) one person may send a minute; more is 429. */
  messagesPerMinute: 30,
  /** An attachment not put in a message within this long is removed. */
  unusedAttachmentHours: 24,
  /** A chat page. */
  chatPageSize: 50,
  /** How long a typing mark lasts without a new one, ms. */
  typingMs: 5_000,
} as const;

/** Who sees every enquiry and answers it. */
export const SUPPORT_STAFF_ROLES: readonly Role[] = [
  "role-admin",
  "role-support",
  "role-client-manager",
];
/** Who may chat: a client with support; support and admin answer. */
export const CHAT_ROLES: readonly Role[] = ["role-admin", "role-client", "role-support"];
/** Who answers the chat. */
export const CHAT_STAFF_ROLES: readonly Role[] = ["role-admin", "role-support"];

/** A message's text: as typed, up to `max`, not blank. */
export const supportTextSchema = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => text.trim().length > 0, { message: "Введите текст" });

export const supportPersonSchema = z
  .object({
    id: uuidSchema,
    /** A person's name as staff lists show it; «Удалённый клиент» after deletion. */
    name: z.string(),
    side: z.enum(["client", "staff"]),
  })
  .meta({ id: "SupportPerson" });
export type SupportPerson = z.infer<typeof supportPersonSchema>;
