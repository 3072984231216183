import { catalogApi } from "@fonika/shared";
import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { authorAttachmentsQueryKey } from "./catalog-query-key.ts";

/** The documents attached to an author (licence contracts), oldest first (staff only). */
export function listAuthorAttachments(api: ApiClient, authorId: string) {
  return api.call(catalogApi.listAuthorAttachments, { params: { id: authorId } });
}

/** An author's documents; nothing is asked while `authorId` is null or not `enabled`. */
export function useAuthorAttachments(authorId: string | null, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: authorAttachmentsQueryKey(authorId ?? ""),
    queryFn: () => listAuthorAttachments(api, authorId ?? ""),
    enabled: authorId !== null && enabled,
    retry: false,
  });
}
