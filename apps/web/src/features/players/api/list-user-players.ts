import { PAGING, type Player, playersApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** Every cached answer about players; invalidated when one is added, changed or removed. */
export const playersQueryKey = ["players"] as const;

/**
 * A client's players, oldest first, optionally of one establishment. One call
 * holds up to `PAGING.playersFetchLimit` (500) players, far more than a
 * client keeps, so the screens ask once.
 */
export function listUserPlayers(
  api: ApiClient,
  userId: string,
  establishmentId?: string,
): Promise<{ data: Player[]; total: number; totalPages: number }> {
  return api.call(playersApi.listUserPlayers, {
    params: { userId },
    query: { limit: PAGING.playersFetchLimit, offset: 0, establishmentId },
  });
}

export function userPlayersQueryOptions(api: ApiClient, userId: string, establishmentId?: string) {
  return queryOptions({
    queryKey: [...playersQueryKey, "of-user", userId, establishmentId ?? "all"] as const,
    queryFn: () => listUserPlayers(api, userId, establishmentId),
  });
}

/** A client's players (their own, or staff reading a client's); all of them without `establishmentId`. */
export function useUserPlayers(userId: string | null, establishmentId?: string) {
  const api = useApiClient();
  return useQuery({
    ...userPlayersQueryOptions(api, userId ?? "", establishmentId),
    enabled: Boolean(userId),
  });
}
