import { PLAYER_UPDATES, type PlayerUpdate, playerUpdatesApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export const playerUpdatesQueryKey = ["player-updates"] as const;

export interface PlayerUpdatesRequest {
  /** Counts from 0. */
  page: number;
  /** Words of the name or version; empty lists all. */
  query: string;
}

export interface PlayerUpdatesPage {
  data: PlayerUpdate[];
  total: number;
  totalPages: number;
}

/** One page of player updates, newest upload first, 30 a page (SPEC.md §9). */
export function listPlayerUpdates(
  api: ApiClient,
  { page, query }: PlayerUpdatesRequest,
): Promise<PlayerUpdatesPage> {
  return api.call(playerUpdatesApi.listPlayerUpdates, {
    query: {
      limit: PLAYER_UPDATES.pageSize,
      offset: page * PLAYER_UPDATES.pageSize,
      query: query || undefined,
    },
  });
}

export function playerUpdatesQueryOptions(api: ApiClient, request: PlayerUpdatesRequest) {
  return queryOptions({
    queryKey: [...playerUpdatesQueryKey, request] as const,
    queryFn: () => listPlayerUpdates(api, request),
    // The rows of the last answer stay while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function usePlayerUpdates(request: PlayerUpdatesRequest) {
  const api = useApiClient();
  return useQuery(playerUpdatesQueryOptions(api, request));
}
