import {
  PAGING,
  type Subscription,
  type SubscriptionState,
  subscriptionsApi,
} from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { subscriptionsQueryKey } from "./list-user-subscriptions.ts";

export interface SubscriptionsRequest {
  /** Counts from 0. */
  page: number;
  /** Words of the client's name or login, the establishment or the tariff; empty lists all. */
  query: string;
  state: SubscriptionState | null;
  /** Only subscriptions with items waiting for a client manager's approval. */
  awaitingApproval: boolean;
}

export interface SubscriptionsPage {
  data: Subscription[];
  total: number;
  totalPages: number;
}

/** One page of every subscription (admin, client manager), newest first. */
export function listSubscriptions(
  api: ApiClient,
  { page, query, state, awaitingApproval }: SubscriptionsRequest,
): Promise<SubscriptionsPage> {
  return api.call(subscriptionsApi.listSubscriptions, {
    query: {
      page,
      count: PAGING.tablePageSize,
      query: query || undefined,
      state: state ?? undefined,
      awaitingApproval: awaitingApproval ? "true" : undefined,
    },
  });
}

export function subscriptionsQueryOptions(api: ApiClient, request: SubscriptionsRequest) {
  return queryOptions({
    queryKey: [...subscriptionsQueryKey, "base", request] as const,
    queryFn: () => listSubscriptions(api, request),
    // The rows of the last answer stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

/** The subscription base, a page at a time. */
export function useSubscriptions(request: SubscriptionsRequest) {
  const api = useApiClient();
  return useQuery(subscriptionsQueryOptions(api, request));
}
