import { accountsApi, type EndpointBody, type Profile } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export type NewUser = EndpointBody<typeof accountsApi.createUser>;

/** Creates an account with a role for an e-mail or phone; it signs in by code. */
export function createUser(api: ApiClient, user: NewUser): Promise<Profile> {
  return api.call(accountsApi.createUser, { body: user });
}

/** Creates a user (the caller refreshes the lists and the profile it shows). */
export function useCreateUser() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (user: NewUser) => createUser(api, user),
  });
}
