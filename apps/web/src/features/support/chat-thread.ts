import type { ChatMessage } from "@fonika/shared";

/** A message this browser sent and the server has not stored yet (or refused). */
export interface PendingChatMessage {
  /** The sender's own id of the message; a retry sends the same one. */
  clientMessageId: string;
  text: string;
  createdAt: string;
  /** Why the last try failed (shown with "Повторить"); null while it is on its way. */
  failure: string | null;
}

/** One conversation as the screen knows it. */
export interface ChatThread {
  /** Stored messages, each seq once, in seq order. */
  messages: readonly ChatMessage[];
  /** Sent from this browser and not yet answered with a stored message, in the order sent. */
  pending: readonly PendingChatMessage[];
  /** Whether the newest page has come. */
  loaded: boolean;
  /** Whether older messages than the first one here exist. */
  hasOlder: boolean;
  /** The highest seq the other side has read. */
  readByOtherUpTo: number;
}

export const EMPTY_CHAT_THREAD: ChatThread = {
  messages: [],
  pending: [],
  loaded: false,
  hasOlder: false,
  readByOtherUpTo: 0,
};

export type ChatThreadEvent =
  /** The newest page came (on opening). */
  | { type: "loaded"; data: readonly ChatMessage[]; hasMore: boolean }
  /** An older page came (scrolling up). */
  | { type: "older"; data: readonly ChatMessage[]; hasMore: boolean }
  /** Stored messages from any source: the socket, a send's answer, a catch-up. */
  | { type: "received"; messages: readonly ChatMessage[] }
  /** A message goes out (first try or retry). */
  | { type: "sending"; pending: PendingChatMessage }
  | { type: "failed"; clientMessageId: string; reason: string }
  | { type: "readByOther"; upTo: number };

/**
 * Stored messages merged by seq (and id): the same message may come as the
 * answer to its POST, from the socket and from a catch-up; it is kept once.
 */
export function mergeChatMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): readonly ChatMessage[] {
  if (incoming.length === 0) return current;
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  const ids = new Set(current.map((message) => message.id));
  let changed = false;
  for (const message of incoming) {
    if (bySeq.has(message.seq) || ids.has(message.id)) continue;
    bySeq.set(message.seq, message);
    ids.add(message.id);
    changed = true;
  }
  if (!changed) return current;
  return [...bySeq.values()].sort((left, right) => left.seq - right.seq);
}

/** What stored messages settle: a pending message the server stored is shown as stored. */
function withoutStored(
  pending: readonly PendingChatMessage[],
  stored: readonly ChatMessage[],
): readonly PendingChatMessage[] {
  if (pending.length === 0) return pending;
  const settled = new Set(stored.map((message) => message.clientMessageId));
  const left = pending.filter((message) => !settled.has(message.clientMessageId));
  return left.length === pending.length ? pending : left;
}

/** Applies one event to a conversation. */
export function applyChatEvent(thread: ChatThread, event: ChatThreadEvent): ChatThread {
  switch (event.type) {
    case "loaded":
      return {
        ...thread,
        messages: mergeChatMessages(thread.messages, event.data),
        pending: withoutStored(thread.pending, event.data),
        loaded: true,
        hasOlder: event.hasMore,
      };
    case "older":
      return {
        ...thread,
        messages: mergeChatMessages(thread.messages, event.data),
        hasOlder: event.hasMore,
      };
    case "received": {
      const messages = mergeChatMessages(thread.messages, event.messages);
      const pending = withoutStored(thread.pending, event.messages);
      if (messages === thread.messages && pending === thread.pending) return thread;
      return { ...thread, messages, pending };
    }
    case "sending": {
      const others = thread.pending.filter(
        (message) => message.clientMessageId !== event.pending.clientMessageId,
      );
      // A retry keeps its place; a new message goes last.
      const index = thread.pending.findIndex(
        (message) => message.clientMessageId === event.pending.clientMessageId,
      );
      const pending =
        index < 0
          ? [...others, event.pending]
          : thread.pending.map((message, at) => (at === index ? event.pending : message));
      return { ...thread, pending };
    }
    case "failed":
      return {
        ...thread,
        pending: thread.pending.map((message) =>
          message.clientMessageId === event.clientMessageId
            ? { ...message, failure: event.reason }
            : message,
        ),
      };
    case "readByOther":
      return event.upTo > thread.readByOtherUpTo
        ? { ...thread, readByOtherUpTo: event.upTo }
        : thread;
  }
}

/** The last stored seq (0 for none): a catch-up asks for what came `after` it. */
export function lastSeqOf(thread: ChatThread): number {
  return thread.messages.at(-1)?.seq ?? 0;
}

/** The last seq of a message of the other side (0 for none): what reading it marks. */
export function lastSeqFrom(thread: ChatThread, otherSide: "client" | "staff"): number {
  for (let index = thread.messages.length - 1; index >= 0; index -= 1) {
    const message = thread.messages[index];
    if (message && message.author.side === otherSide) return message.seq;
  }
  return 0;
}

/** What a message of the viewer's side says about itself. */
export type ChatMark = "sending" | "failed" | "delivered" | "read";

/** The mark of a stored message of the viewer's side: read once the other side's mark reaches it. */
export function markOf(message: ChatMessage, readByOtherUpTo: number): ChatMark {
  return message.seq <= readByOtherUpTo ? "read" : "delivered";
}

/**
 * A new id for a message. `crypto.randomUUID` exists only on secure pages
 * (HTTPS or localhost); a venue's computer may open the app by a plain
 * address, so the same kind of id is made from random bytes there.
 */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
