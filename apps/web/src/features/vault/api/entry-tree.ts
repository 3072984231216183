import { vaultApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { vaultQueryKey } from "./vault-query-key.ts";

/** The entry with its folders, playlists and versions below it (no tracks). */
export function getEntryTree(api: ApiClient, entryId: string) {
  return api.call(vaultApi.entryTree, { params: { id: entryId } });
}

export function entryTreeQueryOptions(api: ApiClient, entryId: string) {
  return queryOptions({
    queryKey: [...vaultQueryKey, "tree", entryId] as const,
    queryFn: () => getEntryTree(api, entryId),
    staleTime: 30_000,
  });
}

/** The side menu's tree below a partition root. */
export function useEntryTree(entryId: string, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...entryTreeQueryOptions(api, entryId), enabled });
}
