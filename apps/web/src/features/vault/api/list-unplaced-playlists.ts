import { vaultApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { vaultQueryKey } from "./vault-query-key.ts";

/**
 * The playlists without a place in the tree (deleted for good while a
 * tariff held them), by name: one page of the largest size, as few exist.
 */
export function listUnplacedPlaylists(api: ApiClient) {
  return api.call(vaultApi.listUnplacedPlaylists, { query: {} });
}

export function unplacedPlaylistsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...vaultQueryKey, "unplaced-playlists"] as const,
    queryFn: () => listUnplacedPlaylists(api),
  });
}

/** The playlists a folder of Playlists may take in (make-playlist); `enabled` false asks nothing. */
export function useUnplacedPlaylists(enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...unplacedPlaylistsQueryOptions(api), enabled });
}
