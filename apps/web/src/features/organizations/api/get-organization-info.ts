import { type Organization, organizationsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiClient, isApiError } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { organizationsQueryKey } from "./list-organizations.ts";

/** The profile's own organization, or null while none is filled in (the server's 404). */
export async function getOrganizationInfo(
  api: ApiClient,
  userId: string,
): Promise<Organization | null> {
  try {
    return await api.call(organizationsApi.getOrganizationInfo, { params: { userId } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Under the user's legal list: a change of any organization refreshes it too. */
export const organizationInfoQueryKey = (userId: string) =>
  [...organizationsQueryKey, userId, "primary"] as const;

export function organizationInfoQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: organizationInfoQueryKey(userId),
    queryFn: () => getOrganizationInfo(api, userId),
  });
}

/** A user's organization-info (requisites and payment methods); null when not filled in. */
export function useOrganizationInfo(userId: string | null) {
  const api = useApiClient();
  return useQuery({ ...organizationInfoQueryOptions(api, userId ?? ""), enabled: Boolean(userId) });
}
