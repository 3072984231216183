import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { EmailOrPhoneInput } from "../../../components/ui/email-or-phone-input.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useSendSignInCode } from "../api/send-code.ts";
import { readSignInTarget } from "../api/sign-in-target.ts";
import "../auth.css";

/**
 * What the sign-in page is opened with after a code was sent elsewhere (the
 * landing's hero): the address, so that the page starts at typing the code.
 */
export interface CodeSentState {
  codeSentTo: string;
}

/** The navigation state of a sign-in page whose code has been sent to `address`. */
export function codeSentState(address: string): CodeSentState {
  return { codeSentTo: address };
}

/** The address a code was sent to, read from a navigation's state (anything else: none). */
export function codeSentToOf(state: unknown): string | undefined {
  if (!state || typeof state !== "object" || !("codeSentTo" in state)) return undefined;
  const address = (state as { codeSentTo: unknown }).codeSentTo;
  return typeof address === "string" && !("error" in readSignInTarget(address))
    ? address
    : undefined;
}

interface SignInStartProps {
  /** The code is on its way to `address`: show where to type it. */
  onCodeSent: (address: string) => void;
}

/**
 * The first step of signing in where a visitor already is (the landing's
 * hero, issue 28): the e-mail or phone and «Получить код», which sends the
 * code, so that the next screen is the code's. A new address makes the
 * account at its first sign-in, as on the sign-in page.
 */
export function SignInStart({ onCodeSent }: SignInStartProps) {
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);
  const sendCode = useSendSignInCode();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = readSignInTarget(address);
    if ("error" in target) {
      setError(target.error);
      return;
    }
    setError(null);
    sendCode.mutate(target, {
      onSuccess: () => onCodeSent(address),
      onError: (failure) => setError(errorText(failure)),
    });
  };

  return (
    <form className="sign-in-start" onSubmit={handleSubmit} noValidate aria-label="Вход по коду">
      <EmailOrPhoneInput
        value={address}
        onChange={(value) => {
          setAddress(value);
          setError(null);
        }}
        error={error}
      />
      <Button type="submit" size="lg" busy={sendCode.isPending}>
        Получить код
      </Button>
    </form>
  );
}
