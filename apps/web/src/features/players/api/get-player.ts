import { type Player, playersApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playersQueryKey } from "./list-user-players.ts";

export function getPlayer(api: ApiClient, id: string): Promise<Player> {
  return api.call(playersApi.getPlayer, { params: { id } });
}

/** One player; under `playersQueryKey`, so any change of players refreshes it. */
export const playerQueryKey = (id: string) => [...playersQueryKey, "one", id] as const;

export function playerQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: playerQueryKey(id),
    queryFn: () => getPlayer(api, id),
    // A 404 (not theirs, or removed) will not turn up on a retry.
    retry: false,
  });
}

/** One player its owner or staff may see. */
export function usePlayer(id: string) {
  const api = useApiClient();
  return useQuery({ ...playerQueryOptions(api, id), enabled: Boolean(id) });
}
