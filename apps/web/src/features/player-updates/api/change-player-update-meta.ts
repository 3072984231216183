import { type PlayerUpdateMeta, playerUpdatesApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerUpdatesQueryKey } from "./list-player-updates.ts";

/** Renames an update or corrects its version; answers the update. */
export function changePlayerUpdateMeta(api: ApiClient, updateId: string, meta: PlayerUpdateMeta) {
  return api.call(playerUpdatesApi.changePlayerUpdateMeta, { params: { updateId }, body: meta });
}

export function useChangePlayerUpdateMeta(updateId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meta: PlayerUpdateMeta) => changePlayerUpdateMeta(api, updateId, meta),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerUpdatesQueryKey }),
  });
}
