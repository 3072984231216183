import { type SupportUnread, supportApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { enquiriesQueryKey } from "./enquiries-query-key.ts";

/** Unread enquiry replies and chat messages of the caller, for the menu's counters. */
export function getSupportUnread(api: ApiClient): Promise<SupportUnread> {
  return api.call(supportApi.getSupportUnread);
}

export function supportUnreadQueryOptions(api: ApiClient) {
  return queryOptions({
    // Under the enquiries' key: a new reply or a read mark refreshes the counter too.
    queryKey: [...enquiriesQueryKey, "unread"] as const,
    queryFn: () => getSupportUnread(api),
  });
}

/** The unread counters, for those whose menu shows enquiries (`enabled`). */
export function useSupportUnread(enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...supportUnreadQueryOptions(api), enabled });
}
