import { type Song, songsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { songsQueryKey } from "./songs-query-key.ts";

export function getSongMeta(api: ApiClient, songId: string): Promise<Song> {
  return api.call(songsApi.getSongMeta, { params: { id: songId } });
}

export function songMetaQueryOptions(api: ApiClient, songId: string) {
  return queryOptions({
    queryKey: [...songsQueryKey, "meta", songId] as const,
    queryFn: () => getSongMeta(api, songId),
  });
}

/** A song with its meta; nothing is fetched without an id. */
export function useSongMeta(songId: string | null | undefined) {
  const api = useApiClient();
  return useQuery({ ...songMetaQueryOptions(api, songId ?? ""), enabled: Boolean(songId) });
}
