import { authApi, playersApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** What the owner approves: the code, their establishment and, for a web player, its player. */
export interface DeviceApproval {
  code: string;
  establishmentId: string;
  /** A web player's code only: one of the establishment's web players; none makes a new one. */
  playerId?: string;
}

/** The approved device plays `player` (a web player's code), or any player of the venue (null). */
export interface ApprovedDevice {
  player: { id: string; name: string | null } | null;
}

/**
 * A venue owner approves the code a player shows, for one of their
 * establishments; the web player it is bound to is looked up for its name,
 * so that the owner is told which one will play (a new one is named by the
 * server); null when that look-up fails.
 */
export async function approveDeviceCode(
  api: ApiClient,
  approval: DeviceApproval,
): Promise<ApprovedDevice> {
  const { playerId } = await api.call(authApi.approveDeviceCode, { body: approval });
  if (!playerId) return { player: null };
  try {
    const player = await api.call(playersApi.getPlayer, { params: { id: playerId } });
    return { player: { id: playerId, name: player.name } };
  } catch {
    // The device is approved all the same; only its player's name is unknown here.
    return { player: { id: playerId, name: null } };
  }
}

export function useApproveDeviceCode() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (approval: DeviceApproval) => approveDeviceCode(api, approval),
  });
}
