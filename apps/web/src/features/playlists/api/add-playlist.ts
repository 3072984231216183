import { type EndpointBody, playlistsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export type NewPlaylist = EndpointBody<typeof playlistsApi.addPlaylist>;

/** Creates a playlist in a folder of the Playlists partition (default: its root). */
export function addPlaylist(api: ApiClient, playlist: NewPlaylist) {
  return api.call(playlistsApi.addPlaylist, { body: playlist });
}

export function useAddPlaylist() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (playlist: NewPlaylist) => addPlaylist(api, playlist),
    onSuccess: invalidate,
  });
}
