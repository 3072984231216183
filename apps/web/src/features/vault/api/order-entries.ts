import { vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface OrderEntriesInput {
  versionId: string;
  /** Every track entry of the version, each once, in the new order. */
  entryIds: string[];
}

/** Puts the tracks of a version in a new order. */
export function orderEntries(api: ApiClient, { versionId, entryIds }: OrderEntriesInput) {
  return api.call(vaultApi.orderEntries, { params: { id: versionId }, body: { entryIds } });
}

export function useOrderEntries() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: OrderEntriesInput) => orderEntries(api, input),
    onSettled: invalidate,
  });
}
