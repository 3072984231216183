import { type CreateEnquiryBody, type Enquiry, supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useEnquiryMutation } from "./enquiry-mutation.ts";

/** A new enquiry of the caller (a client), or of `clientId` (an admin on a client's behalf). */
export function createEnquiry(api: ApiClient, body: CreateEnquiryBody): Promise<Enquiry> {
  return api.call(supportApi.createEnquiry, { body });
}

export function useCreateEnquiry() {
  const api = useApiClient();
  return useEnquiryMutation((body: CreateEnquiryBody) => createEnquiry(api, body));
}
