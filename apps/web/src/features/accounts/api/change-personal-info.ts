import { accountsApi, type EndpointBody, type Profile } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { profileQueryKey } from "./get-profile.ts";

export type PersonalInfoChange = EndpointBody<typeof accountsApi.changePersonalInfo>;

/** Changes only the profile fields sent (an empty string clears an optional one). */
export function changePersonalInfo(
  api: ApiClient,
  userId: string,
  body: PersonalInfoChange,
): Promise<Profile> {
  return api.call(accountsApi.changePersonalInfo, { params: { userId }, body });
}

/** The answered profile replaces the cached one (header and profile screens). */
export function useChangePersonalInfo(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonalInfoChange) => changePersonalInfo(api, userId, body),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey(profile.userId), profile),
  });
}
