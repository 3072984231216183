import { supportApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { enquiriesQueryKey } from "./enquiries-query-key.ts";

/** Marks the enquiry's thread read by the caller. */
export async function markEnquiryRead(api: ApiClient, id: string): Promise<void> {
  await api.call(supportApi.markEnquiryRead, { params: { id } });
}

/** Marks read; the lists' unread marks and the menu's counter are read anew. */
export function useMarkEnquiryRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markEnquiryRead(api, id),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: enquiriesQueryKey,
        predicate: (query) => query.queryKey[2] !== "one",
      }),
  });
}
