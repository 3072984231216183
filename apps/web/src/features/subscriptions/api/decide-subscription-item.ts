import { subscriptionsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useStoreSubscription } from "./subscription-cache.ts";

export interface ItemDecision {
  itemId: string;
  approval: "approved" | "rejected";
}

/** Approves or rejects an item that needs a client manager's approval. */
export function decideSubscriptionItem(
  api: ApiClient,
  subscriptionId: string,
  { itemId, approval }: ItemDecision,
) {
  return api.call(subscriptionsApi.decideSubscriptionItem, {
    params: { id: subscriptionId, itemId },
    body: { approval },
  });
}

export function useDecideSubscriptionItem(subscriptionId: string) {
  const api = useApiClient();
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: (decision: ItemDecision) => decideSubscriptionItem(api, subscriptionId, decision),
    onSuccess: store,
  });
}
