import {
  type EnquiryState,
  type EnquirySummary,
  type EnquiryTopic,
  PAGING,
  supportApi,
} from "@fonika/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { enquiriesQueryKey } from "./enquiries-query-key.ts";

/** The list's state filter: one state, or `open` (every state but resolved and closed). */
export type EnquiryStateFilter = EnquiryState | "open";

export interface EnquiriesFilters {
  state?: EnquiryStateFilter | undefined;
  topic?: EnquiryTopic | undefined;
  /** A support person's id, or `none` for the unassigned. */
  assigneeId?: string | undefined;
  clientId?: string | undefined;
  /** Words of the enquiry's text; empty lists all. */
  query: string;
}

export interface EnquiriesRequest extends EnquiriesFilters {
  /** Counts from 0. */
  page: number;
}

export interface EnquiriesPage {
  data: EnquirySummary[];
  total: number;
  totalPages: number;
}

/** One page of the enquiries the caller sees, last changed first, 30 a page. */
export function listEnquiries(
  api: ApiClient,
  { page, state, topic, assigneeId, clientId, query }: EnquiriesRequest,
): Promise<EnquiriesPage> {
  return api.call(supportApi.listEnquiries, {
    query: {
      page,
      count: PAGING.tablePageSize,
      state: state === "open" ? undefined : state,
      open: state === "open" ? "true" : undefined,
      topic,
      assigneeId,
      clientId,
      query: query || undefined,
    },
  });
}

export function enquiriesQueryOptions(api: ApiClient, request: EnquiriesRequest) {
  return queryOptions({
    queryKey: [...enquiriesQueryKey, "list", request] as const,
    queryFn: () => listEnquiries(api, request),
    // The rows of the last answer stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

/** The enquiries list a page at a time; refetched when a `supportEnquiry` message comes. */
export function useEnquiries(request: EnquiriesRequest) {
  const api = useApiClient();
  return useQuery(enquiriesQueryOptions(api, request));
}
