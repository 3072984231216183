import { playersApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerPlaylistsQueryKey } from "./list-player-playlists.ts";

export async function removePlayerPlaylist(api: ApiClient, id: string, playlistId: string) {
  const answer = await api.call(playersApi.removePlayerPlaylist, { params: { id, playlistId } });
  return answer.data;
}

/** Takes a playlist off a player; the answer is its playlists as they now are. */
export function useRemovePlayerPlaylist(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playlistId: string) => removePlayerPlaylist(api, id, playlistId),
    onSuccess: (playlists) => queryClient.setQueryData(playerPlaylistsQueryKey(id), playlists),
  });
}
