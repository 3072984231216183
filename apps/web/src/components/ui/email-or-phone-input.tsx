import { digitsOnly, emailOrPhoneLabel, isEmailLike, normalizePhone } from "@fonika/shared";
import { type InputHTMLAttributes, useId } from "react";
import { useHydrated } from "../../lib/hydration.ts";
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

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "value" | "onChange" | "inputMode"
>;

export interface EmailOrPhoneInputProps extends NativeProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

interface AddressFieldProps extends EmailOrPhoneInputProps {
  label: string;
  inputMode: "tel" | "email";
  /** The next value for what the user typed; null refuses the keystroke. */
  next: (raw: string) => string | null;
}

/** The text field both address inputs are: a labelled input shaped as typed. */
function AddressField({
  label,
  inputMode,
  next,
  value,
  onChange,
  error,
  id,
  className,
  ...native
}: AddressFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hydrated = useHydrated();
  return (
    <Field id={inputId} label={label} message={error} className={className}>
      <input
        autoComplete={inputMode}
        {...native}
        id={inputId}
        className="input"
        type="text"
        inputMode={inputMode}
        value={value}
        readOnly={native.readOnly || !hydrated}
        maxLength={254}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-message`}
        onChange={(event) => {
          const shaped = next(event.target.value);
          if (shaped !== null) onChange(shaped);
        }}
      />
    </Field>
  );
}

/** One field for an e-mail or a phone number; its label follows what is typed. */
export function EmailOrPhoneInput(props: EmailOrPhoneInputProps) {
  const phone = props.value.length > 0 && !isEmailMode(props.value);
  return (
    <AddressField
      {...props}
      label={emailOrPhoneLabel(props.value)}
      inputMode={phone ? "tel" : "email"}
      next={(raw) => nextEmailOrPhoneValue(props.value, raw)}
    />
  );
}

/**
 * A phone-only field, shaped exactly as the sign-in field shapes a phone
 * ('8 916…', '+7 916…' and '916…' all become '+7 (916) …'); letters and
 * '@' are refused, so nothing but a phone ever enters it.
 */
export function PhoneInput(props: EmailOrPhoneInputProps & { label: string }) {
  return (
    <AddressField
      {...props}
      inputMode="tel"
      next={(raw) => (isEmailMode(raw) ? null : nextEmailOrPhoneValue(props.value, raw))}
    />
  );
}
