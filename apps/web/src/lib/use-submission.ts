import { useCallback, useState } from "react";
import { errorText } from "./error-messages.ts";

/**
 * A form's sending: busy while `send` runs, and the reason it failed (the
 * server's words) kept to show above the button. `onError` sees the failure
 * first, for a form that also marks a field (a taken name).
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useCallback(
    async (send: () => Promise<unknown>, onError?: (failure: unknown) => void) => {
      setBusy(true);
      setError(null);
      try {
        await send();
      } catch (failure) {
        onError?.(failure);
        setError(errorText(failure));
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return { busy, error, setError, submit };
}
