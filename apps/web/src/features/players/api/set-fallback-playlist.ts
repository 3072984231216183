import { type EstablishmentWeek, type Player, schedulesApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { establishmentWeekQueryKey } from "./get-establishment-week.ts";
import { playerQueryKey } from "./get-player.ts";

export async function setFallbackPlaylist(api: ApiClient, id: string, playlistId: string | null) {
  const answer = await api.call(schedulesApi.setFallbackPlaylist, {
    params: { id },
    body: { playlistId },
  });
  return answer.fallbackPlaylistId;
}

/** Sets what a player plays where no window does (null: silence); the player and its venue's week take the answer. */
export function useSetFallbackPlaylist(player: Pick<Player, "id" | "establishmentId">) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playlistId: string | null) => setFallbackPlaylist(api, player.id, playlistId),
    onSuccess: (fallbackPlaylistId) => {
      queryClient.setQueryData<Player>(playerQueryKey(player.id), (known) =>
        known ? { ...known, fallbackPlaylistId } : known,
      );
      queryClient.setQueryData<EstablishmentWeek>(
        establishmentWeekQueryKey(player.establishmentId),
        (week) =>
          week && {
            ...week,
            players: week.players.map((entry) =>
              entry.playerId === player.id ? { ...entry, fallbackPlaylistId } : entry,
            ),
          },
      );
    },
  });
}
