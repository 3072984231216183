import { type SongMetaChange, songsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export function changeSongMeta(api: ApiClient, songId: string, change: SongMetaChange) {
  return api.call(songsApi.changeSongMeta, { params: { id: songId }, body: change });
}

/** Saves a song's meta; fields left out stay as they are. */
export function useChangeSongMeta(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (change: SongMetaChange) => changeSongMeta(api, songId, change),
    onSuccess: invalidate,
  });
}
