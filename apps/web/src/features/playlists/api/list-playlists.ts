import { PAGING, playlistsApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playlistsQueryKey } from "./playlists-query-key.ts";

/** Playlists whose name or tags hold the words of `text` (all of them without). */
export function listPlaylists(api: ApiClient, text: string) {
  return api.call(playlistsApi.listPlaylists, {
    query: { text: text.trim() || undefined, limit: PAGING.searchPageSize, offset: 0 },
  });
}

export function playlistsQueryOptions(api: ApiClient, text: string) {
  return queryOptions({
    queryKey: [...playlistsQueryKey, "list", text.trim()] as const,
    queryFn: () => listPlaylists(api, text),
    placeholderData: keepPreviousData,
  });
}

/** The playlists to pick a version from (AddAudios). */
export function usePlaylists(text: string) {
  const api = useApiClient();
  return useQuery(playlistsQueryOptions(api, text));
}
