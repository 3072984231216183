import { type Organization, type OrganizationInput, organizationsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { organizationsQueryKey } from "./list-organizations.ts";

/** Adds a legal entity or individual entrepreneur to a client (their first becomes the profile's). */
export function addOrganization(
  api: ApiClient,
  userId: string,
  body: OrganizationInput,
): Promise<Organization> {
  return api.call(organizationsApi.addOrganization, { params: { userId }, body });
}

export function useAddOrganization(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationInput) => addOrganization(api, userId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...organizationsQueryKey, userId] }),
  });
}
