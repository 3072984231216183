import { accountsApi, subscriptionsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { subscriptionsQueryKey } from "./list-user-subscriptions.ts";
import { changeState } from "./state-change.ts";
import { useStoreSubscription } from "./subscription-cache.ts";

/** Which of the two calls refused: the account's activation, or the subscription's after it. */
export type ActivationStep = "client" | "subscription";

/** A refusal of the combined activation, naming its step and carrying the server's error. */
export class ActivationFailed extends Error {
  constructor(
    readonly step: ActivationStep,
    readonly reason: unknown,
  ) {
    super(`${step} activation failed`);
  }
}

/**
 * Staff's one tap for a new client (issue 28): the account waiting for
 * activation becomes a client's (the role change the client base makes,
 * POST /auth/role/{userId}/change to role-client), then the subscription
 * starts. The account first, as staff do it on the client's page. Throws
 * `ActivationFailed`; when the subscription's step fails the account stays
 * activated.
 */
export async function activateClientAndSubscription(
  api: ApiClient,
  { userId, subscriptionId }: { userId: string; subscriptionId: string },
) {
  try {
    await api.call(accountsApi.changeRole, {
      params: { userId },
      body: { newRole: "role-client" },
    });
  } catch (error) {
    throw new ActivationFailed("client", error);
  }
  try {
    return await changeState(api, subscriptionsApi.activateSubscription, subscriptionId);
  } catch (error) {
    throw new ActivationFailed("subscription", error);
  }
}

/**
 * The combined activation of one subscription and its client; the answer is
 * cached and every list read again, also after a failure (the account may
 * be activated already, and its rows say so).
 */
export function useActivateClientAndSubscription(target: {
  userId: string;
  subscriptionId: string;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: () => activateClientAndSubscription(api, target),
    onSuccess: store,
    onError: () =>
      queryClient.invalidateQueries({
        queryKey: subscriptionsQueryKey,
        predicate: (query) => query.queryKey[1] !== "one",
      }),
  });
}
