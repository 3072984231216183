import { type PlayerPlaylist, playersApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerQueryKey } from "./get-player.ts";

export async function listPlayerPlaylists(api: ApiClient, id: string): Promise<PlayerPlaylist[]> {
  const answer = await api.call(playersApi.listPlayerPlaylists, { params: { id } });
  return answer.data;
}

/** A player's playlists; beside the player, so removing it drops them too. */
export const playerPlaylistsQueryKey = (id: string) =>
  [...playerQueryKey(id), "playlists"] as const;

export function playerPlaylistsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: playerPlaylistsQueryKey(id),
    queryFn: () => listPlayerPlaylists(api, id),
  });
}

/** The playlists put on a player, each marked playable or not. */
export function usePlayerPlaylists(id: string) {
  const api = useApiClient();
  return useQuery({ ...playerPlaylistsQueryOptions(api, id), enabled: Boolean(id) });
}
