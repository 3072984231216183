import { subscriptionsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { changeState, useStateChange } from "./state-change.ts";

/** Starts a pending subscription (every item needing approval decided); its period runs from now. */
export function activateSubscription(api: ApiClient, subscriptionId: string) {
  return changeState(api, subscriptionsApi.activateSubscription, subscriptionId);
}

export function useActivateSubscription(subscriptionId: string) {
  return useStateChange(subscriptionsApi.activateSubscription, subscriptionId);
}
