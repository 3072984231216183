import { type Song, songsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { songsQueryKey } from "./songs-query-key.ts";

export function getSongMeta(api: ApiClient, songId: string): Promise<Song> {
  return api.call(songsApi.getSongMeta, { params: { id: songId } });
}

export function songMetaQueryOptions(api: ApiClient, songId: string) {
  return queryOptions({
    queryKey: [...songsQueryKey, "meta", songId] as const,
    queryFn: () => getSongMeta(api, songId),
  });
}

/** A song with its meta; nothing is fetched without an id. */
export function useSongMeta(songId: string | null | undefined) {
  const api = useApiClient();
  return useQuery({ ...songMetaQueryOptions(api, songId ?? ""), enabled: Boolean(songId) });
}

/** A track as a player names it: its song and the names it was chosen with. */
interface NamedTrack {
  songId: string;
  title: string;
  artists?: readonly string[];
}

/**
 * `track` with its song's title and artists as the library last answered
 * them, without asking the server: the screen that renames a song reads
 * its meta, and every library change refetches what is on screen, so the
 * cache holds the new names as soon as the rename is saved. A song whose
 * meta was never read keeps the names it came with.
 */
export function useLatestSongNames<Track extends NamedTrack>(track: Track): Track {
  const api = useApiClient();
  const { data } = useQuery({ ...songMetaQueryOptions(api, track.songId), enabled: false });
  if (!data || data.id !== track.songId) return track;
  if (data.title === track.title && sameNames(data.artists, track.artists)) return track;
  return { ...track, title: data.title, artists: data.artists };
}

function sameNames(left: readonly string[], right: readonly string[] | undefined): boolean {
  return (
    right !== undefined &&
    left.length === right.length &&
    left.every((name, index) => name === right[index])
  );
}
