import { type ChatMessage, supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

export interface ChatMessagesPage {
  data: ChatMessage[];
  hasMore: boolean;
}

/** Which messages to read: the newest page, those `before` a seq (older), or `after` one (missed). */
export type ChatMessagesWindow = { before?: number; after?: number };

/** A page of a conversation's messages in seq order (SUPPORT.chatPageSize by default). */
export function listChatMessages(
  api: ApiClient,
  clientId: string,
  window: ChatMessagesWindow = {},
): Promise<ChatMessagesPage> {
  return api.call(supportApi.listChatMessages, {
    params: { clientId },
    query: { before: window.before, after: window.after },
  });
}
