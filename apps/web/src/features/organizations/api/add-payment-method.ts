import { type Organization, organizationsApi, type PaymentMethodInput } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { organizationsQueryKey } from "./list-organizations.ts";

/**
 * Adds a settlement account (checked against its BIK) or a business card,
 * of which the server keeps and answers only the masked number.
 */
export function addPaymentMethod(
  api: ApiClient,
  userId: string,
  organizationId: string,
  body: PaymentMethodInput,
): Promise<Organization> {
  return api.call(organizationsApi.addPaymentMethod, { params: { userId, organizationId }, body });
}

export function useAddPaymentMethod(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, body }: { organizationId: string; body: PaymentMethodInput }) =>
      addPaymentMethod(api, userId, organizationId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...organizationsQueryKey, userId] }),
  });
}
