import { subscriptionsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { changeState, useStateChange } from "./state-change.ts";

/** Suspends an active subscription. */
export function suspendSubscription(api: ApiClient, subscriptionId: string) {
  return changeState(api, subscriptionsApi.suspendSubscription, subscriptionId);
}

export function useSuspendSubscription(subscriptionId: string) {
  return useStateChange(subscriptionsApi.suspendSubscription, subscriptionId);
}
