import { type ConflictPolicy, vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface MakeSongInput {
  /** A folder of the Tracks partition, its root, or a version. */
  targetId: string;
  songIds: string[];
  policy?: ConflictPolicy;
}

/** Adds songs as tracks; those not added come back in `failedEntries`. */
export function makeSong(api: ApiClient, { targetId, songIds, policy = "nothing" }: MakeSongInput) {
  return api.call(vaultApi.makeSong, {
    params: { id: targetId },
    query: { policy },
    body: { songIds },
  });
}

export function useMakeSong() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: MakeSongInput) => makeSong(api, input),
    onSettled: invalidate,
  });
}
