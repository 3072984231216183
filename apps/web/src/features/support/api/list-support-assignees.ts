import { type SupportPerson, supportApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** Who an enquiry can be given to: active support members and admins. */
export function listSupportAssignees(api: ApiClient): Promise<SupportPerson[]> {
  return api.call(supportApi.listSupportAssignees);
}

export function supportAssigneesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ["support", "assignees"] as const,
    queryFn: () => listSupportAssignees(api),
    staleTime: 5 * 60_000,
  });
}

/** The assignees, asked only by staff (`enabled`): a client's call would be refused. */
export function useSupportAssignees(enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...supportAssigneesQueryOptions(api), enabled });
}
