import { type InputHTMLAttributes, useId, useMemo } from "react";
import { useHydrated } from "../../lib/hydration.ts";
import { Field } from "./field.tsx";
import { createMask } from "./mask-tokens.ts";

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange">;

export interface MaskedValue {
  masked: string;
  unmasked: string;
  completed: boolean;
}

export interface MaskedInputProps extends NativeProps {
  label: string;
  /** A mask of SPEC.md §5 tokens: # digit, X letter or digit, S letter, A upper, a lower, ! escape. */
  mask: string;
  value: string;
  onChange: (value: MaskedValue) => void;
  error?: string | null;
  hint?: string;
}

/** A field that keeps its value in the shape of a mask. */
export function MaskedInput({
  label,
  mask,
  value,
  onChange,
  error,
  hint,
  id,
  className,
  ...native
}: MaskedInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hydrated = useHydrated();
  const maskInstance = useMemo(() => createMask(mask), [mask]);

  const emit = (raw: string) => {
    const masked = maskInstance.masked(raw.replace(/[\r\n]+/g, ""));
    onChange({
      masked,
      unmasked: maskInstance.unmasked(masked),
      completed: maskInstance.completed(masked),
    });
  };

  return (
    <Field id={inputId} label={label} message={error} hint={hint} className={className}>
      <input
        {...native}
        id={inputId}
        className="input"
        type="text"
        value={value}
        readOnly={native.readOnly || !hydrated}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-message`}
        onChange={(event) => emit(event.target.value)}
      />
    </Field>
  );
}
