import { Field } from "./field.tsx";

interface DateFieldProps {
  id: string;
  label: string;
  /** `YYYY-MM-DD`, or "" for none. */
  value: string;
  /** The day picked, or "" when cleared. */
  onChange: (value: string) => void;
  hint?: string;
}

/** A labelled calendar day, the browser's own date picker. */
export function DateField({ id, label, value, onChange, hint }: DateFieldProps) {
  return (
    <Field id={id} label={label} {...(hint ? { hint } : {})}>
      <input
        id={id}
        className="input"
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
