import { vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface MakePlaylistInput {
  /** The folder (or root) of the Playlists partition that receives it. */
  folderId: string;
  playlistId: string;
}

/** Places a playlist without a place into a folder of Playlists; answers its new entry. */
export function makePlaylist(api: ApiClient, { folderId, playlistId }: MakePlaylistInput) {
  return api.call(vaultApi.makePlaylist, {
    params: { id: folderId },
    body: { playlistId, partitionType: "playlists" },
  });
}

export function useMakePlaylist() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: MakePlaylistInput) => makePlaylist(api, input),
    onSuccess: invalidate,
  });
}
