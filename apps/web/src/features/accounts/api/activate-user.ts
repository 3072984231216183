import { accountsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { usersQueryKey } from "./list-users.ts";

/** Activates an account waiting for activation: it becomes a client (CONTRACT.md Accounts). */
export function activateUser(api: ApiClient, userId: string) {
  return api.call(accountsApi.changeRole, { params: { userId }, body: { newRole: "role-client" } });
}

/** Activates a user; the user list is fetched again once it is done. */
export function useActivateUser() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => activateUser(api, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
