import { accountsApi, type EndpointBody, type Profile } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { profileQueryKey } from "./get-profile.ts";

export type IndividualInfo = EndpointBody<typeof accountsApi.changeIndividualInfo>;

/** Replaces the person's fields as a whole: names, contact phone and e-mail (left out: cleared). */
export function changeIndividualInfo(
  api: ApiClient,
  userId: string,
  body: IndividualInfo,
): Promise<Profile> {
  return api.call(accountsApi.changeIndividualInfo, { params: { userId }, body });
}

export function useChangeIndividualInfo(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IndividualInfo) => changeIndividualInfo(api, userId, body),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey(profile.userId), profile),
  });
}
