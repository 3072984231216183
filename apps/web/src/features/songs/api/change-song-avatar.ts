import { songsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

/** Replaces a song's cover (JPEG, PNG or WebP). */
export function changeSongAvatar(api: ApiClient, songId: string, file: File) {
  return api.upload(songsApi.changeSongAvatar, { params: { id: songId }, file });
}

export function useChangeSongAvatar(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (file: File) => changeSongAvatar(api, songId, file),
    onSuccess: invalidate,
  });
}
