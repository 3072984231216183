import { playlistsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/**
 * The address of a playlist's preview track for `<audio src>`, with the
 * access token of this moment in `access_token` (the file answers HTTP
 * Range): take a fresh one for each new play, the token changing every 50 s.
 */
export function playlistSummaryTrackUrl(api: ApiClient, playlistId: string): string {
  return api.fileUrl(playlistsApi.getPlaylistSummaryTrack, { params: { id: playlistId } });
}
