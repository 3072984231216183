import { type ReactNode, useId } from "react";
import { useHydrated } from "../../lib/hydration.ts";
import "./checkbox.css";

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null;
  id?: string;
}

export function Checkbox({ checked, onChange, children, error, id }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hydrated = useHydrated();
  return (
    <div className={`checkbox${error ? " checkbox--invalid" : ""}`}>
      <input
        id={inputId}
        type="checkbox"
        checked={checked}
        disabled={!hydrated}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-message` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={inputId}>{children}</label>
      {error && (
        <div className="checkbox__message" id={`${inputId}-message`}>
          {error}
        </div>
      )}
    </div>
  );
}
