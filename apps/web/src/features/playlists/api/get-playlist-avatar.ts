import { playlistsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/** The address of a playlist's cover for `<img src>`, with the current access token. */
export function playlistAvatarUrl(api: ApiClient, playlistId: string): string {
  return api.fileUrl(playlistsApi.getPlaylistAvatar, { params: { id: playlistId } });
}
