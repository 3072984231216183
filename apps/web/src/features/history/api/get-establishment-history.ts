import { historyApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import type { HistoryFilter } from "../hooks/use-history-filter.ts";
import { historyQueryKey } from "./get-player-history.ts";

/** One page of an establishment's plays across its players, with its zone and name. */
export function getEstablishmentHistory(
  api: ApiClient,
  establishmentId: string,
  filter: HistoryFilter,
) {
  return api.call(historyApi.establishmentHistory, {
    params: { id: establishmentId },
    query: { from: filter.from, to: filter.to, page: filter.page },
  });
}

export function establishmentHistoryQueryOptions(
  api: ApiClient,
  establishmentId: string,
  filter: HistoryFilter,
) {
  return queryOptions({
    queryKey: [...historyQueryKey, "establishment", establishmentId, filter] as const,
    queryFn: () => getEstablishmentHistory(api, establishmentId, filter),
    placeholderData: keepPreviousData,
  });
}

/** An establishment's history; asks nothing while the period is invalid. */
export function useEstablishmentHistory(
  establishmentId: string,
  filter: HistoryFilter,
  enabled = true,
) {
  const api = useApiClient();
  return useQuery({ ...establishmentHistoryQueryOptions(api, establishmentId, filter), enabled });
}
