import { type Song, songsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { LIBRARY_QUERY_KEY } from "../../../lib/library-cache.ts";

export function getLiveSong(api: ApiClient, songId: string): Promise<Song> {
  return api.call(songsApi.getSongMeta, { params: { id: songId } });
}

/**
 * A song a player plays, by id. The key is the library's song meta key, so
 * the remote control and the library share one cache entry per song and a
 * change in the library refreshes it.
 */
export function liveSongQueryOptions(api: ApiClient, songId: string) {
  return queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, "songs", "meta", songId] as const,
    queryFn: () => getLiveSong(api, songId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The title, artists, length and cover flag of a song; nothing is fetched without an id. */
export function useLiveSong(songId: string | null | undefined) {
  const api = useApiClient();
  return useQuery({ ...liveSongQueryOptions(api, songId ?? ""), enabled: Boolean(songId) });
}

/** The address of a song's cover for `<img src>`, with the access token of this moment. */
export function songCoverUrl(api: ApiClient, songId: string): string {
  return api.fileUrl(songsApi.getSongAvatar, { params: { id: songId } });
}
