import { PAGING, searchApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** The first page of suggestions for `text` (songs, artists, albums, playlists, tags), best first. */
export function commonSearch(api: ApiClient, text: string, signal?: AbortSignal) {
  return api.call(searchApi.commonSearch, {
    query: { text, limit: PAGING.searchPageSize, offset: 0 },
    signal,
  });
}

export function commonSearchQueryOptions(api: ApiClient, text: string) {
  return queryOptions({
    queryKey: ["search", "common", text] as const,
    queryFn: ({ signal }) => commonSearch(api, text, signal),
    enabled: text.length > 0,
    // The last suggestions stay under the box while the next ones load.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Suggestions for `text` (already trimmed); idle while it is empty. */
export function useCommonSearch(text: string) {
  const api = useApiClient();
  return useQuery(commonSearchQueryOptions(api, text));
}
