import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useApiClient } from "../../../lib/app-services.ts";
import { supportUnreadQueryKey } from "../api/get-support-unread.ts";
import { chatConversationsQueryKey } from "../api/list-chat-conversations.ts";
import { markChatRead } from "../api/mark-chat-read.ts";
import { type ChatThread, lastSeqFrom, lastSeqOf } from "../chat-thread.ts";

/**
 * Marks a conversation read while the viewer can see it (the screen shows
 * it and the tab is visible) and it has messages of the other side newer
 * than the last mark; the menu's counter and the list's are then asked anew.
 */
export function useChatRead(
  clientId: string,
  thread: ChatThread,
  viewerSide: "client" | "staff",
  shown: boolean,
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const marked = useRef(0);
  const newestOther = lastSeqFrom(thread, viewerSide === "client" ? "staff" : "client");
  const upTo = lastSeqOf(thread);

  useEffect(() => {
    if (!shown || newestOther <= marked.current) return;
    const mark = () => {
      if (document.visibilityState !== "visible" || newestOther <= marked.current) return;
      const before = marked.current;
      marked.current = upTo;
      markChatRead(api, clientId, upTo).then(
        () => {
          void queryClient.invalidateQueries({ queryKey: supportUnreadQueryKey });
          void queryClient.invalidateQueries({ queryKey: chatConversationsQueryKey });
        },
        () => {
          // Not marked: the next message or the next visit tries again.
          marked.current = before;
        },
      );
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [api, queryClient, clientId, shown, newestOther, upTo]);
}
