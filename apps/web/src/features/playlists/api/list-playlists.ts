import { PAGING, playlistsApi } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { playlistsQueryKey } from "./playlists-query-key.ts";

/** What the playlist list is narrowed to: words of the name or tags, and one song, artist, album or tag. */
export interface PlaylistsRequest {
  text?: string;
  song?: string;
  artist?: string;
  album?: string;
  tag?: string;
  /** Counts from 0. */
  page?: number;
  pageSize?: number;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/** The request as it is sent and cached: words trimmed, empty ones dropped, paging filled in. */
function normalize(request: PlaylistsRequest) {
  return {
    text: trimmed(request.text),
    song: trimmed(request.song),
    artist: trimmed(request.artist),
    album: trimmed(request.album),
    tag: trimmed(request.tag),
    page: request.page ?? 0,
    pageSize: request.pageSize ?? PAGING.searchPageSize,
  };
}

/** One page of playlists matching the request (all of them without a filter). */
export function listPlaylists(api: ApiClient, request: PlaylistsRequest) {
  const { page, pageSize, ...filters } = normalize(request);
  return api.call(playlistsApi.listPlaylists, {
    query: { ...filters, limit: pageSize, offset: page * pageSize },
  });
}

export function playlistsQueryOptions(api: ApiClient, request: PlaylistsRequest) {
  const normalized = normalize(request);
  return queryOptions({
    queryKey: [...playlistsQueryKey, "list", normalized] as const,
    queryFn: () => listPlaylists(api, normalized),
    placeholderData: keepPreviousData,
  });
}

/** Playlists by name, tag, song, artist or album: AddAudios' version picker and the catalogue. */
export function usePlaylists(request: PlaylistsRequest) {
  const api = useApiClient();
  return useQuery(playlistsQueryOptions(api, request));
}
