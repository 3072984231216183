import { accountsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** Blocks an account: it cannot sign in and its open sessions end at once. */
export function blockUser(api: ApiClient, userId: string) {
  return api.call(accountsApi.blockAccount, { params: { userId } });
}

/** Blocks a user (the caller refreshes the lists and the profile it shows). */
export function useBlockUser() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (userId: string) => blockUser(api, userId),
  });
}
