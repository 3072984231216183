import { subscriptionsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { changeState, useStateChange } from "./state-change.ts";

/** Resumes a suspended subscription. */
export function resumeSubscription(api: ApiClient, subscriptionId: string) {
  return changeState(api, subscriptionsApi.resumeSubscription, subscriptionId);
}

export function useResumeSubscription(subscriptionId: string) {
  return useStateChange(subscriptionsApi.resumeSubscription, subscriptionId);
}
