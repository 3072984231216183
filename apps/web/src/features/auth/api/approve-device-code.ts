import { authApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** A venue owner approves the code a player shows, for one of their establishments. */
export function approveDeviceCode(api: ApiClient, code: string, establishmentId: string) {
  return api.call(authApi.approveDeviceCode, { body: { code, establishmentId } });
}

export function useApproveDeviceCode() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ code, establishmentId }: { code: string; establishmentId: string }) =>
      approveDeviceCode(api, code, establishmentId),
  });
}
