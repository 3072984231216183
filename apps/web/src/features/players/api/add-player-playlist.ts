import { playersApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerPlaylistsQueryKey } from "./list-player-playlists.ts";

export async function addPlayerPlaylist(api: ApiClient, id: string, playlistId: string) {
  const answer = await api.call(playersApi.addPlayerPlaylist, {
    params: { id },
    body: { playlistId },
  });
  return answer.data;
}

/** Puts a playlist the owner may play on a player; the answer is its playlists as they now are. */
export function useAddPlayerPlaylist(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playlistId: string) => addPlayerPlaylist(api, id, playlistId),
    onSuccess: (playlists) => queryClient.setQueryData(playerPlaylistsQueryKey(id), playlists),
  });
}
