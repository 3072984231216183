import type { subscriptionsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useStoreSubscription } from "./subscription-cache.ts";

/** The calls that move a subscription's state; each takes only its id. */
export type StateChangeEndpoint =
  | typeof subscriptionsApi.activateSubscription
  | typeof subscriptionsApi.suspendSubscription
  | typeof subscriptionsApi.resumeSubscription
  | typeof subscriptionsApi.endSubscription;

export function changeState(api: ApiClient, endpoint: StateChangeEndpoint, subscriptionId: string) {
  return api.call(endpoint, { params: { id: subscriptionId } });
}

/** A state change of one subscription; its answer is cached, the lists fetched again. */
export function useStateChange(endpoint: StateChangeEndpoint, subscriptionId: string) {
  const api = useApiClient();
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: () => changeState(api, endpoint, subscriptionId),
    onSuccess: store,
  });
}
