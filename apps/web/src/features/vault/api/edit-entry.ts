import { vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface RenameEntryInput {
  /** The entry that holds it. */
  parentId: string;
  entryId: string;
  name: string;
}

/** Renames a folder, playlist or version; a taken name is refused with the server's reason. */
export function renameEntry(api: ApiClient, { parentId, entryId, name }: RenameEntryInput) {
  return api.call(vaultApi.editEntry, {
    params: { id: parentId },
    body: { updatedEntryId: entryId, updatedName: name },
  });
}

export function useRenameEntry() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: RenameEntryInput) => renameEntry(api, input),
    onSuccess: invalidate,
  });
}
