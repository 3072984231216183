import { type EndpointBody, subscriptionsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useStoreSubscription } from "./subscription-cache.ts";

export type SubscriptionChange = EndpointBody<typeof subscriptionsApi.changeSubscription>;

/** Changes tariff, items, payer or period; the server prices it anew. */
export function changeSubscription(
  api: ApiClient,
  subscriptionId: string,
  change: SubscriptionChange,
) {
  return api.call(subscriptionsApi.changeSubscription, {
    params: { id: subscriptionId },
    body: change,
  });
}

export function useChangeSubscription(subscriptionId: string) {
  const api = useApiClient();
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: (change: SubscriptionChange) => changeSubscription(api, subscriptionId, change),
    onSuccess: store,
  });
}
