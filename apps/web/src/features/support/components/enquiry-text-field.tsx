import { SUPPORT } from "@fonika/shared";
import { useId } from "react";
import { Field } from "../../../components/ui/field.tsx";
import "../support.css";

interface EnquiryTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
}

/** An enquiry's or a reply's text with a counter to SUPPORT.textMax. */
export function EnquiryTextField({
  label,
  value,
  onChange,
  error,
  placeholder,
}: EnquiryTextFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} message={error}>
      <textarea
        id={id}
        className="input textarea"
        rows={5}
        maxLength={SUPPORT.textMax}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <span
        className={`enquiry-form__counter${value.length >= SUPPORT.textMax ? " is-over" : ""}`}
        aria-live="polite"
      >
        {value.length} / {SUPPORT.textMax}
      </span>
    </Field>
  );
}
