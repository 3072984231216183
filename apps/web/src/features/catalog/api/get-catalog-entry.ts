import type { CatalogEntry, CatalogKind } from "@fonika/shared";
import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { CATALOG_CALLS } from "./catalog-calls.ts";
import { catalogEntryQueryKey } from "./catalog-query-key.ts";

/** One entry of a kind with its song count as it is now. */
export function getCatalogEntry(api: ApiClient, kind: CatalogKind, id: string) {
  return api.call(CATALOG_CALLS[kind].get, { params: { id } });
}

/**
 * The entry read again, for a count no older than the question that shows
 * it; `shown` (the row it was picked from) stands in until the answer comes.
 * Nothing is asked while not `enabled` (once it is being removed).
 */
export function useCatalogEntry(kind: CatalogKind, shown: CatalogEntry, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogEntryQueryKey(kind, shown.id),
    queryFn: () => getCatalogEntry(api, kind, shown.id),
    placeholderData: shown,
    enabled,
    retry: false,
  });
}
