import { authApi, type DeviceKind, type EndpointResponse } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

export type DeviceCode = EndpointResponse<typeof authApi.createDeviceCode>;
export type VerificationAnswer = EndpointResponse<typeof authApi.waitForVerification>;

/** Starts a second-device sign-in: a code to show and an id to poll. */
export function createDeviceCode(api: ApiClient, kind: DeviceKind): Promise<DeviceCode> {
  return api.call(authApi.createDeviceCode, { body: { kind } });
}

/** One poll of a second-device sign-in. */
export function waitForVerification(
  api: ApiClient,
  verificationId: string,
): Promise<VerificationAnswer> {
  return api.call(authApi.waitForVerification, { body: { verificationId } });
}
