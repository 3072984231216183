import { songsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/** The address of a song's cover for `<img src>`, with the current access token. */
export function songAvatarUrl(api: ApiClient, songId: string): string {
  return api.fileUrl(songsApi.getSongAvatar, { params: { id: songId } });
}
