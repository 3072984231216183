import { type Subscription, subscriptionsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export async function listUserSubscriptions(
  api: ApiClient,
  userId: string,
): Promise<Subscription[]> {
  const answer = await api.call(subscriptionsApi.listUserSubscriptions, { params: { userId } });
  return answer.data;
}

/** Every list of subscriptions (a client's, the base); invalidated when one changes. */
export const subscriptionsQueryKey = ["subscriptions"] as const;

export function userSubscriptionsQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: [...subscriptionsQueryKey, "user", userId] as const,
    queryFn: () => listUserSubscriptions(api, userId),
  });
}

/** A client's subscriptions, newest first. */
export function useUserSubscriptions(userId: string | null) {
  const api = useApiClient();
  return useQuery({
    ...userSubscriptionsQueryOptions(api, userId ?? ""),
    enabled: Boolean(userId),
  });
}
