import { PAGING, playersApi, type StaffPlayer } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playersQueryKey } from "./list-user-players.ts";

export interface AllPlayersRequest {
  /** Counts from 0. */
  page: number;
  /** Words of the player's name, serial or address, or of its client or establishment; empty lists all. */
  query: string;
}

export interface StaffPlayersPage {
  data: StaffPlayer[];
  total: number;
  totalPages: number;
}

/** One page of every player (the players base), newest first, 30 a page. */
export function listAllPlayers(
  api: ApiClient,
  { page, query }: AllPlayersRequest,
): Promise<StaffPlayersPage> {
  return api.call(playersApi.listAllPlayers, {
    query: { page, count: PAGING.tablePageSize, sortBy: "createdAt", query: query || undefined },
  });
}

export function allPlayersQueryOptions(api: ApiClient, request: AllPlayersRequest) {
  return queryOptions({
    queryKey: [...playersQueryKey, "base", request] as const,
    queryFn: () => listAllPlayers(api, request),
    // The rows of the last answer stay while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

/** The players base (admin, client manager, support), a page at a time. */
export function useAllPlayers(request: AllPlayersRequest) {
  const api = useApiClient();
  return useQuery(allPlayersQueryOptions(api, request));
}
