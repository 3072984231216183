import type { CatalogKind } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { LIBRARY_QUERY_KEY } from "../../../lib/library-cache.ts";
import { CATALOG_CALLS } from "./catalog-calls.ts";
import {
  authorAttachmentsQueryKey,
  catalogEntryQueryKey,
  catalogQueryKey,
} from "./catalog-query-key.ts";

/**
 * Removes an entry of a kind for good (content manager): songs that pointed
 * at it point at none, and an author's documents go with it.
 */
export function removeCatalogEntry(api: ApiClient, kind: CatalogKind, id: string) {
  return api.call(CATALOG_CALLS[kind].remove, { params: { id } });
}

export function useRemoveCatalogEntry(kind: CatalogKind, id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeCatalogEntry(api, kind, id),
    onSuccess: () => {
      // The removed entry is not asked for again (it would answer 404).
      queryClient.removeQueries({ queryKey: catalogEntryQueryKey(kind, id) });
      if (kind === "author") queryClient.removeQueries({ queryKey: authorAttachmentsQueryKey(id) });
      // Songs lose the entry: the library's answers on screen are read again too,
      // without holding the dialog open until they come.
      void queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: catalogQueryKey });
    },
  });
}
