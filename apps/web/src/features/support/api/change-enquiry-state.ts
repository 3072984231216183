import { type Enquiry, type EnquiryState, supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useEnquiryMutation } from "./enquiry-mutation.ts";

/** Moves the enquiry to `state` (the server answers 409 for a move it does not allow). */
export function changeEnquiryState(
  api: ApiClient,
  id: string,
  state: EnquiryState,
): Promise<Enquiry> {
  return api.call(supportApi.changeEnquiryState, { params: { id }, body: { state } });
}

export function useChangeEnquiryState(id: string) {
  const api = useApiClient();
  return useEnquiryMutation((state: EnquiryState) => changeEnquiryState(api, id, state));
}
