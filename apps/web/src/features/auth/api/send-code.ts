import { authApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import type { SignInTarget } from "./sign-in-target.ts";

export function sendSignInCode(api: ApiClient, target: SignInTarget) {
  return target.kind === "email"
    ? api.call(authApi.emailSendCode, { body: { email: target.email } })
    : api.call(authApi.phoneSendCode, { body: { phone: target.phone } });
}

export function useSendSignInCode() {
  const api = useApiClient();
  return useMutation({ mutationFn: (target: SignInTarget) => sendSignInCode(api, target) });
}
