import { type Tariff, type tariffSortSchema, tariffsApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { tariffsQueryKey } from "./tariffs-query-key.ts";

export type TariffSort = z.infer<typeof tariffSortSchema>;

export interface AllTariffsRequest {
  /** Words of the name; empty lists them all. */
  query: string;
  sortBy: TariffSort;
}

/** Every tariff, active or not (admin). */
export async function listAllTariffs(
  api: ApiClient,
  { query, sortBy }: AllTariffsRequest,
): Promise<Tariff[]> {
  const answer = await api.call(tariffsApi.listAllTariffs, {
    query: { query: query || undefined, sortBy },
  });
  return answer.data;
}

export function allTariffsQueryOptions(api: ApiClient, request: AllTariffsRequest) {
  return queryOptions({
    queryKey: [...tariffsQueryKey, "all", request] as const,
    queryFn: () => listAllTariffs(api, request),
    // The rows of the last answer stay while another search or order loads.
    placeholderData: keepPreviousData,
  });
}

/** The admin's list of tariffs. */
export function useAllTariffs(request: AllTariffsRequest) {
  const api = useApiClient();
  return useQuery(allTariffsQueryOptions(api, request));
}
