import { tariffsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { replaceUserTariff } from "./replace-user-tariff.ts";

export interface UserTariffPlaylist {
  tariffId: string;
  playlistId: string;
}

/** Grants a client one more playlist under a tariff they hold (admin, client manager). */
export function addUserTariffPlaylist(
  api: ApiClient,
  userId: string,
  { tariffId, playlistId }: UserTariffPlaylist,
) {
  return api.call(tariffsApi.addUserTariffPlaylist, {
    params: { userId, tariffId },
    body: { playlistId },
  });
}

export function useAddUserTariffPlaylist(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grant: UserTariffPlaylist) => addUserTariffPlaylist(api, userId, grant),
    onSuccess: (tariff) => replaceUserTariff(queryClient, userId, tariff),
  });
}
