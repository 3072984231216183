import type { DeviceKind } from "@fonika/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { TIMING } from "../../../config/constants.ts";
import { type ApiClient, isApiError } from "../../../lib/api-client.ts";
import { useApiClient, useSession } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import {
  createDeviceCode,
  type VerificationAnswer,
  waitForVerification,
} from "../api/device-code.ts";

export type DeviceSignInState =
  | { step: "creating" }
  | { step: "waiting"; code: string; expiresAt: number }
  | { step: "expired" }
  | { step: "failed"; message: string };

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

export interface DeviceCodeOptions {
  /** The client the code is asked and polled with (the app's, or the web player's own). */
  api: ApiClient;
  kind: DeviceKind;
  /** The APPROVED answer; throwing (unusable tokens) shows the failure. Keep it stable. */
  approved(answer: VerificationAnswer): void;
}

/**
 * A device code from asking to approval: create a code of `kind`, then
 * poll every 4 s until it is APPROVED or EXPIRED (a lost connection is
 * polled again; a refusal of the server ends it).
 */
export function useDeviceCode({ api, kind, approved }: DeviceCodeOptions) {
  const [state, setState] = useState<DeviceSignInState>({ step: "creating" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the flow on purpose.
  useEffect(() => {
    let cancelled = false;
    let handle: number | undefined;
    setState({ step: "creating" });

    const schedule = (verificationId: string) => {
      handle = window.setTimeout(() => void poll(verificationId), TIMING.verificationPollMs);
    };

    const poll = async (verificationId: string) => {
      let answer: VerificationAnswer;
      try {
        answer = await waitForVerification(api, verificationId);
      } catch (error) {
        if (cancelled) return;
        // The server refused this code for good; a lost connection is retried.
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          setState({ step: "failed", message: errorText(error) });
        } else {
          schedule(verificationId);
        }
        return;
      }
      if (cancelled) return;
      if (answer.status === "APPROVED") {
        try {
          approved(answer);
        } catch (error) {
          // SPEC.md §4: an APPROVED answer must carry both tokens to sign in.
          setState({ step: "failed", message: errorText(error) });
        }
        return;
      }
      if (answer.status === "EXPIRED") {
        setState({ step: "expired" });
        return;
      }
      schedule(verificationId);
    };

    createDeviceCode(api, kind)
      .then((created) => {
        if (cancelled) return;
        setState({
          step: "waiting",
          code: created.code,
          expiresAt: Date.now() + created.expiresInSeconds * 1000,
        });
        schedule(created.verificationId);
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ step: "failed", message: errorText(error) });
      });

    return () => {
      cancelled = true;
      if (handle !== undefined) window.clearTimeout(handle);
    };
  }, [api, kind, approved, attempt]);

  const restart = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, restart };
}
