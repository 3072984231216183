import { PAGING, songsApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { songsQueryKey } from "./songs-query-key.ts";

export interface SongsRequest {
  /** Counts from 0. */
  page: number;
  pageSize?: number;
  orderBy?: "popular" | "lastAdded";
  artistName?: string;
  albumName?: string;
}

/** One page of the library's songs, newest first by default, by artist or album. */
export function listSongs(api: ApiClient, request: SongsRequest) {
  const pageSize = request.pageSize ?? PAGING.searchPageSize;
  return api.call(songsApi.listSongs, {
    query: {
      limit: pageSize,
      offset: request.page * pageSize,
      orderBy: request.orderBy ?? "lastAdded",
      artistName: request.artistName || undefined,
      albumName: request.albumName || undefined,
    },
  });
}

export function songsQueryOptions(api: ApiClient, request: SongsRequest) {
  return queryOptions({
    queryKey: [...songsQueryKey, "list", request] as const,
    queryFn: () => listSongs(api, request),
    placeholderData: keepPreviousData,
  });
}

export function useSongs(request: SongsRequest) {
  const api = useApiClient();
  return useQuery(songsQueryOptions(api, request));
}
