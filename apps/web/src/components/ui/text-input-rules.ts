import {
  acceptPaste,
  acceptsNumberInput,
  checkLength,
  checkTime,
  INPUT,
  normalizeTime,
  truncateToMax,
} from "@fonika/shared";
import { fillInText } from "../../lib/error-messages.ts";

export type TextInputType = "text" | "password" | "time" | "number" | "card";

export interface TextInputRules {
  type?: TextInputType;
  /** Validation messages are given only when rules are enabled (SPEC.md §5). */
  rules?: boolean;
  min?: number;
  max?: number;
  /** Optional fields left empty skip the rules. */
  required?: boolean;
  /**
   * What the field says when it is required and left empty (or blank), e.g.
   * 'Введите фамилию' (REQUIRED_FIELD); 'Заполните это поле' when unset.
   */
  requiredMessage?: string;
}

/** The most characters a field of this kind holds. */
export function maxLengthOf({ type = "text", max = INPUT.defaultMax }: TextInputRules): number {
  return type === "time" ? INPUT.timeMaxLength : max;
}

/**
 * The message for a value, or null when it passes: what the field needs when
 * a required text, password or time is empty or blank, then the length for
 * text and password, 'Некорректное время' for time, nothing for number and
 * card.
 */
export function textInputError(value: string, options: TextInputRules): string | null {
  const { type = "text", rules = false, min = INPUT.defaultMin, max = INPUT.defaultMax } = options;
  const required = options.required ?? true;
  if (!rules) return null;
  if (value.length === 0 && !required) return null;
  if (type === "number" || type === "card") return null;
  if (required && value.trim().length === 0) return options.requiredMessage ?? fillInText();
  switch (type) {
    case "text":
    case "password":
      return checkLength(value, { min, max }, required);
    case "time":
      return checkTime(value, required);
  }
}

/**
 * What the field holds after the user typed `next`: refused (null) when a
 * number gets a non-digit or a time gets anything but digits and ':';
 * otherwise truncated to the maximum length.
 */
export function acceptTyped(next: string, options: TextInputRules): string | null {
  const type = options.type ?? "text";
  if (type === "number" && !acceptsNumberInput(next)) return null;
  if (type === "time" && !/^[\d:]*$/.test(next)) return null;
  return truncateToMax(next, maxLengthOf(options));
}

/**
 * What the field holds after pasting: line breaks dropped, refused (null)
 * when the result would exceed the maximum or break the type.
 */
export function acceptPasted(
  current: string,
  pasted: string,
  selection: { start: number; end: number },
  options: TextInputRules,
): string | null {
  const next = acceptPaste(current, pasted, maxLengthOf(options), selection);
  if (next === null) return null;
  return acceptTyped(next, options) === next ? next : null;
}

/** A time typed as '930' or '9:30' leaves the field as '09:30'. */
export function normalizeOnBlur(value: string, options: TextInputRules): string {
  if (options.type !== "time" || value.length === 0) return value;
  return normalizeTime(value) ?? value;
}
