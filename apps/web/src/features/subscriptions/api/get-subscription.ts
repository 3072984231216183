import { type Subscription, subscriptionsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { subscriptionsQueryKey } from "./list-user-subscriptions.ts";

/** One subscription with its items, prices and what the viewer may do with it. */
export function getSubscription(api: ApiClient, subscriptionId: string): Promise<Subscription> {
  return api.call(subscriptionsApi.getSubscription, { params: { id: subscriptionId } });
}

export function subscriptionQueryKey(subscriptionId: string) {
  return [...subscriptionsQueryKey, "one", subscriptionId] as const;
}

export function subscriptionQueryOptions(api: ApiClient, subscriptionId: string) {
  return queryOptions({
    queryKey: subscriptionQueryKey(subscriptionId),
    queryFn: () => getSubscription(api, subscriptionId),
  });
}

export function useSubscription(subscriptionId: string) {
  const api = useApiClient();
  return useQuery(subscriptionQueryOptions(api, subscriptionId));
}
