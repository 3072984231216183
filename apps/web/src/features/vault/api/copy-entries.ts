import { vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";
import type { TransferInput } from "./move-entries.ts";

/** Copies entries (with everything below them) into the target. */
export function copyEntries(
  api: ApiClient,
  { targetId, entryIds, policy = "nothing" }: TransferInput,
) {
  return api.call(vaultApi.copyEntries, {
    params: { id: targetId },
    query: { policy },
    body: { entryIds },
  });
}

export function useCopyEntries() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: TransferInput) => copyEntries(api, input),
    onSettled: invalidate,
  });
}
