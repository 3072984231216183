import { type PlayerAlert, playerAlertsApi } from "@fonika/shared";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient, useAppServices } from "../../../lib/app-services.ts";
import { playersQueryKey } from "./list-user-players.ts";

/**
 * How often the open alerts are asked again while the page is visible: the
 * server judges silence every 30 s, and a raised alert has no socket message.
 */
export const PLAYER_ALERTS_REFRESH_MS = 30_000;

/**
 * How long after a player's device says it plays the alerts are asked again:
 * the server clears the alert on that same news, a moment later.
 */
export const PLAYER_ALERTS_AFTER_PLAY_MS = 1_000;

/** The open silence alerts of a client's players: the caller's own, or (staff) `userId`'s. */
export function listPlayerAlerts(
  api: ApiClient,
  userId?: string,
): Promise<{ data: PlayerAlert[] }> {
  return api.call(playerAlertsApi.listPlayerAlerts, { query: { userId } });
}

export function playerAlertsQueryOptions(api: ApiClient, userId?: string) {
  return queryOptions({
    queryKey: [...playersQueryKey, "alerts", userId ?? "own"] as const,
    queryFn: () => listPlayerAlerts(api, userId),
    refetchInterval: PLAYER_ALERTS_REFRESH_MS,
  });
}

/**
 * The open silence alerts, kept fresh: every PLAYER_ALERTS_REFRESH_MS, and
 * soon after an alerted player's socket state says it plays again.
 */
export function usePlayerAlerts({ userId, enabled }: { userId?: string; enabled: boolean }) {
  const api = useApiClient();
  const { playerSocket } = useAppServices();
  const queryClient = useQueryClient();
  const alerts = useQuery({ ...playerAlertsQueryOptions(api, userId), enabled });
  const alerted = (alerts.data?.data ?? []).map((alert) => alert.playerId).join(" ");
  useEffect(() => {
    if (!enabled || alerted === "") return;
    const ids = new Set(alerted.split(" "));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = playerSocket.subscribe((message) => {
      if (message.type !== "playerState" || !ids.has(message.state.playerId)) return;
      if (!(message.state.online && message.state.playing) || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({
          queryKey: playerAlertsQueryOptions(api, userId).queryKey,
        });
      }, PLAYER_ALERTS_AFTER_PLAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [enabled, alerted, playerSocket, queryClient, api, userId]);
  return alerts;
}
