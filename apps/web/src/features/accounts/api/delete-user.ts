import { accountsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** Deletes an account: its personal data is erased and it can no longer sign in. */
export function deleteUser(api: ApiClient, userId: string) {
  return api.call(accountsApi.deleteAccount, { params: { userId } });
}

/** Deletes a user (the caller refreshes the lists and the profile it shows). */
export function useDeleteUser() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (userId: string) => deleteUser(api, userId),
  });
}
