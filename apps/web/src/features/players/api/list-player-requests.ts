import { PAGING, type PlayerRequest, playersApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export interface PlayerRequestsPage {
  data: PlayerRequest[];
  total: number;
  totalPages: number;
}

/** One page of the clients' purchase and leave requests, newest first (staff). */
export function listPlayerRequests(api: ApiClient, page: number): Promise<PlayerRequestsPage> {
  return api.call(playersApi.listPlayerRequests, {
    query: { page, count: PAGING.tablePageSize },
  });
}

/** Every cached page of requests; a new request sent from this browser refreshes them. */
export const playerRequestsQueryKey = ["player-requests"] as const;

export function playerRequestsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...playerRequestsQueryKey, page] as const,
    queryFn: () => listPlayerRequests(api, page),
    placeholderData: keepPreviousData,
  });
}

export function usePlayerRequests(page: number) {
  const api = useApiClient();
  return useQuery(playerRequestsQueryOptions(api, page));
}
