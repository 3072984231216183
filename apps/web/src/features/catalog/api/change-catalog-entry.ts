import type { CatalogKind } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { LIBRARY_QUERY_KEY } from "../../../lib/library-cache.ts";
import { CATALOG_CALLS } from "./catalog-calls.ts";
import { catalogQueryKey } from "./catalog-query-key.ts";

/** Renames an entry of a kind (content manager); answers it. Songs show the new name. */
export function changeCatalogEntry(api: ApiClient, kind: CatalogKind, id: string, name: string) {
  return api.call(CATALOG_CALLS[kind].change, { params: { id }, body: { name } });
}

export function useChangeCatalogEntry(kind: CatalogKind, id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => changeCatalogEntry(api, kind, id, name),
    onSuccess: () => {
      // Songs carry the entry's name: the library's answers on screen are read again too,
      // without holding the dialog open until they come.
      void queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: catalogQueryKey });
    },
  });
}
