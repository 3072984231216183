import { type SongsCreditsChange, songsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export function changeSongsCredits(api: ApiClient, change: SongsCreditsChange) {
  return api.call(songsApi.changeSongsCredits, { body: change });
}

/** Credits many songs at once (all or none); the library's answers are read again. */
export function useChangeSongsCredits() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (change: SongsCreditsChange) => changeSongsCredits(api, change),
    onSuccess: invalidate,
  });
}
