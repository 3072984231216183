import { playlistsApi, type Song } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { LIBRARY_QUERY_KEY } from "../../../lib/library-cache.ts";

/** The songs of a playlist's current version, in the order they play. */
export async function getPlaylistSongs(api: ApiClient, playlistId: string): Promise<Song[]> {
  const playlist = await api.call(playlistsApi.getPlaylist, {
    params: { id: playlistId },
    query: {},
  });
  return playlist.tracks.map((track) => track.song);
}

/**
 * Under the library's key: a playlist's new version or a song changed in
 * the library refreshes the remote's lists too.
 */
export function playlistSongsQueryOptions(api: ApiClient, playlistId: string) {
  return queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, "player-remote", "playlist-songs", playlistId] as const,
    queryFn: () => getPlaylistSongs(api, playlistId),
    staleTime: 60_000,
    retry: false,
  });
}

/** The songs of one of the player's playlists, for the remote; nothing is fetched without an id. */
export function usePlaylistSongs(playlistId: string | null | undefined) {
  const api = useApiClient();
  return useQuery({
    ...playlistSongsQueryOptions(api, playlistId ?? ""),
    enabled: Boolean(playlistId),
  });
}
