import type { Subscription } from "@fonika/shared";
import { useQueryClient } from "@tanstack/react-query";
import { subscriptionQueryKey } from "./get-subscription.ts";
import { subscriptionsQueryKey } from "./list-user-subscriptions.ts";

/**
 * After a call answers with a subscription: that answer becomes the cached
 * one at once (so the screen shows its new state and abilities), and every
 * list of subscriptions is fetched again.
 */
export function useStoreSubscription() {
  const queryClient = useQueryClient();
  return async (subscription: Subscription) => {
    queryClient.setQueryData(subscriptionQueryKey(subscription.id), subscription);
    await queryClient.invalidateQueries({
      queryKey: subscriptionsQueryKey,
      predicate: (query) => query.queryKey[1] !== "one",
    });
  };
}
