import type { Enquiry } from "@fonika/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { enquiriesQueryKey } from "./enquiries-query-key.ts";
import { enquiryQueryKey } from "./get-enquiry.ts";

/**
 * Keeps what a call answered: the enquiry as the server now has it goes
 * into its cache entry, and the lists (order, states, unread) are read anew.
 */
export function storeEnquiry(queryClient: QueryClient, enquiry: Enquiry): void {
  queryClient.setQueryData(enquiryQueryKey(enquiry.id), enquiry);
  void queryClient.invalidateQueries({
    queryKey: enquiriesQueryKey,
    predicate: (query) => query.queryKey[2] !== "one",
  });
}

/** A mutation of one enquiry whose answer is the enquiry; the answer is stored. */
export function useEnquiryMutation<Variables>(call: (variables: Variables) => Promise<Enquiry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (enquiry) => storeEnquiry(queryClient, enquiry),
  });
}
