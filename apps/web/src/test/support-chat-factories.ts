import type {
  ChatConversation,
  ChatMessage,
  IncomingSocketMessage,
  SupportPerson,
} from "@fonika/shared";
import { serverSocketMessageSchema } from "@fonika/shared";
import { act } from "@testing-library/react";
import { nextId } from "./library-factories.ts";
import { SIGNED_IN_USER_ID } from "./signed-in-app.tsx";

/** The signed-in client of `renderSignedIn("role-client", …)` as the chat names them. */
export const CHAT_CLIENT: SupportPerson = {
  id: SIGNED_IN_USER_ID,
  name: "Анна Ким",
  side: "client",
};

/** A support member answering. */
export const CHAT_SUPPORT: SupportPerson = {
  id: "00000000-0000-4000-8000-00000000c0de",
  name: "Ольга Смирнова",
  side: "staff",
};

/** A stored chat message of the signed-in client's conversation (by default). */
export function buildChatMessage(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: nextId(),
    clientId: SIGNED_IN_USER_ID,
    seq,
    author: CHAT_SUPPORT,
    text: `Сообщение ${seq}`,
    clientMessageId: nextId(),
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

export function buildConversation(overrides: Partial<ChatConversation> = {}): ChatConversation {
  return {
    client: CHAT_CLIENT,
    lastMessage: null,
    unread: 0,
    readByOtherUpTo: 0,
    ...overrides,
  };
}

/**
 * Speaks for the server on the app's socket: the frame goes through the
 * shared schema (as the server's would) to every listener of the moment.
 */
export function serverSends(
  listeners: ReadonlySet<(message: IncomingSocketMessage) => void>,
  frame: unknown,
): void {
  const message = serverSocketMessageSchema.parse(JSON.parse(JSON.stringify(frame)));
  act(() => {
    for (const listener of [...listeners]) listener(message);
  });
}
