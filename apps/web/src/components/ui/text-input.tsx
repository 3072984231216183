import { type ClipboardEvent, type InputHTMLAttributes, useId, useState } from "react";
import { fillInText, pasteTooLongText } from "../../lib/error-messages.ts";
import { useHydrated } from "../../lib/hydration.ts";
import { Field } from "./field.tsx";
import { Icon } from "./icon.tsx";
import {
  acceptPasted,
  acceptTyped,
  maxLengthOf,
  normalizeOnBlur,
  type TextInputRules,
  type TextInputType,
  textInputError,
} from "./text-input-rules.ts";
import "./text-input.css";

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "value" | "onChange" | "min" | "max" | "required"
>;

export interface TextInputProps extends NativeProps, TextInputRules {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: TextInputType;
  /** A message from outside (e.g. the server's reason); shown instead of the rule's. */
  error?: string | null;
  /** Show the rule's message even before the field was left (after a submit). */
  showError?: boolean;
  hint?: string;
}

const INPUT_MODE: Partial<
  Record<TextInputType, InputHTMLAttributes<HTMLInputElement>["inputMode"]>
> = {
  number: "numeric",
  time: "numeric",
  card: "numeric",
};

/** The text field of SPEC.md §5: text, password, time, number and card. */
export function TextInput({
  label,
  value,
  onChange,
  type = "text",
  rules = false,
  min,
  max,
  required = true,
  requiredMessage,
  error,
  showError = false,
  hint,
  id,
  className,
  onBlur,
  onPaste,
  ...native
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hydrated = useHydrated();
  const [touched, setTouched] = useState(false);
  const [pasteRefused, setPasteRefused] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const options: TextInputRules = {
    type,
    rules,
    min,
    max,
    required,
    // A field with no text of its own still names itself: 'Заполните поле «Адрес»'.
    requiredMessage: requiredMessage ?? fillInText(label),
  };
  const maxLength = maxLengthOf(options);
  const ruleMessage = touched || showError ? textInputError(value, options) : null;
  const message = error || (pasteRefused ? pasteTooLongText(maxLength) : null) || ruleMessage;

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData("text");
    const selection = {
      start: input.selectionStart ?? value.length,
      end: input.selectionEnd ?? value.length,
    };
    const next = acceptPasted(value, pasted, selection, options);
    setPasteRefused(next === null);
    if (next !== null) onChange(next);
  };

  const htmlType = type === "password" && !passwordVisible ? "password" : "text";

  return (
    <Field id={inputId} label={label} message={message} hint={hint} className={className}>
      <div className="input-box">
        <input
          {...native}
          id={inputId}
          className="input"
          type={htmlType}
          inputMode={INPUT_MODE[type]}
          value={value}
          readOnly={native.readOnly || !hydrated}
          maxLength={maxLength}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${inputId}-message`}
          aria-required={required || undefined}
          onChange={(event) => {
            const next = acceptTyped(event.target.value, options);
            setPasteRefused(false);
            if (next !== null) onChange(next);
          }}
          onPaste={handlePaste}
          onBlur={(event) => {
            setTouched(true);
            const normalized = normalizeOnBlur(value, options);
            if (normalized !== value) onChange(normalized);
            onBlur?.(event);
          }}
        />
        {type === "password" && (
          <button
            type="button"
            className="input-box__toggle"
            aria-label={passwordVisible ? "Скрыть пароль" : "Показать пароль"}
            aria-pressed={passwordVisible}
            onClick={() => setPasswordVisible((visible) => !visible)}
          >
            <Icon name={passwordVisible ? "eye-off" : "eye"} />
          </button>
        )}
      </div>
    </Field>
  );
}
