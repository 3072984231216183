import {
  type AssignableRole,
  accountsApi,
  type EndpointQuery,
  PAGING,
  type ProfilePage,
  type UserSort,
} from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** The statuses the user list filters by (deleted accounts are never listed). */
export type ListedStatus = NonNullable<EndpointQuery<typeof accountsApi.listUsers>["status"]>;

export interface UsersRequest {
  /** Counts from 0. */
  page: number;
  /** Words of the e-mail, names or company, or a phone; empty lists everyone. */
  query: string;
  sortBy: UserSort;
  /** Only accounts whose active role (or pseudo-state) is this one. */
  role?: AssignableRole | undefined;
  status?: ListedStatus | undefined;
}

/** One page of the user list, `PAGING.tablePageSize` (30) users a page. */
export function listUsers(
  api: ApiClient,
  { page, query, sortBy, role, status }: UsersRequest,
  count: number = PAGING.tablePageSize,
): Promise<ProfilePage> {
  return api.call(accountsApi.listUsers, {
    query: { page, count, query: query || undefined, sortBy, role, status },
  });
}

/** Every page of every search of the user list; invalidated when a user changes. */
export const usersQueryKey = ["users"] as const;

export function usersQueryOptions(api: ApiClient, request: UsersRequest) {
  return queryOptions({
    queryKey: [...usersQueryKey, request] as const,
    queryFn: () => listUsers(api, request),
    // The rows of the last answer stay while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

/** One page of the users of the service (the client base). */
export function useUsers(request: UsersRequest) {
  const api = useApiClient();
  return useQuery(usersQueryOptions(api, request));
}
