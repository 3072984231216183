import { type SelectHTMLAttributes, useId } from "react";
import { Field } from "./field.tsx";

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> {
  label: string;
  value: T | "";
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  /** The first, empty choice shown while nothing is chosen. */
  placeholder?: string;
  error?: string | null;
  hint?: string;
}

/** A labelled native select (keyboard and mobile pickers for free) with its message line. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  hint,
  id,
  className,
  ...native
}: SelectFieldProps<T>) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <Field id={selectId} label={label} message={error} hint={hint} className={className}>
      <select
        {...native}
        id={selectId}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${selectId}-message`}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
