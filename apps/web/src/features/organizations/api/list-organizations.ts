import { type Organization, organizationsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export async function listOrganizations(api: ApiClient, userId: string): Promise<Organization[]> {
  const answer = await api.call(organizationsApi.listOrganizations, { params: { userId } });
  return answer.data;
}

/** Every client's legal list; invalidated when an organization or payment method changes. */
export const organizationsQueryKey = ["organizations"] as const;

export function organizationsQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: [...organizationsQueryKey, userId] as const,
    queryFn: () => listOrganizations(api, userId),
  });
}

/** A client's organizations (legal entities) with their payment methods. */
export function useOrganizations(userId: string | null) {
  const api = useApiClient();
  return useQuery({ ...organizationsQueryOptions(api, userId ?? ""), enabled: Boolean(userId) });
}
