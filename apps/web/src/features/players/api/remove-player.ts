import { type Player, playersApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerQueryKey } from "./get-player.ts";
import { playersQueryKey } from "./list-user-players.ts";

export function removePlayer(api: ApiClient, player: Pick<Player, "id" | "userId">) {
  return api.call(playersApi.removePlayer, { params: { id: player.id, userId: player.userId } });
}

/** Removes a player with its playlists; the lists of players are fetched again. */
export function useRemovePlayer() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (player: Pick<Player, "id" | "userId">) => removePlayer(api, player),
    onSuccess: async (_answer, player) => {
      queryClient.removeQueries({ queryKey: playerQueryKey(player.id) });
      await queryClient.invalidateQueries({ queryKey: playersQueryKey });
    },
  });
}
