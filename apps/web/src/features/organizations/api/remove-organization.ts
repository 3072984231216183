import { organizationsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { organizationsQueryKey } from "./list-organizations.ts";

/** Removes an organization no live subscription pays through. */
export function removeOrganization(api: ApiClient, userId: string, organizationId: string) {
  return api.call(organizationsApi.removeOrganization, { params: { userId, organizationId } });
}

export function useRemoveOrganization(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => removeOrganization(api, userId, organizationId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...organizationsQueryKey, userId] }),
  });
}
