import { catalogApi, PAGING } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** Every genre, by name (there are few: one page holds them all). */
export function listGenres(api: ApiClient) {
  return api.call(catalogApi.listGenres, { query: { limit: PAGING.maxPageSize, offset: 0 } });
}

export function genresQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ["catalog", "genres"] as const,
    queryFn: () => listGenres(api),
    staleTime: 5 * 60_000,
  });
}

export function useGenres() {
  const api = useApiClient();
  return useQuery(genresQueryOptions(api));
}
