import { MESSAGES, type SongRating, songsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { songRatingsQueryKey } from "./get-song-ratings.ts";

/** Rates a song from 1 to 5 (the caller's own rating; again replaces it). */
export function setSongRating(api: ApiClient, songId: string, rating: number) {
  return api.call(songsApi.setRating, { params: { songId, rating } });
}

export interface SongRatingChange {
  songId: string;
  /** 1 to 5. */
  rating: number;
}

/** A song's ratings once the caller's own is `rating`, as well as the rounded average allows. */
function withOwnRating(current: SongRating, rating: number): SongRating {
  const ratingsCount = current.ratingsCount + (current.myRating === null ? 1 : 0);
  const others = (current.averageRating ?? 0) * current.ratingsCount - (current.myRating ?? 0);
  return {
    ...current,
    averageRating: Math.round(((others + rating) / ratingsCount) * 100) / 100,
    ratingsCount,
    myRating: rating,
  };
}

/**
 * Rates a song. Every cached read of its ratings shows the new one at once,
 * takes the server's average when it answers, goes back with the toast
 * «Не удалось задать рейтинг» when the server refuses, and is read again
 * either way.
 */
export function useSetSongRating() {
  const api = useApiClient();
  const queries = useQueryClient();
  const update = (songId: string, change: (rating: SongRating) => SongRating) =>
    queries.setQueriesData<SongRating[]>({ queryKey: songRatingsQueryKey }, (ratings) =>
      ratings?.map((rating) => (rating.songId === songId ? change(rating) : rating)),
    );
  return useMutation({
    mutationFn: ({ songId, rating }: SongRatingChange) => setSongRating(api, songId, rating),
    onMutate: async ({ songId, rating }) => {
      await queries.cancelQueries({ queryKey: songRatingsQueryKey });
      const previous = queries.getQueriesData<SongRating[]>({ queryKey: songRatingsQueryKey });
      update(songId, (current) => withOwnRating(current, rating));
      return { previous };
    },
    onSuccess: (answer) =>
      update(answer.songId, (current) => ({ ...current, averageRating: answer.averageRating })),
    onError: (_error, _change, context) => {
      for (const [key, ratings] of context?.previous ?? []) queries.setQueryData(key, ratings);
      // SPEC.md §8: whatever the reason, the one text of a failed rating.
      toast.error(MESSAGES.ratingFailed);
    },
    onSettled: () => queries.invalidateQueries({ queryKey: songRatingsQueryKey }),
  });
}
