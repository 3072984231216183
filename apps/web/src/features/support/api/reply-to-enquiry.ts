import { type Enquiry, supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useEnquiryMutation } from "./enquiry-mutation.ts";

export interface EnquiryReply {
  text: string;
  attachmentIds: string[];
}

/** A reply in the enquiry's thread, with attachments uploaded beforehand. */
export function replyToEnquiry(api: ApiClient, id: string, reply: EnquiryReply): Promise<Enquiry> {
  return api.call(supportApi.replyToEnquiry, { params: { id }, body: reply });
}

export function useReplyToEnquiry(id: string) {
  const api = useApiClient();
  return useEnquiryMutation((reply: EnquiryReply) => replyToEnquiry(api, id, reply));
}
