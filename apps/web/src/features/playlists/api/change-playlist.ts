import { type EndpointBody, playlistsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export type PlaylistChange = EndpointBody<typeof playlistsApi.changePlaylist>;

/** Changes a playlist's name, description, tags or current version. */
export function changePlaylist(api: ApiClient, playlistId: string, change: PlaylistChange) {
  return api.call(playlistsApi.changePlaylist, { params: { id: playlistId }, body: change });
}

export function useChangePlaylist(playlistId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (change: PlaylistChange) => changePlaylist(api, playlistId, change),
    onSuccess: invalidate,
  });
}
