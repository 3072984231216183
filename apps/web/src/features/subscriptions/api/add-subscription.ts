import { type SubscriptionInput, subscriptionsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useStoreSubscription } from "./subscription-cache.ts";

/** Subscribes a client's establishment to a tariff; it waits for a client manager. */
export function addSubscription(api: ApiClient, clientId: string, input: SubscriptionInput) {
  return api.call(subscriptionsApi.addSubscription, { params: { userId: clientId }, body: input });
}

export function useAddSubscription(clientId: string) {
  const api = useApiClient();
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: (input: SubscriptionInput) => addSubscription(api, clientId, input),
    onSuccess: store,
  });
}
