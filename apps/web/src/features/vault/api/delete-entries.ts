import { vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface DeleteEntriesInput {
  /** The entry that holds them. */
  parentId: string;
  entryIds: string[];
}

/** Moves entries to the trash (a soft delete, SPEC.md §4). */
export function deleteEntries(api: ApiClient, { parentId, entryIds }: DeleteEntriesInput) {
  return api.call(vaultApi.deleteEntries, {
    params: { id: parentId },
    body: { deleteEntryIds: entryIds },
  });
}

export function useDeleteEntries() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: DeleteEntriesInput) => deleteEntries(api, input),
    onSettled: invalidate,
  });
}
