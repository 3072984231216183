import { type CatalogKind, PAGING } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { CATALOG_CALLS } from "./catalog-calls.ts";
import { catalogQueryKey } from "./catalog-query-key.ts";

/** The catalog screen's page: SPEC.md §9's table page, the same for the three kinds. */
export const CATALOG_PAGE_SIZE = PAGING.tablePageSize;

export interface CatalogEntriesRequest {
  kind: CatalogKind;
  /** Part of the name (any case, ё = е); empty lists every entry. */
  query: string;
  /** Counts from 0. */
  page: number;
}

/** One page of a kind's entries, ordered by name, each with how many songs point at it. */
export function listCatalogEntries(api: ApiClient, { kind, query, page }: CatalogEntriesRequest) {
  return api.call(CATALOG_CALLS[kind].list, {
    query: {
      text: query || undefined,
      limit: CATALOG_PAGE_SIZE,
      offset: page * CATALOG_PAGE_SIZE,
    },
  });
}

export function catalogEntriesQueryOptions(api: ApiClient, request: CatalogEntriesRequest) {
  return queryOptions({
    queryKey: [...catalogQueryKey, request.kind, "page", request] as const,
    queryFn: () => listCatalogEntries(api, request),
    // The rows of the last answer stay while the next page or search loads
    // (the screen gives each kind a list of its own, so no kind shows another's).
    placeholderData: keepPreviousData,
  });
}

export function useCatalogEntries(request: CatalogEntriesRequest) {
  const api = useApiClient();
  return useQuery(catalogEntriesQueryOptions(api, request));
}
