import { useCallback, useRef } from "react";
import { useApiClient, useSession } from "../../../lib/app-services.ts";
import { useDeviceCode, type VerificationAnswer } from "../../../lib/auth/device-code.ts";

export type { DeviceSignInState } from "../../../lib/auth/device-code.ts";

/**
 * SPEC.md §4 Secondary auth: create a code, then poll every 4 s until it is
 * APPROVED (the session starts with the tokens it carries) or EXPIRED.
 */
export function useDeviceSignIn(remember: boolean) {
  const api = useApiClient();
  const session = useSession();
  const rememberRef = useRef(remember);
  rememberRef.current = remember;
  const approved = useCallback(
    (answer: VerificationAnswer) => session.signIn(answer.tokens, rememberRef.current),
    [session],
  );
  return useDeviceCode({ api, kind: "device", approved });
}
