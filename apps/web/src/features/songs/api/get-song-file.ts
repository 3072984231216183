import { songsApi } from "@fonika/shared";
import { useCallback } from "react";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/**
 * The address of a song's audio for `<audio src>`, with the access token
 * of this moment in `access_token` (the file answers HTTP Range).
 */
export function songFileUrl(api: ApiClient, songId: string): string {
  return api.fileUrl(songsApi.getSongFile, { params: { id: songId } });
}

/** Makes a fresh audio address at each call (a new play takes a fresh token). */
export function useSongFileUrl(): (songId: string) => string {
  const api = useApiClient();
  return useCallback((songId: string) => songFileUrl(api, songId), [api]);
}
