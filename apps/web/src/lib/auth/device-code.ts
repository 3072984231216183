import { authApi, type DeviceKind, type EndpointResponse } from "@fonika/shared";
import { useCallback, useEffect, useState } from "react";
import { TIMING } from "../../config/constants.ts";
import { type ApiClient, isApiError } from "../api-client.ts";
import { errorText } from "../error-messages.ts";

/**
 * Second-device sign-in from the device's side (SPEC.md §4, RFC 8628): a
 * code to show, polled until approved. The app's device sign-in and the
 * web player (issue 14) both go through it.
 */

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

export type DeviceSignInState =
  | { step: "creating" }
  | { step: "waiting"; code: string; expiresAt: number }
  | { step: "expired" }
  | { step: "failed"; message: string };

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
