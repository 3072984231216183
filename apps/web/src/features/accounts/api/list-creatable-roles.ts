import { type AssignableRole, accountsApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** The roles the signed-in user may give a new account; empty for those who may not create one. */
export async function listCreatableRoles(api: ApiClient): Promise<AssignableRole[]> {
  const answer = await api.call(accountsApi.listCreatableRoles);
  return answer.roles;
}

export const creatableRolesQueryKey = ["creatable-roles"] as const;

export function creatableRolesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: creatableRolesQueryKey,
    queryFn: () => listCreatableRoles(api),
    staleTime: 5 * 60_000,
  });
}

/** The roles the create-user form offers, as the server allows them. */
export function useCreatableRoles() {
  const api = useApiClient();
  return useQuery(creatableRolesQueryOptions(api));
}
