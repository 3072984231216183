import { isEmailLike } from "@fonika/shared";
import { type InputHTMLAttributes, useId } from "react";
import { nextEmailOrPhoneValue } from "../../../components/ui/email-or-phone-input.tsx";
import { Field } from "../../../components/ui/field.tsx";

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "value" | "onChange" | "inputMode"
>;

export interface LeadPhoneInputProps extends NativeProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/**
 * The lead form's phone field. It is shaped by the function that shapes a
 * phone in the sign-in field, so '8 916…', '+7 916…' and '916…' become the
 * same '+7 (916) …'; letters and '@' are refused, so nothing but digits ever
 * enters it.
 */
export function LeadPhoneInput({
  label,
  value,
  onChange,
  error,
  id,
  className,
  ...native
}: LeadPhoneInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} message={error} className={className}>
      <input
        {...native}
        id={inputId}
        className="input"
        type="text"
        inputMode="tel"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-message`}
        onChange={(event) => {
          const raw = event.target.value;
          if (isEmailLike(raw) || raw.includes("@")) return;
          onChange(nextEmailOrPhoneValue(value, raw));
        }}
      />
    </Field>
  );
}
