import {
  PAGING,
  type PlayerAlertFilter,
  type PlayerPlayback,
  type PlayerSort,
  type PlayerStatus,
  type PlayerType,
  playersApi,
  type StaffPlayer,
} from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playersQueryKey } from "./list-user-players.ts";

/**
 * How often the players base asks again while the page is visible: staff
 * sockets get no player states (they go to a player's owner and device
 * only), so the live columns follow the devices by refetching.
 */
export const PLAYERS_BASE_REFRESH_MS = 10_000;

export interface AllPlayersFilters {
  /** Words of the player's name, serial or address, or of its client or establishment; empty lists all. */
  query: string;
  sortBy: PlayerSort;
  status?: PlayerStatus | undefined;
  playback?: PlayerPlayback | undefined;
  type?: PlayerType | undefined;
  alert?: PlayerAlertFilter | undefined;
}

export interface AllPlayersRequest extends AllPlayersFilters {
  /** Counts from 0. */
  page: number;
}

export interface StaffPlayersPage {
  data: StaffPlayer[];
  total: number;
  totalPages: number;
}

/** One page of every player (the players base) with its live state, 30 a page. */
export function listAllPlayers(
  api: ApiClient,
  { page, query, sortBy, status, playback, type, alert }: AllPlayersRequest,
): Promise<StaffPlayersPage> {
  return api.call(playersApi.listAllPlayers, {
    query: {
      page,
      count: PAGING.tablePageSize,
      sortBy,
      query: query || undefined,
      status,
      playback,
      type,
      alert,
    },
  });
}

export function allPlayersQueryOptions(api: ApiClient, request: AllPlayersRequest) {
  return queryOptions({
    queryKey: [...playersQueryKey, "base", request] as const,
    queryFn: () => listAllPlayers(api, request),
    // The rows of the last answer stay while the next page or search loads.
    placeholderData: keepPreviousData,
    // Only while the tab is visible (react-query pauses it in the background).
    refetchInterval: PLAYERS_BASE_REFRESH_MS,
  });
}

/** The players base (admin, client manager, support), a page at a time, kept fresh. */
export function useAllPlayers(request: AllPlayersRequest) {
  const api = useApiClient();
  return useQuery(allPlayersQueryOptions(api, request));
}
