import { playlistsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

/** Moves a playlist to the trash. */
export function removePlaylist(api: ApiClient, playlistId: string) {
  return api.call(playlistsApi.removePlaylist, { params: { id: playlistId } });
}

export function useRemovePlaylist() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (playlistId: string) => removePlaylist(api, playlistId),
    onSuccess: invalidate,
  });
}
