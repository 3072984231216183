/**
 * Every cached answer about enquiries (lists, one enquiry, the unread
 * count); a `supportEnquiry` socket message invalidates them all.
 */
export const enquiriesQueryKey = ["support", "enquiries"] as const;
