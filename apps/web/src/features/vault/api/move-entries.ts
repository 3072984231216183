import { type ConflictPolicy, vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface TransferInput {
  /** The folder, playlist or version that receives them. */
  targetId: string;
  entryIds: string[];
  policy?: ConflictPolicy;
}

/** Moves entries into the target; each one moves whole or comes back in `failedEntries`. */
export function moveEntries(
  api: ApiClient,
  { targetId, entryIds, policy = "nothing" }: TransferInput,
) {
  return api.call(vaultApi.moveEntries, {
    params: { id: targetId },
    query: { policy },
    body: { entryIds },
  });
}

export function useMoveEntries() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: TransferInput) => moveEntries(api, input),
    onSettled: invalidate,
  });
}
