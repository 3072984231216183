import { playersApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerQueryKey } from "./get-player.ts";
import { playerPlaylistsQueryKey } from "./list-player-playlists.ts";
import { playersQueryKey } from "./list-user-players.ts";

export async function removePlayerPlaylist(api: ApiClient, id: string, playlistId: string) {
  const answer = await api.call(playersApi.removePlayerPlaylist, { params: { id, playlistId } });
  return answer.data;
}

/**
 * Takes a playlist off a player; the answer is its playlists as they now
 * are. Its windows and its place as the fallback go with it, so the player
 * and its venue's week are read again.
 */
export function useRemovePlayerPlaylist(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playlistId: string) => removePlayerPlaylist(api, id, playlistId),
    onSuccess: async (playlists) => {
      queryClient.setQueryData(playerPlaylistsQueryKey(id), playlists);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: playerQueryKey(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: [...playersQueryKey, "week"] }),
      ]);
    },
  });
}
