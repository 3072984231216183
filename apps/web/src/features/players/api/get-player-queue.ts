import { type PlayNow, schedulesApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerQueryKey } from "./get-player.ts";

export function getPlayNow(api: ApiClient, id: string): Promise<PlayNow> {
  return api.call(schedulesApi.playNow, { params: { id }, query: {} });
}

export async function getPlayerQueue(api: ApiClient, id: string) {
  return api.call(schedulesApi.playerQueue, { params: { id }, query: {} });
}

/** Beside the player, so a change of its playlists or windows refreshes them. */
export const playNowQueryKey = (id: string) => [...playerQueryKey(id), "play-now"] as const;
export const playerQueueQueryKey = (id: string) => [...playerQueryKey(id), "queue"] as const;

export function playNowQueryOptions(api: ApiClient, id: string) {
  // The schedule's answer changes at window edges: a minute late at most.
  return queryOptions({
    queryKey: playNowQueryKey(id),
    queryFn: () => getPlayNow(api, id),
    refetchInterval: 60_000,
  });
}

export function playerQueueQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: playerQueueQueryKey(id),
    queryFn: () => getPlayerQueue(api, id),
  });
}

/** What the player plays now by its schedule, and until when. */
export function usePlayNow(id: string) {
  const api = useApiClient();
  return useQuery({ ...playNowQueryOptions(api, id), enabled: Boolean(id) });
}

/** The playlists of the coming 24 hours, slot by slot. */
export function usePlayerQueue(id: string) {
  const api = useApiClient();
  return useQuery({ ...playerQueueQueryOptions(api, id), enabled: Boolean(id) });
}
