import { type ChatConversation, PAGING, supportApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient, useAppServices } from "../../../lib/app-services.ts";

export interface ChatConversationsPage {
  data: ChatConversation[];
  total: number;
  totalPages: number;
}

/**
 * One page of conversations, newest message first: every client's for
 * support and admins, the caller's own (one) for a client.
 */
export function listChatConversations(
  api: ApiClient,
  page: number,
): Promise<ChatConversationsPage> {
  return api.call(supportApi.listChatConversations, {
    query: { page, count: PAGING.tablePageSize },
  });
}

/** Every cached page of conversations: a chat message or read mark refreshes them. */
export const chatConversationsQueryKey = ["support", "chat", "conversations"] as const;

export function chatConversationsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...chatConversationsQueryKey, page] as const,
    queryFn: () => listChatConversations(api, page),
    placeholderData: keepPreviousData,
  });
}

/**
 * A page of conversations, read anew when the socket says a message came
 * or was read (the order, last messages and unread counts change).
 */
export function useChatConversations(page: number) {
  const api = useApiClient();
  const { playerSocket } = useAppServices();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      playerSocket.subscribe((message) => {
        if (message.type === "chatMessage" || message.type === "chatRead") {
          void queryClient.invalidateQueries({ queryKey: chatConversationsQueryKey });
        }
      }),
    [playerSocket, queryClient],
  );
  return useQuery(chatConversationsQueryOptions(api, page));
}
