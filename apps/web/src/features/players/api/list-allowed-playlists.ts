import { PAGING, playlistsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export interface AllowedPlaylist {
  id: string;
  name: string;
  songCount: number;
}

/**
 * The playlists a client may play (their live tariffs' and those granted to
 * them), the only ones a player of theirs may hold. One call of the largest
 * page the API gives: a client's tariffs hold far fewer.
 */
export async function listAllowedPlaylists(
  api: ApiClient,
  userId: string,
): Promise<AllowedPlaylist[]> {
  const answer = await api.call(playlistsApi.listAllowedPlaylists, {
    params: { userId },
    query: { limit: PAGING.maxPageSize, offset: 0 },
  });
  return answer.data.map(({ id, name, songCount }) => ({ id, name, songCount }));
}

export function allowedPlaylistsQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ["allowed-playlists", userId] as const,
    queryFn: () => listAllowedPlaylists(api, userId),
  });
}

/** Fetched only while `enabled` (the picker is open). */
export function useAllowedPlaylists(userId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...allowedPlaylistsQueryOptions(api, userId), enabled });
}
