import { tariffsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import type { UserTariffPlaylist } from "./add-user-tariff-playlist.ts";
import { replaceUserTariff } from "./replace-user-tariff.ts";

/** Withdraws a playlist granted to a client under a tariff (admin, client manager). */
export function removeUserTariffPlaylist(
  api: ApiClient,
  userId: string,
  { tariffId, playlistId }: UserTariffPlaylist,
) {
  return api.call(tariffsApi.removeUserTariffPlaylist, {
    params: { userId, tariffId, playlistId },
  });
}

export function useRemoveUserTariffPlaylist(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grant: UserTariffPlaylist) => removeUserTariffPlaylist(api, userId, grant),
    onSuccess: (tariff) => replaceUserTariff(queryClient, userId, tariff),
  });
}
