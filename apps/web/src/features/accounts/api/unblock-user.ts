import { accountsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** Unblocks an account: it may sign in again. */
export function unblockUser(api: ApiClient, userId: string) {
  return api.call(accountsApi.unblockAccount, { params: { userId } });
}

/** Unblocks a user (the caller refreshes the lists and the profile it shows). */
export function useUnblockUser() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (userId: string) => unblockUser(api, userId),
  });
}
