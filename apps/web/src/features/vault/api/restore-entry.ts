import { vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

/** Puts an entry of the trash back where it was (or into its partition root). */
export function restoreEntry(api: ApiClient, entryId: string) {
  return api.call(vaultApi.restoreEntry, { body: { restoreEntryId: entryId } });
}

/** Restores an entry; the tree and every listing are fetched again (SPEC.md §4). */
export function useRestoreEntry() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (entryId: string) => restoreEntry(api, entryId),
    onSuccess: invalidate,
  });
}
