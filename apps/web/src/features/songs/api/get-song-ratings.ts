import { LIBRARY, type SongRating, songsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { songsQueryKey } from "./songs-query-key.ts";

/** Every cached read of songs' ratings: a rating given updates them all. */
export const songRatingsQueryKey = [...songsQueryKey, "ratings"] as const;

/**
 * The ratings of these songs (distinct ids), read as many at a call as the
 * contract allows: a page of a list is one request. A song the caller may
 * not rate is not in the answer.
 */
export async function getSongRatings(
  api: ApiClient,
  songIds: readonly string[],
): Promise<SongRating[]> {
  const batches: string[][] = [];
  for (let start = 0; start < songIds.length; start += LIBRARY.maxRatingsRead) {
    batches.push(songIds.slice(start, start + LIBRARY.maxRatingsRead));
  }
  const answers = await Promise.all(
    batches.map((batch) =>
      api.call(songsApi.getSongRatings, { query: { songIds: batch.join(",") } }),
    ),
  );
  return answers.flatMap((answer) => answer.data);
}

export function songRatingsQueryOptions(api: ApiClient, songIds: readonly string[]) {
  // A version may hold a song twice; the contract asks for each id once.
  const distinct = [...new Set(songIds)];
  return queryOptions({
    queryKey: [...songRatingsQueryKey, distinct] as const,
    queryFn: () => getSongRatings(api, distinct),
    enabled: distinct.length > 0,
  });
}

const NO_RATINGS: ReadonlyMap<string, SongRating> = new Map();

function bySong(ratings: SongRating[]): ReadonlyMap<string, SongRating> {
  return new Map(ratings.map((rating) => [rating.songId, rating]));
}

/**
 * The ratings of the songs a list shows, by song id, in one read per list:
 * empty while they load or when the read failed; a song the caller may not
 * rate has none.
 */
export function useSongRatings(songIds: readonly string[]): ReadonlyMap<string, SongRating> {
  const api = useApiClient();
  const ratings = useQuery({ ...songRatingsQueryOptions(api, songIds), select: bySong });
  return ratings.data ?? NO_RATINGS;
}
