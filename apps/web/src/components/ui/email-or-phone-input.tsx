import { digitsOnly, emailOrPhoneLabel, isEmailLike, normalizePhone } from "@fonika/shared";
import { type InputHTMLAttributes, useId } from "react";
import { Field } from "./field.tsx";
import { createMask, PHONE_MASK } from "./mask-tokens.ts";

const phoneMask = createMask(PHONE_MASK);

/**
 * The typed phone as the 11 digits the server stores, or null until the mask
 * '+7 (###) ###-##-##' is full. The mask is checked first: normalizePhone
 * alone would read an unfinished '+7 (916) 123-45-6' as the ten digits of
 * another number.
 */
export function completedPhone(value: string): string | null {
  return phoneMask.completed(value) ? normalizePhone(value) : null;
}
const PHONE_STARTERS = ["+", "7", "8"];

/** True for a value that is being typed as an e-mail rather than a phone. */
function isEmailMode(value: string): boolean {
  return isEmailLike(value) || value.includes("@");
}

/** The digits typed after the country code of a phone value. */
function localDigits(value: string): string {
  const digits = digitsOnly(value);
  if (value.startsWith("+7")) return digits.slice(1);
  if (digits.length === 11 && (digits.startsWith("7") || digits.startsWith("8"))) {
    return digits.slice(1);
  }
  return digits;
}

/**
 * The field's next value after the user typed `raw` (SPEC.md §5): values
 * with letters are e-mails and stay as typed; anything else is a phone
 * shaped by '+7 (###) ###-##-##'. A phone that turns into an e-mail keeps
 * the characters the user typed, not the mask's.
 */
export function nextEmailOrPhoneValue(previous: string, raw: string): string {
  if (isEmailMode(raw)) {
    const email = raw.replace(/\s+/g, "");
    const previousCompact = previous.replace(/\s+/g, "");
    if (previous.startsWith("+7") && !isEmailMode(previous) && email.startsWith(previousCompact)) {
      return localDigits(previous) + email.slice(previousCompact.length);
    }
    return email;
  }
  if (raw.length === 1 && PHONE_STARTERS.includes(raw)) return "+7 ";
  return phoneMask.masked(localDigits(raw));
}

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange">;

export interface EmailOrPhoneInputProps extends NativeProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** One field for an e-mail or a phone number; its label follows what is typed. */
export function EmailOrPhoneInput({
  value,
  onChange,
  error,
  id,
  className,
  ...native
}: EmailOrPhoneInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const phone = value.length > 0 && !isEmailMode(value);
  return (
    <Field id={inputId} label={emailOrPhoneLabel(value)} message={error} className={className}>
      <input
        {...native}
        id={inputId}
        className="input"
        type="text"
        inputMode={phone ? "tel" : "email"}
        autoComplete={phone ? "tel" : "email"}
        value={value}
        maxLength={254}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-message`}
        onChange={(event) => onChange(nextEmailOrPhoneValue(value, event.target.value))}
      />
    </Field>
  );
}
