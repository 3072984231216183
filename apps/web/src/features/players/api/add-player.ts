import { type PlayerAdd, playersApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playersQueryKey } from "./list-user-players.ts";

export function addPlayer(api: ApiClient, input: PlayerAdd) {
  return api.call(playersApi.addPlayer, { body: input });
}

/** Adds a web or box player to an establishment; answers the player made. */
export function useAddPlayer() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlayerAdd) => addPlayer(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playersQueryKey }),
  });
}
