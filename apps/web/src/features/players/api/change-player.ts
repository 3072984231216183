import { type Player, type playerChangeSchema, playersApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerQueryKey } from "./get-player.ts";

export type PlayerChange = z.input<typeof playerChangeSchema>;

export function changePlayer(api: ApiClient, id: string, change: PlayerChange): Promise<Player> {
  return api.call(playersApi.changePlayer, { params: { id }, body: change });
}

/** Changes a player's name, address or crossfade; the player's page takes the answer. */
export function useChangePlayer(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PlayerChange) => changePlayer(api, id, change),
    onSuccess: (player) => queryClient.setQueryData<Player>(playerQueryKey(id), player),
  });
}
