import { accountsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient, useSession } from "../../../lib/app-services.ts";
import { profileQueryKey } from "./get-profile.ts";

export function signAgreement(api: ApiClient, userId: string) {
  return api.call(accountsApi.signAgreement, { params: { userId } });
}

/** Accepts the current offer; the refreshed token no longer carries the marker. */
export function useSignAgreement(userId: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signAgreement(api, userId),
    onSuccess: async () => {
      await session.refresh();
      await queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) });
    },
  });
}
