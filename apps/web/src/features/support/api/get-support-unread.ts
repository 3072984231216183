import { type SupportUnread, supportApi } from "@fonika/shared";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient, useAppServices } from "../../../lib/app-services.ts";
import { enquiriesQueryKey } from "./enquiries-query-key.ts";

/** The caller's unread enquiry replies and chat messages, for the menu's counters. */
export function getSupportUnread(api: ApiClient): Promise<SupportUnread> {
  return api.call(supportApi.getSupportUnread);
}

/** Under the enquiries' key: a new reply or a read mark that refreshes them refreshes the counter too. */
export const supportUnreadQueryKey = [...enquiriesQueryKey, "unread"] as const;

export function supportUnreadQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: supportUnreadQueryKey, queryFn: () => getSupportUnread(api) });
}

/**
 * The menu's unread counters, kept fresh: asked again when the socket says
 * a chat message came or was read or an enquiry changed, and when the
 * window gets focus (what happened while the socket was away).
 */
export function useSupportUnread(enabled: boolean) {
  const api = useApiClient();
  const { playerSocket } = useAppServices();
  const queryClient = useQueryClient();
  const unread = useQuery({ ...supportUnreadQueryOptions(api), enabled });
  useEffect(() => {
    if (!enabled) return;
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: supportUnreadQueryKey });
    };
    const stop = playerSocket.subscribe((message) => {
      if (
        message.type === "chatMessage" ||
        message.type === "chatRead" ||
        message.type === "supportEnquiry"
      ) {
        refetch();
      }
    });
    window.addEventListener("focus", refetch);
    return () => {
      stop();
      window.removeEventListener("focus", refetch);
    };
  }, [enabled, playerSocket, queryClient]);
  return unread;
}
