import { type CatalogEntry, catalogApi } from "@fonika/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/**
 * The catalog's people a song credits (issue 32): authors and copyright
 * holders, found by part of the name as one types, and added in place when
 * the catalog has none of that name. (A feature does not import another:
 * the catalog screen's own calls live in features/catalog.)
 */
export type CreditKind = "author" | "copyright-holder";

const CALLS = {
  author: { list: catalogApi.listAuthors, add: catalogApi.addAuthor },
  "copyright-holder": { list: catalogApi.listCopyrightHolders, add: catalogApi.addCopyrightHolder },
} as const;

/** How many matches a picker offers at once. */
const MATCHES = 8;

export function searchCredits(api: ApiClient, kind: CreditKind, text: string) {
  return api.call(CALLS[kind].list, { query: { text, limit: MATCHES, offset: 0 } });
}

/** The entries whose name holds `text`, once `enabled`. */
export function useCreditSearch(kind: CreditKind, text: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["catalog", kind, "search", text] as const,
    queryFn: () => searchCredits(api, kind, text),
    enabled,
    staleTime: 30_000,
  });
}

/** Adds an entry of this name to the catalog; the catalog's answers are read again. */
export function useAddCredit(kind: CreditKind) {
  const api = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<CatalogEntry> =>
      api.call(CALLS[kind].add, { body: { name } }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ["catalog"] }),
  });
}
