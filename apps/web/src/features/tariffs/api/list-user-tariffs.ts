import { tariffsApi, type UserTariff } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { userTariffsQueryKey } from "./user-tariffs-query-key.ts";

/** The tariffs a client's establishments are subscribed to, with the playlists each grants them. */
export async function listUserTariffs(api: ApiClient, userId: string): Promise<UserTariff[]> {
  const answer = await api.call(tariffsApi.listUserTariffs, { params: { userId }, query: {} });
  return answer.data;
}

export function userTariffsQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: userTariffsQueryKey(userId),
    queryFn: () => listUserTariffs(api, userId),
  });
}

/** One client's tariffs and playlists (staff on the client's page). */
export function useUserTariffs(userId: string) {
  const api = useApiClient();
  return useQuery(userTariffsQueryOptions(api, userId));
}
