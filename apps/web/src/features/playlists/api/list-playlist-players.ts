import { playersApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playlistsQueryKey } from "./playlists-query-key.ts";

/** The ids of a client's players that hold a playlist. */
export async function listPlaylistPlayerIds(
  api: ApiClient,
  userId: string,
  playlistId: string,
): Promise<Set<string>> {
  const answer = await api.call(playersApi.listPlaylistPlayers, { params: { userId, playlistId } });
  return new Set(answer.data.map((player) => player.id));
}

/** Where a playlist is on a client's players; refreshed with the library and when it is added. */
export const playlistPlayersQueryKey = (userId: string, playlistId: string) =>
  [...playlistsQueryKey, "players", userId, playlistId] as const;

export function playlistPlayersQueryOptions(api: ApiClient, userId: string, playlistId: string) {
  return queryOptions({
    queryKey: playlistPlayersQueryKey(userId, playlistId),
    queryFn: () => listPlaylistPlayerIds(api, userId, playlistId),
  });
}

/** Which of the client's players already hold the playlist («Добавить на плеер» marks them). */
export function usePlaylistPlayerIds(userId: string, playlistId: string) {
  const api = useApiClient();
  return useQuery(playlistPlayersQueryOptions(api, userId, playlistId));
}
