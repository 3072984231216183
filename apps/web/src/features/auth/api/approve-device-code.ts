import { authApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** A signed-in user approves the code another device shows. */
export function approveDeviceCode(api: ApiClient, code: string, establishmentId?: string) {
  return api.call(authApi.approveDeviceCode, { body: { code, establishmentId } });
}

export function useApproveDeviceCode() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ code, establishmentId }: { code: string; establishmentId?: string }) =>
      approveDeviceCode(api, code, establishmentId),
  });
}
