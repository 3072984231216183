import { subscriptionsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { changeState, useStateChange } from "./state-change.ts";

/** Ends a subscription now (the client may cancel one still pending). */
export function endSubscription(api: ApiClient, subscriptionId: string) {
  return changeState(api, subscriptionsApi.endSubscription, subscriptionId);
}

export function useEndSubscription(subscriptionId: string) {
  return useStateChange(subscriptionsApi.endSubscription, subscriptionId);
}
