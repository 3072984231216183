import { playersApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playlistPlayersQueryKey } from "./list-playlist-players.ts";

/** Puts a playlist on one of its owner's players (the server refuses one its venue does not offer). */
export async function addPlaylistToPlayer(api: ApiClient, playerId: string, playlistId: string) {
  const answer = await api.call(playersApi.addPlayerPlaylist, {
    params: { id: playerId },
    body: { playlistId },
  });
  return answer.data;
}

/**
 * «Добавить на плеер» from a playlist: the playlist's players are read
 * again; the player's own screens read their playlists when they open.
 */
export function useAddPlaylistToPlayer(userId: string, playlistId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playerId: string) => addPlaylistToPlayer(api, playerId, playlistId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: playlistPlayersQueryKey(userId, playlistId) }),
  });
}
