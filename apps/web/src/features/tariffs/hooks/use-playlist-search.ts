import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/error-messages.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import type { PlaylistSearch } from "../components/playlist-picker.tsx";
import type { PlaylistChoice } from "../tariff-draft.ts";

const PLAYLIST_SEARCH_DELAY_MS = 300;

/** A page of playlists as the library's search answers it: only ids and names are read. */
interface FoundPlaylists {
  data: readonly PlaylistChoice[];
}

/**
 * A playlist search box's state: playlists by name, asked once typing
 * pauses. The library's search is another feature's, so the screen hands in
 * its query options for the settled text.
 */
export function usePlaylistSearch<Answer extends FoundPlaylists, Key extends QueryKey>(
  queryFor: (text: string) => UseQueryOptions<Answer, Error, Answer, Key>,
): PlaylistSearch {
  const [text, setText] = useState("");
  const settled = useDebouncedValue(text.trim(), PLAYLIST_SEARCH_DELAY_MS);
  const playlists = useQuery({ ...queryFor(settled), enabled: settled.length > 0 });
  return {
    text,
    onTextChange: setText,
    found: (playlists.data?.data ?? []).map(({ id, name }) => ({ id, name })),
    loading: playlists.isFetching || settled !== text.trim(),
    error: playlists.isError ? errorText(playlists.error) : null,
  };
}
