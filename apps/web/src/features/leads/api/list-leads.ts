import { leadsApi, PAGING } from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export function listLeads(api: ApiClient, page: number, count: number = PAGING.tablePageSize) {
  return api.call(leadsApi.listLeads, { query: { page, count } });
}

export function leadsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: ["leads", page] as const,
    queryFn: () => listLeads(api, page),
    placeholderData: keepPreviousData,
  });
}

/** One page (from 0) of landing-page leads, newest first. */
export function useLeads(page: number) {
  const api = useApiClient();
  return useQuery(leadsQueryOptions(api, page));
}
