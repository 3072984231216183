import type { ReactNode } from "react";
import "./field.css";

interface FieldProps {
  id: string;
  label: string;
  /** The message under the field; its line is reserved so nothing jumps. */
  message?: string | null;
  hint?: string;
  children: ReactNode;
  className?: string;
}

/** Label, control and message of one form field. */
export function Field({ id, label, message, hint, children, className }: FieldProps) {
  return (
    <div className={`field${message ? " field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <div className="field__message" id={`${id}-message`} aria-live="polite">
        {message ?? hint ?? ""}
      </div>
    </div>
  );
}
