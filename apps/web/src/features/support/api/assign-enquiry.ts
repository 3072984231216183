import { type Enquiry, supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useEnquiryMutation } from "./enquiry-mutation.ts";

/** Gives the enquiry to a support member or admin; null takes it from whoever had it. */
export function assignEnquiry(
  api: ApiClient,
  id: string,
  assigneeId: string | null,
): Promise<Enquiry> {
  return api.call(supportApi.assignEnquiry, { params: { id }, body: { assigneeId } });
}

export function useAssignEnquiry(id: string) {
  const api = useApiClient();
  return useEnquiryMutation((assigneeId: string | null) => assignEnquiry(api, id, assigneeId));
}
