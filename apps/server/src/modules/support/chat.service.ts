import {
  activeRole,
  type ChatConversation,
  type ChatMessage,
  MESSAGES,
  type ServerSocketMessage,
  type SupportPerson,
} from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import type { Actor } from "../../kernel/actor.ts";
import { type Page, toPage } from "../../lib/paging.ts";
import type { EventBus, RealtimeMessage } from "../../realtime/bus.ts";
import { CHAT_STAFF_ROOM, userRoom } from "../../realtime/hub.ts";
import { CHAT_SOCKET_TEXTS, CHAT_TEXTS, chatErrors } from "./chat.errors.ts";
import { chatSideOf, isChatStaff, mayTypeIn, nextReadMark } from "./chat.policy.ts";
import type { ChatMessageRow, ChatSide, ConversationWithUnread } from "./chat.repository.ts";
import { SUPPORT_TEXTS } from "./support.errors.ts";
import { takeSupportMessageSlot } from "./support.limits.ts";
import { SupportStore } from "./support.store.ts";

/** What the chat needs of other modules; app.ts wires them. */
export interface ChatPorts {
  accounts: {
    /** The account, to tell whether an id is a client's. */
    find(userId: string): Promise<{ authority: string[]; status: string } | undefined>;
    /** Names as staff lists show them ('Удалённый клиент' for a deleted account). */
    namesOf(userIds: string[]): Promise<Map<string, string>>;
  };
}

export interface ChatDependencies extends ChatPorts {
  store: SupportStore;
  bus: EventBus;
}

/** The id a message's author shows when a staff member's account is gone. */
const NO_ONE = "00000000-0000-0000-0000-000000000000";

/**
 * The live chat between each client and support (issue 15): one
 * conversation per client, numbered by seq under its row's lock, with a
 * read mark per side. Every change is published to the client's browsers
 * and the chat staff's, on every process.
 */
export class ChatService {
  constructor(private readonly deps: ChatDependencies) {}

  /** Staff: every conversation, newest message first. A client: their own one, even before any message. */
  async listConversations(
    actor: Actor,
    page: { page: number; count: number },
  ): Promise<Page<ChatConversation>> {
    if (!isChatStaff(actor)) {
      chatSideOf(actor, actor.userId);
      const row = await this.deps.store.chat.clientConversation(actor.userId);
      const [conversation] = await this.presentConversations(
        [row ?? emptyConversation(actor.userId)],
        "client",
      );
      const data = page.page === 0 && conversation ? [conversation] : [];
      return toPage(data, 1, page.count);
    }
    const { rows, total } = await this.deps.store.chat.pageConversations({
      offset: page.page * page.count,
      limit: page.count,
    });
    return toPage(await this.presentConversations(rows, "staff"), total, page.count);
  }

  /** A page of the conversation in seq order: newest, `before` a seq, or `after` one (catch-up). */
  async listMessages(
    actor: Actor,
    clientId: string,
    range: { before?: number | undefined; after?: number | undefined; limit: number },
  ): Promise<{ data: ChatMessage[]; hasMore: boolean }> {
    await this.sideIn(actor, clientId, "read");
    const { rows, hasMore } = await this.deps.store.chat.listMessages(clientId, range);
    return { data: await this.presentMessages(rows), hasMore };
  }

  /**
   * Stores a message and tells both sides. The same `clientMessageId` from
   * the same author answers the stored message (`created: false`), counted
   * against no limit and told to no one again. Over the limit: 429, nothing stored.
   */
  async send(
    actor: Actor,
    clientId: string,
    input: { text: string; clientMessageId: string },
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const side = await this.sideIn(actor, clientId, "write");
    const { store } = this.deps;
    const resent = await store.chat.findResent(clientId, actor.userId, input.clientMessageId);
    if (resent) return { message: await this.presentMessage(resent), created: false };
    // The same per-person limit as enquiries' messages, counted before anything is stored.
    await takeSupportMessageSlot(store.executor, actor.userId);

    const { row, created } = await store.withTx(async (tx) => {
      await tx.chat.lockConversation(clientId);
      // A resend racing its first send waits on the lock and finds it here.
      const raced = await tx.chat.findResent(clientId, actor.userId, input.clientMessageId);
      if (raced) return { row: raced, created: false };
      const seq = await tx.chat.takeNextSeq(clientId, side);
      const inserted = await tx.chat.insertMessage({
        clientId,
        seq,
        authorId: actor.userId,
        side,
        text: input.text,
        clientMessageId: input.clientMessageId,
      });
      return { row: inserted, created: true };
    });
    const message = await this.presentMessage(row);
    if (created) await this.publish(clientId, { type: "chatMessage", message });
    return { message, created };
  }

  /** Moves the caller's side's read mark up to `upTo` (never back, never past the last message). */
  async markRead(actor: Actor, clientId: string, upTo: number): Promise<void> {
    const side = await this.sideIn(actor, clientId, "read");
    const moved = await this.deps.store.withTx(async (tx) => {
      const row = await tx.chat.lockExistingConversation(clientId);
      if (!row) return null;
      const current = side === "client" ? row.clientReadSeq : row.staffReadSeq;
      const next = nextReadMark(current, upTo, row.lastSeq);
      if (next === current) return null;
      await tx.chat.setReadMark(clientId, side, next);
      return next;
    });
    if (moved !== null)
      await this.publish(clientId, { type: "chatRead", clientId, side, upTo: moved });
  }

  /**
   * A typing mark from the actor's socket: published to both sides (not
   * stored), or the error answered to that socket alone.
   */
  async typing(actor: Actor, clientId: string): Promise<ServerSocketMessage | null> {
    const side = mayTypeIn(actor, clientId);
    if (!side) return { type: "error", message: CHAT_SOCKET_TEXTS.typingForbidden };
    const names = await this.deps.accounts.namesOf([actor.userId]);
    const author: SupportPerson = {
      id: actor.userId,
      name: names.get(actor.userId) ?? CHAT_TEXTS.formerStaff,
      side,
    };
    await this.publish(clientId, { type: "chatTyping", clientId, author });
    return null;
  }

  /**
   * The actor's side in the client's conversation. Staff must name a
   * client (not deleted, activated); reading a conversation that exists
   * stays open to them after its client is deleted.
   */
  private async sideIn(actor: Actor, clientId: string, use: "read" | "write"): Promise<ChatSide> {
    const side = chatSideOf(actor, clientId);
    if (side === "client") return side;
    const account = await this.deps.accounts.find(clientId);
    const isClient =
      account !== undefined &&
      account.status !== "deleted" &&
      activeRole(account.authority) === "role-client";
    if (isClient) return side;
    if (use === "read" && account && (await this.deps.store.chat.findConversation(clientId))) {
      return side;
    }
    throw chatErrors.conversationNotFound();
  }

  /**
   * Erases a deleted client's conversation inside the deletion's transaction
   * (accounts' ClientRecords port): staff keep its length and times, not
   * what either side wrote (an answer may repeat the client's details).
   */
  async forgetClient(tx: Executor, clientId: string): Promise<() => Promise<void>> {
    await new SupportStore(tx).chat.eraseConversation(clientId, SUPPORT_TEXTS.erased);
    return async () => undefined;
  }

  /**
   * To the client's browsers and the chat staff's, on every process (the
   * bus never throws). The change is stored already: a socket that missed
   * it catches up with `after`.
   */
  private publish(clientId: string, message: RealtimeMessage): Promise<void> {
    return this.deps.bus.publish({
      kind: "messages",
      rooms: [userRoom(clientId), CHAT_STAFF_ROOM],
      messages: [message],
    });
  }

  private async presentMessage(row: ChatMessageRow): Promise<ChatMessage> {
    const [message] = await this.presentMessages([row]);
    if (!message) throw new Error("a presented message vanished");
    return message;
  }

  private async presentMessages(rows: readonly ChatMessageRow[]): Promise<ChatMessage[]> {
    const ids = [...new Set(rows.map((row) => row.authorId ?? row.clientId))];
    const names = await this.deps.accounts.namesOf(ids);
    return rows.map((row) => presentMessage(row, names));
  }

  private async presentConversations(
    rows: readonly ConversationWithUnread[],
    reader: ChatSide,
  ): Promise<ChatConversation[]> {
    const lastMessages = await this.deps.store.chat.lastMessagesOf(rows);
    const ids = [
      ...new Set([
        ...rows.map((row) => row.clientId),
        ...lastMessages.flatMap((row) => (row.authorId ? [row.authorId] : [])),
      ]),
    ];
    const names = await this.deps.accounts.namesOf(ids);
    const lastOf = new Map(lastMessages.map((row) => [row.clientId, row]));
    return rows.map((row) => {
      const last = lastOf.get(row.clientId);
      return {
        client: { id: row.clientId, name: names.get(row.clientId) ?? "", side: "client" },
        lastMessage: last ? presentMessage(last, names) : null,
        unread: row.unread,
        readByOtherUpTo: reader === "client" ? row.staffReadSeq : row.clientReadSeq,
      };
    });
  }
}

function presentMessage(row: ChatMessageRow, names: Map<string, string>): ChatMessage {
  const side = row.side === "client" ? "client" : "staff";
  // A client's message is theirs even when the author link is gone.
  const authorId = row.authorId ?? (side === "client" ? row.clientId : NO_ONE);
  return {
    id: row.id,
    clientId: row.clientId,
    seq: row.seq,
    author: {
      id: authorId,
      name:
        names.get(authorId) ??
        (side === "client" ? MESSAGES.deletedClient : CHAT_TEXTS.formerStaff),
      side,
    },
    text: row.text,
    clientMessageId: row.clientMessageId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A client's conversation before its first message. */
function emptyConversation(clientId: string): ConversationWithUnread {
  return {
    clientId,
    lastSeq: 0,
    clientReadSeq: 0,
    staffReadSeq: 0,
    updatedAt: new Date(0),
    unread: 0,
  };
}
