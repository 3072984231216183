import { playlistsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

/** Replaces a playlist's cover (JPEG, PNG or WebP). */
export function changePlaylistAvatar(api: ApiClient, playlistId: string, file: File) {
  return api.upload(playlistsApi.changePlaylistAvatar, { params: { id: playlistId }, file });
}

export function useChangePlaylistAvatar() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ playlistId, file }: { playlistId: string; file: File }) =>
      changePlaylistAvatar(api, playlistId, file),
    onSuccess: invalidate,
  });
}
