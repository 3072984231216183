import { authApi, type Player } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playersQueryKey } from "./list-user-players.ts";

/** How pairing ended: approved, or a web player's code typed on a box player's card. */
export type PairingOutcome = "approved" | "web-player-code";

/**
 * Pairs a player with the code its device shows (issue 28): the code is
 * approved for the player's venue and, for a web player, for this player.
 * A box plays the player of its serial number once its venue approves it;
 * a web player's code approved without a player would make a new web
 * player instead, so a box's card looks the code up first and refuses a
 * web player's.
 */
export async function pairPlayer(
  api: ApiClient,
  player: Pick<Player, "id" | "type" | "establishmentId">,
  code: string,
): Promise<PairingOutcome> {
  const { establishmentId } = player;
  if (player.type === "web") {
    await api.call(authApi.approveDeviceCode, {
      body: { code, establishmentId, playerId: player.id },
    });
    return "approved";
  }
  const device = await api.call(authApi.inspectDeviceCode, { body: { code } });
  if (device.kind === "webPlayer") return "web-player-code";
  await api.call(authApi.approveDeviceCode, { body: { code, establishmentId } });
  return "approved";
}

/** Pairs a player with its device's code; its music (a paired player's first) is read again. */
export function usePairPlayer(player: Pick<Player, "id" | "type" | "establishmentId">) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => pairPlayer(api, player, code),
    onSuccess: (outcome) => {
      if (outcome === "approved") void queryClient.invalidateQueries({ queryKey: playersQueryKey });
    },
  });
}
