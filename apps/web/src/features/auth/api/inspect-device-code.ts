import { authApi, type DeviceCodeInfo } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/** When and where a device code was made, to show before approving it. */
export function inspectDeviceCode(api: ApiClient, code: string): Promise<DeviceCodeInfo> {
  return api.call(authApi.inspectDeviceCode, { body: { code } });
}

export function useInspectDeviceCode() {
  const api = useApiClient();
  return useMutation({ mutationFn: (code: string) => inspectDeviceCode(api, code) });
}
