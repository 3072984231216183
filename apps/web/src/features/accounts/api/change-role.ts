import { type AssignableRole, accountsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export interface RoleChange {
  userId: string;
  newRole: AssignableRole;
}

/**
 * Gives a user another role (POST /auth/role/{userId}/change); the user's
 * sessions end on the server, so they sign in again under the new role.
 */
export function changeRole(api: ApiClient, { userId, newRole }: RoleChange) {
  return api.call(accountsApi.changeRole, { params: { userId }, body: { newRole } });
}

/** Changes a user's role (the caller refreshes the lists and the profile it shows). */
export function useChangeRole() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (change: RoleChange) => changeRole(api, change),
  });
}
