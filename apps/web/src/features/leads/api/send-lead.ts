import { type LeadForm, leadsApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

export function sendLead(api: ApiClient, form: LeadForm) {
  return api.call(leadsApi.sendLeadForm, { body: form });
}

export function useSendLead() {
  const api = useApiClient();
  return useMutation({ mutationFn: (form: LeadForm) => sendLead(api, form) });
}
