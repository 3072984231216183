import { accountsApi, type EndpointBody, type Profile } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient, useSession } from "../../../lib/app-services.ts";
import { profileQueryKey } from "./get-profile.ts";

export type CreatePersonalInfoInput = EndpointBody<typeof accountsApi.createPersonalInfo>;

export function createPersonalInfo(
  api: ApiClient,
  body: CreatePersonalInfoInput,
): Promise<Profile> {
  return api.call(accountsApi.createPersonalInfo, { body });
}

/**
 * Completes the profile; the account then waits for activation, which the
 * new access token carries, so the session is refreshed right away.
 */
export function useCreatePersonalInfo() {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePersonalInfoInput) => createPersonalInfo(api, body),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryKey(profile.userId), profile);
      await session.refresh();
    },
  });
}
