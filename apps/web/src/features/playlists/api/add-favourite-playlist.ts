import { playlistsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/** Marks a playlist as a favourite of the user. */
export function addFavouritePlaylist(api: ApiClient, userId: string, playlistId: string) {
  return api.call(playlistsApi.addFavouritePlaylist, { params: { userId }, body: { playlistId } });
}
