import { playlistsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/** Unmarks a favourite playlist of the user. */
export function removeFavouritePlaylist(api: ApiClient, userId: string, playlistId: string) {
  return api.call(playlistsApi.removeFavouritePlaylist, {
    params: { userId },
    body: { playlistId },
  });
}
