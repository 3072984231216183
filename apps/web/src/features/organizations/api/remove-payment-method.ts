import { type Organization, organizationsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { organizationsQueryKey } from "./list-organizations.ts";

/** Removes a settlement account or card no live subscription uses. */
export function removePaymentMethod(
  api: ApiClient,
  userId: string,
  organizationId: string,
  paymentMethodId: string,
): Promise<Organization> {
  return api.call(organizationsApi.removePaymentMethod, {
    params: { userId, organizationId, paymentMethodId },
  });
}

export function useRemovePaymentMethod(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      organizationId,
      paymentMethodId,
    }: {
      organizationId: string;
      paymentMethodId: string;
    }) => removePaymentMethod(api, userId, organizationId, paymentMethodId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...organizationsQueryKey, userId] }),
  });
}
