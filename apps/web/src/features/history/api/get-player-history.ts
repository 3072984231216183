import { historyApi, type PlayHistoryPage } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import type { HistoryFilter } from "../hooks/use-history-filter.ts";

/** Every cached answer about broadcast history. */
export const historyQueryKey = ["history"] as const;

/** One page of a player's plays, newest first, of a period of venue days. */
export function getPlayerHistory(
  api: ApiClient,
  playerId: string,
  filter: HistoryFilter,
): Promise<PlayHistoryPage> {
  return api.call(historyApi.playerHistory, {
    params: { id: playerId },
    query: { from: filter.from, to: filter.to, page: filter.page },
  });
}

export function playerHistoryQueryOptions(api: ApiClient, playerId: string, filter: HistoryFilter) {
  return queryOptions({
    queryKey: [...historyQueryKey, "player", playerId, filter] as const,
    queryFn: () => getPlayerHistory(api, playerId, filter),
    placeholderData: keepPreviousData,
  });
}

/** A player's history; asks nothing while the period is invalid. */
export function usePlayerHistory(playerId: string, filter: HistoryFilter, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...playerHistoryQueryOptions(api, playerId, filter), enabled });
}
