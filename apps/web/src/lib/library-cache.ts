import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * The first part of every cached answer about the music library: vault
 * listings and trees, playlists, songs. Folders, playlists and songs show
 * in each other's screens (a track's size in its folder, a version's tracks
 * in the playlist editor), so a change made by one feature refreshes the
 * library as a whole by invalidating this key; only the queries on screen
 * are fetched again.
 */
export const LIBRARY_QUERY_KEY = ["library"] as const;

/** Refreshes every library answer on screen (listings, trees, playlists, songs). */
export function useInvalidateLibrary(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY }),
    [queryClient],
  );
}
