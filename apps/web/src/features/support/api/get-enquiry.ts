import { type Enquiry, supportApi } from "@fonika/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { enquiriesQueryKey } from "./enquiries-query-key.ts";

/** One enquiry with its whole thread and the caller's abilities on it. */
export function getEnquiry(api: ApiClient, id: string): Promise<Enquiry> {
  return api.call(supportApi.getEnquiry, { params: { id } });
}

/** The cache key of one enquiry; the calls that answer an enquiry put it here. */
export function enquiryQueryKey(id: string) {
  return [...enquiriesQueryKey, "one", id] as const;
}

export function enquiryQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: enquiryQueryKey(id),
    queryFn: () => getEnquiry(api, id),
    // A foreign or missing enquiry (403/404) will not appear by asking again.
    retry: false,
  });
}

export function useEnquiry(id: string) {
  const api = useApiClient();
  return useQuery(enquiryQueryOptions(api, id));
}
