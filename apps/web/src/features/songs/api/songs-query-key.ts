import { LIBRARY_QUERY_KEY } from "../../../lib/library-cache.ts";

/** Every cached song answer: lists and metas. */
export const songsQueryKey = [...LIBRARY_QUERY_KEY, "songs"] as const;
