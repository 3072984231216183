import { and, asc, count, desc, eq, gt, lt, sql } from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { chatConversations, chatMessages } from "../../db/schema.ts";

/** The chat's SQL: `chat_conversations` and `chat_messages`, written only here. */

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;
export type ChatSide = "client" | "staff";

/** The conversation of a client, or undefined before its first message. */
export async function findConversation(
  db: Executor,
  clientId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.clientId, clientId));
  return row;
}

/**
 * Makes the client's conversation if it is not there and locks its row
 * until the transaction ends: messages of one conversation are numbered
 * one at a time, on any number of processes.
 */
export async function lockConversation(tx: Executor, clientId: string): Promise<ConversationRow> {
  await tx.insert(chatConversations).values({ clientId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.clientId, clientId))
    .for("update");
  if (!row) throw new Error(`conversation ${clientId} vanished under its lock`);
  return row;
}

/** A message the author already sent with this id of theirs, if any. */
export async function findResent(
  db: Executor,
  clientId: string,
  authorId: string,
  clientMessageId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.clientId, clientId),
        eq(chatMessages.authorId, authorId),
        eq(chatMessages.clientMessageId, clientMessageId),
      ),
    );
  return row;
}

/**
 * Hands out the conversation's next seq and moves the sender's side's read
 * mark to it (whoever writes has read what came before). Call under
 * `lockConversation`.
 */
export async function takeNextSeq(tx: Executor, clientId: string, side: ChatSide): Promise<number> {
  const [row] = await tx
    .update(chatConversations)
    .set({
      lastSeq: sql`${chatConversations.lastSeq} + 1`,
      ...(side === "client"
        ? { clientReadSeq: sql`${chatConversations.lastSeq} + 1` }
        : { staffReadSeq: sql`${chatConversations.lastSeq} + 1` }),
      updatedAt: new Date(),
    })
    .where(eq(chatConversations.clientId, clientId))
    .returning({ lastSeq: chatConversations.lastSeq });
  if (!row) throw new Error(`conversation ${clientId} is missing`);
  return row.lastSeq;
}

export interface NewChatMessage {
  clientId: string;
  seq: number;
  authorId: string;
  side: ChatSide;
  text: string;
  clientMessageId: string;
}

export async function insertMessage(
  tx: Executor,
  message: NewChatMessage,
): Promise<ChatMessageRow> {
  const [row] = await tx.insert(chatMessages).values(message).returning();
  if (!row) throw new Error("chat message insert returned no row");
  return row;
}

/**
 * Up to `limit` messages in seq order: after `after` (ascending from it),
 * else before `before` or the newest (the last `limit` of them). One more
 * is read to tell whether there are more in the direction read.
 */
export async function listMessages(
  db: Executor,
  clientId: string,
  range: { before?: number | undefined; after?: number | undefined; limit: number },
): Promise<{ rows: ChatMessageRow[]; hasMore: boolean }> {
  const forward = range.after !== undefined;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.clientId, clientId),
        range.after !== undefined ? gt(chatMessages.seq, range.after) : undefined,
        range.before !== undefined ? lt(chatMessages.seq, range.before) : undefined,
      ),
    )
    .orderBy(forward ? asc(chatMessages.seq) : desc(chatMessages.seq))
    .limit(range.limit + 1);
  const hasMore = rows.length > range.limit;
  const page = rows.slice(0, range.limit);
  return { rows: forward ? page : page.reverse(), hasMore };
}

/** The conversation's row locked until the transaction ends, or undefined before its first message. */
export async function lockExistingConversation(
  tx: Executor,
  clientId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.clientId, clientId))
    .for("update");
  return row;
}

/** Sets one side's read mark (the service decides the value). */
export async function setReadMark(
  tx: Executor,
  clientId: string,
  side: ChatSide,
  seq: number,
): Promise<void> {
  await tx
    .update(chatConversations)
    .set(side === "client" ? { clientReadSeq: seq } : { staffReadSeq: seq })
    .where(eq(chatConversations.clientId, clientId));
}

/** A conversation with the count of the other side's messages its reader has not read. */
export interface ConversationWithUnread extends ConversationRow {
  unread: number;
}

/**
 * How many messages of `side` come after the mark of the side reading
 * them. Spelled out: drizzle leaves the table off columns of a one-table
 * query, which would make the subquery compare its own columns.
 */
function unreadOf(side: ChatSide) {
  const mark = sql.raw(
    side === "client" ? "chat_conversations.staff_read_seq" : "chat_conversations.client_read_seq",
  );
  return sql<number>`(select count(*) from chat_messages unread where unread.client_id = chat_conversations.client_id and unread.side = ${side} and unread.seq > ${mark})`.mapWith(
    Number,
  );
}

/** Every conversation, newest message first, with the client's messages staff have not read. */
export async function pageConversations(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<{ rows: ConversationWithUnread[]; total: number }> {
  const rows = await db
    .select({
      clientId: chatConversations.clientId,
      lastSeq: chatConversations.lastSeq,
      clientReadSeq: chatConversations.clientReadSeq,
      staffReadSeq: chatConversations.staffReadSeq,
      updatedAt: chatConversations.updatedAt,
      unread: unreadOf("client"),
    })
    .from(chatConversations)
    .where(gt(chatConversations.lastSeq, 0))
    .orderBy(desc(chatConversations.updatedAt), asc(chatConversations.clientId))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(chatConversations)
    .where(gt(chatConversations.lastSeq, 0));
  return { rows, total: counted?.total ?? 0 };
}

/** The client's own conversation with the staff's messages the client has not read. */
export async function clientConversation(
  db: Executor,
  clientId: string,
): Promise<ConversationWithUnread | undefined> {
  const [row] = await db
    .select({
      clientId: chatConversations.clientId,
      lastSeq: chatConversations.lastSeq,
      clientReadSeq: chatConversations.clientReadSeq,
      staffReadSeq: chatConversations.staffReadSeq,
      updatedAt: chatConversations.updatedAt,
      unread: unreadOf("staff"),
    })
    .from(chatConversations)
    .where(eq(chatConversations.clientId, clientId));
  return row;
}

/** The last message of each of these conversations. */
export async function lastMessagesOf(
  db: Executor,
  conversations: readonly { clientId: string; lastSeq: number }[],
): Promise<ChatMessageRow[]> {
  const ids = conversations.filter((row) => row.lastSeq > 0).map((row) => row.clientId);
  if (ids.length === 0) return [];
  return db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(
      chatConversations,
      and(
        eq(chatConversations.clientId, chatMessages.clientId),
        eq(chatConversations.lastSeq, chatMessages.seq),
      ),
    )
    .where(anyId(chatMessages.clientId, ids))
    .then((rows) => rows.map((row) => row.message));
}

/** Replaces the texts of a client's conversation (152-FZ: the client is deleted). */
export async function eraseConversation(
  db: Executor,
  clientId: string,
  erased: string,
): Promise<void> {
  await db.update(chatMessages).set({ text: erased }).where(eq(chatMessages.clientId, clientId));
}
