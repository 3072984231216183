import { type PlaylistWithTracks, playlistsApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playlistsQueryKey } from "./playlists-query-key.ts";

/** A playlist with the tracks of one version (its current one when none is named). */
export function getPlaylist(
  api: ApiClient,
  playlistId: string,
  versionId: string | null,
): Promise<PlaylistWithTracks> {
  return api.call(playlistsApi.getPlaylist, {
    params: { id: playlistId },
    query: { includeDeleted: "true", versionId: versionId ?? undefined },
  });
}

export function playlistQueryOptions(api: ApiClient, playlistId: string, versionId: string | null) {
  return queryOptions({
    queryKey: [...playlistsQueryKey, "one", playlistId, versionId] as const,
    queryFn: () => getPlaylist(api, playlistId, versionId),
    // The playlist stays on screen while another version's tracks load.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === playlistId ? keepPreviousData(previous) : undefined,
  });
}

export function usePlaylist(playlistId: string, versionId: string | null) {
  const api = useApiClient();
  return useQuery(playlistQueryOptions(api, playlistId, versionId));
}
