import type { PlayerLiveState, PlayerLiveSummary } from "@fonika/shared";
import { useQuery } from "@tanstack/react-query";
import { useApiClient } from "../../../lib/app-services.ts";
import { playerLiveQueryOptions } from "../api/get-player-live.ts";

/** Whether a player's device never came: it is not online and was never seen. */
export function neverConnected(live: Pick<PlayerLiveSummary, "online" | "lastSeenAt">): boolean {
  return !live.online && live.lastSeenAt === null;
}

/**
 * Whether its owner should be shown how to pair a player (issue 28): no
 * device ever played it. The socket's state decides when the socket has
 * told of the player; a player it has not told of (added after the socket
 * connected, or its snapshot still on the way) is asked about once over
 * HTTP. While nothing is known the answer is no, so a player that plays
 * never flashes the pairing form; once its device connects the socket's
 * state (online) ends the pairing at once.
 */
export function usePlayerAwaitsDevice(
  playerId: string,
  state: PlayerLiveState | null,
  enabled = true,
): boolean {
  const api = useApiClient();
  const summary = useQuery({
    ...playerLiveQueryOptions(api, playerId),
    refetchInterval: false,
    enabled: enabled && state === null,
  });
  if (!enabled) return false;
  if (state) return neverConnected(state);
  return summary.data ? neverConnected(summary.data) : false;
}
