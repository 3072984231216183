import { authApi, type TokenPair } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import type { SignInTarget } from "./sign-in-target.ts";

/** Exchanges a one-time code for a token pair (checked by the session before use). */
export function verifySignInCode(
  api: ApiClient,
  target: SignInTarget,
  code: string,
): Promise<Partial<TokenPair>> {
  return target.kind === "email"
    ? api.call(authApi.emailVerifyCode, { body: { email: target.email, code } })
    : api.call(authApi.phoneVerifyCode, { body: { phone: target.phone, code } });
}

export function useVerifySignInCode() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ target, code }: { target: SignInTarget; code: string }) =>
      verifySignInCode(api, target, code),
  });
}
