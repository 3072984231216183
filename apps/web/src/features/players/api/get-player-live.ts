import { type PlayerLiveSummary, playersApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { PLAYERS_BASE_REFRESH_MS } from "./list-all-players.ts";
import { playersQueryKey } from "./list-user-players.ts";

/** A player's live state, read-only (staff have no socket messages of it). */
export function getPlayerLive(api: ApiClient, id: string): Promise<PlayerLiveSummary> {
  return api.call(playersApi.getPlayerLive, { params: { id } });
}

export function playerLiveQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...playersQueryKey, "live", id] as const,
    queryFn: () => getPlayerLive(api, id),
    // Asked again as the players base is, while the page is visible.
    refetchInterval: PLAYERS_BASE_REFRESH_MS,
  });
}

/** A player's live state as staff read it, kept fresh. */
export function usePlayerLive(id: string) {
  const api = useApiClient();
  return useQuery(playerLiveQueryOptions(api, id));
}
