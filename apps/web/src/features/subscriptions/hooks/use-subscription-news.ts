import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { createElement, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { pathTo } from "../../../config/paths.ts";
import { useAppServices, useSessionState } from "../../../lib/app-services.ts";
import { subscriptionQueueQueryKey } from "../api/list-subscriptions.ts";
import { subscriptionsQueryKey } from "../api/list-user-subscriptions.ts";
import { SubscriptionNotice } from "../components/subscription-notice.tsx";
import { SUBSCRIPTION_QUEUE_TEXTS } from "../subscription-texts.ts";

interface SubscriptionNewsOptions {
  /** Signed in with an account (a player device hears no such news). */
  enabled: boolean;
  /** Works the queue: told of a new subscription, and the queue's count read again on focus. */
  staff: boolean;
  /**
   * What other features show of a subscription (a venue's subscription, a
   * player's licence), read again with the subscriptions' own queries.
   */
  alsoRefresh: readonly QueryKey[];
}

/**
 * Keeps every screen that shows a subscription current when the socket
 * says one changed (issue 28): the owner's venue and subscriptions when
 * staff activate, suspend or end it; staff's queue, its badge and a
 * subscription's page when a client subscribes or another manager acts.
 * Staff also get a toast when a subscription comes that they did not
 * make, unless the queue is open. A socket that was away misses news: the
 * queue is read again when the window gets focus.
 */
export function useSubscriptionNews({ enabled, staff, alsoRefresh }: SubscriptionNewsOptions) {
  const { playerSocket } = useAppServices();
  const { userId } = useSessionState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The socket's listener reads these as they are now.
  const where = useRef(pathname);
  where.current = pathname;
  const refreshed = useRef(alsoRefresh);
  refreshed.current = alsoRefresh;

  useEffect(() => {
    if (!enabled) return;
    const queuePath = pathTo("SubscriptionBase");
    const stop = playerSocket.subscribe((message) => {
      if (message.type !== "subscriptionChanged") return;
      void queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey });
      for (const queryKey of refreshed.current) void queryClient.invalidateQueries({ queryKey });
      if (!staff || message.event !== "created" || message.authorId === userId) return;
      if (where.current === queuePath) return;
      toast.info(
        createElement(SubscriptionNotice, {
          text: SUBSCRIPTION_QUEUE_TEXTS.arrived(message.establishmentName, message.clientName),
          to: queuePath,
          onOpen: (to: string) => {
            void navigate(to);
          },
        }),
      );
    });
    if (!staff) return stop;
    const refetchQueue = () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionQueueQueryKey });
    };
    window.addEventListener("focus", refetchQueue);
    return () => {
      stop();
      window.removeEventListener("focus", refetchQueue);
    };
  }, [enabled, staff, userId, playerSocket, queryClient, navigate]);
}
