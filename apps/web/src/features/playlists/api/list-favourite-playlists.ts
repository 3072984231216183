import { PAGING, playlistsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playlistsQueryKey } from "./playlists-query-key.ts";

/** One page of the user's favourite playlists, latest first. */
export function listFavouritePlaylists(
  api: ApiClient,
  userId: string,
  paging: { limit: number; offset: number },
) {
  return api.call(playlistsApi.listFavouritePlaylists, { params: { userId }, query: paging });
}

/**
 * The ids of all the user's favourites, read in the largest pages the
 * contract allows: a list marks each playlist it shows, whichever page of
 * the favourites it sits on.
 */
export async function favouritePlaylistIds(api: ApiClient, userId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += PAGING.maxPageSize) {
    const page = await listFavouritePlaylists(api, userId, { limit: PAGING.maxPageSize, offset });
    ids.push(...page.data.map((playlist) => playlist.id));
    if (page.data.length < PAGING.maxPageSize || ids.length >= page.total) return ids;
  }
}

/** Where the favourites of a user are cached (the add and remove calls update it at once). */
export function favouritesQueryKey(userId: string) {
  return [...playlistsQueryKey, "favourites", userId] as const;
}

export function favouritePlaylistIdsQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: favouritesQueryKey(userId),
    queryFn: () => favouritePlaylistIds(api, userId),
  });
}

/** The ids of the user's favourite playlists; idle without a user. */
export function useFavouritePlaylistIds(userId: string | null) {
  const api = useApiClient();
  return useQuery({
    ...favouritePlaylistIdsQueryOptions(api, userId ?? ""),
    enabled: userId !== null,
  });
}
