import { type Organization, type OrganizationInput, organizationsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { organizationInfoQueryKey } from "./get-organization-info.ts";
import { organizationsQueryKey } from "./list-organizations.ts";

/** Fills in or changes the profile's own organization; the requisites are checked on both sides. */
export function changeOrganizationInfo(
  api: ApiClient,
  userId: string,
  body: OrganizationInput,
): Promise<Organization> {
  return api.call(organizationsApi.changeOrganizationInfo, { params: { userId }, body });
}

export function useChangeOrganizationInfo(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationInput) => changeOrganizationInfo(api, userId, body),
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationInfoQueryKey(userId), organization);
      await queryClient.invalidateQueries({
        queryKey: [...organizationsQueryKey, userId],
        exact: true,
      });
    },
  });
}
