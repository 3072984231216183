import type { IncomingSocketMessage } from "@fonika/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAppServices } from "../../../lib/app-services.ts";
import { enquiriesQueryKey } from "../api/enquiries-query-key.ts";

export type SupportEnquiryMessage = Extract<IncomingSocketMessage, { type: "supportEnquiry" }>;

/**
 * Reads the enquiries anew whenever the app's socket says something
 * happened in one (a reply, a state, an assignee, a player command): the
 * lists, the open enquiry and the unread counter. `onMessage` hears each
 * such message too (the open enquiry marks itself read).
 */
export function useEnquiriesLive(onMessage?: (message: SupportEnquiryMessage) => void) {
  const { playerSocket } = useAppServices();
  const queryClient = useQueryClient();
  const listener = useRef(onMessage);
  listener.current = onMessage;
  useEffect(
    () =>
      playerSocket.subscribe((message) => {
        if (message.type !== "supportEnquiry") return;
        void queryClient.invalidateQueries({ queryKey: enquiriesQueryKey });
        listener.current?.(message);
      }),
    [playerSocket, queryClient],
  );
}
