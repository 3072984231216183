import { accountsApi, type Profile } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export function getProfile(api: ApiClient, userId: string): Promise<Profile> {
  return api.call(accountsApi.getPersonalInfo, { params: { userId } });
}

export const profileQueryKey = (userId: string) => ["profile", userId] as const;

export function profileQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: () => getProfile(api, userId),
    staleTime: 60_000,
  });
}

/** The signed-in user's profile (name, role, avatar) for the header and cabinet. */
export function useProfile(userId: string | null) {
  const api = useApiClient();
  return useQuery({ ...profileQueryOptions(api, userId ?? ""), enabled: Boolean(userId) });
}
