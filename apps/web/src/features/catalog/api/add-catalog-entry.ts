import type { CatalogKind } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { CATALOG_CALLS } from "./catalog-calls.ts";
import { catalogQueryKey } from "./catalog-query-key.ts";

/**
 * Adds an entry of a kind (content manager); answers it. A name the kind
 * already has, in any letter case, is refused with `duplicate-entry-error`.
 */
export function addCatalogEntry(api: ApiClient, kind: CatalogKind, name: string) {
  return api.call(CATALOG_CALLS[kind].add, { body: { name } });
}

export function useAddCatalogEntry(kind: CatalogKind) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => addCatalogEntry(api, kind, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
  });
}
