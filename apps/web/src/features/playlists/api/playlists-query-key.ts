import { LIBRARY_QUERY_KEY } from "../../../lib/library-cache.ts";

/** Every cached playlist answer. */
export const playlistsQueryKey = [...LIBRARY_QUERY_KEY, "playlists"] as const;
