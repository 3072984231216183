import { PARTITION_IDS, vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

/** Deletes entries of the trash for good; their songs stay in the library. */
export function deleteEntriesForever(api: ApiClient, entryIds: string[]) {
  return api.call(vaultApi.deleteEntriesForever, {
    params: { id: PARTITION_IDS.deleted },
    body: { deleteEntryIds: entryIds },
  });
}

export function useDeleteEntriesForever() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (entryIds: string[]) => deleteEntriesForever(api, entryIds),
    onSettled: invalidate,
  });
}
