import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { establishments } from "./clients-schema.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { playerAlerts } from "./player-alerts-schema.ts";
import { players } from "./players-schema.ts";
import { users } from "./schema.ts";

/**
 * Support (issue 15), written by the support module only: enquiries with
 * their thread, the files attached to its messages, who read how far, and
 * the chat between each client and support.
 */
export const supportEnquiries = pgTable(
  "support_enquiries",
  {
    id: id(),
    /** The short number people say ("обращение 42"). */
    number: serial("number").notNull().unique(),
    /** The client it is about (and who sees it). */
    clientId: uuid("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who wrote it: the client, an admin on their behalf, or null when a silence alert opened it. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** player-silent | music-content | billing | account | other */
    topic: text("topic").notNull(),
    /** new | in-progress | waiting-client | resolved | closed */
    state: text("state").notNull().default("new"),
    /** The first line of the text, for lists and search. */
    subject: text("subject").notNull(),
    establishmentId: uuid("establishment_id").references(() => establishments.id, {
      onDelete: "set null",
    }),
    playerId: uuid("player_id").references(() => players.id, { onDelete: "set null" }),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** The silence alert that opened it: one enquiry per alert, however many processes see it. */
    alertId: uuid("alert_id").references(() => playerAlerts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** The last event's time: lists are ordered by it. */
    updatedAt: updatedAt(),
  },
  (table) => [
    index("support_enquiries_client_idx").on(table.clientId, table.updatedAt),
    index("support_enquiries_updated_idx").on(table.updatedAt),
    uniqueIndex("support_enquiries_alert_key").on(table.alertId),
  ],
);

/**
 * An enquiry's thread: messages of either side and what happened (state,
 * assignee, support's commands to a player, the silence alert), in order.
 */
export const supportEnquiryEvents = pgTable(
  "support_enquiry_events",
  {
    id: id(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => supportEnquiries.id, { onDelete: "cascade" }),
    /** message | state | assignee | player-command | alert */
    kind: text("kind").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** client | staff | system: whose unread counter a message counts in. */
    side: text("side").notNull(),
    text: text("text").notNull(),
    state: text("state"),
    createdAt: createdAt(),
  },
  (table) => [index("support_enquiry_events_enquiry_idx").on(table.enquiryId, table.createdAt)],
);

/**
 * A file uploaded for a message: held by its uploader until a message
 * takes it (`event_id`), removed when none does within a day.
 */
export const supportAttachments = pgTable(
  "support_attachments",
  {
    id: id(),
    uploadedBy: uuid("uploaded_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => supportEnquiryEvents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Detected from the content, never taken from the name. */
    mediaType: text("media_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("support_attachments_event_idx").on(table.eventId),
    index("support_attachments_unused_idx")
      .on(table.createdAt)
      .where(sql`${table.eventId} is null`),
  ],
);

/** How far each person has read each enquiry's thread. */
export const supportEnquiryReads = pgTable(
  "support_enquiry_reads",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => supportEnquiries.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.enquiryId] })],
);

/**
 * One chat conversation per client: the last seq handed out (messages are
 * numbered under its row lock) and how far each side has read.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    clientId: uuid("client_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSeq: integer("last_seq").notNull().default(0),
    clientReadSeq: integer("client_read_seq").notNull().default(0),
    staffReadSeq: integer("staff_read_seq").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [index("chat_conversations_updated_idx").on(table.updatedAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => chatConversations.clientId, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** client | staff */
    side: text("side").notNull(),
    text: text("text").notNull(),
    /** The sender's id for the message: a resend finds the stored one. */
    clientMessageId: text("client_message_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("chat_messages_seq_key").on(table.clientId, table.seq),
    uniqueIndex("chat_messages_resend_key").on(
      table.clientId,
      table.authorId,
      table.clientMessageId,
    ),
  ],
);
