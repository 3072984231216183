import { INPUT } from "./constants.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Input rules of SPEC.md §5, shared by the web inputs and the server schemas.
 * Each check answers the Russian message to show, or null when valid.
 */

export interface LengthRule {
  min?: number;
  max?: number;
}

/**
 * Text and password length rule. SPEC.md words it as "greater than min and
 * less than max" but shows 'Введите от {min} до {max} символов' and truncates
 * input to max, so a value of exactly min or max characters is accepted
 * (decision in docs/decisions.md). Empty optional fields are skipped.
 */
export function checkLength(
  value: string,
  { min = INPUT.defaultMin, max = INPUT.defaultMax }: LengthRule = {},
  required = true,
): string | null {
  if (value.length === 0 && !required) return null;
  if (value.length < min || value.length > max) return MESSAGES.lengthRange(min, max);
  return null;
}

const TIME_PATTERN = /^(\d{1,2}):?(\d{2})$/;

/**
 * Normalizes a typed time of day to `HH:MM`, or null when it is not one:
 * 3 to 5 characters of digits with an optional colon, a 3-digit value gets a
 * leading zero, hours 0-23, minutes 0-59.
 */
export function normalizeTime(value: string): string | null {
  if (value.length < INPUT.timeMinLength || value.length > INPUT.timeMaxLength) return null;
  const digits = value.replace(":", "");
  if (!/^\d+$/.test(digits)) return null;
  const padded = /^\d{3}$/.test(value) ? `0${value}` : value;
  const match = TIME_PATTERN.exec(padded);
  if (!match?.[1] || !match[2]) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${match[2]}`;
}

/** Time rule: null when valid, else 'Некорректное время'. */
export function checkTime(value: string, required = true): string | null {
  if (value.length === 0 && !required) return null;
  return normalizeTime(value) === null ? MESSAGES.invalidTime : null;
}

/** Number inputs reject any input holding a non-digit. */
export function acceptsNumberInput(value: string): boolean {
  return /^\d*$/.test(value);
}

/** Input is truncated to the maximum length. */
export function truncateToMax(value: string, max: number = INPUT.defaultMax): string {
  return value.length > max ? value.slice(0, max) : value;
}

/**
 * Pasted text loses its line breaks and is accepted only if the result stays
 * within the maximum; null means the paste is refused.
 */
export function acceptPaste(
  current: string,
  pasted: string,
  max: number = INPUT.defaultMax,
  selection: { start: number; end: number } = { start: current.length, end: current.length },
): string | null {
  const clean = pasted.replace(/[\r\n]+/g, "");
  const next = current.slice(0, selection.start) + clean + current.slice(selection.end);
  return next.length <= max ? next : null;
}

/** A combined e-mail-or-phone value is an e-mail if it contains letters. */
export function isEmailLike(value: string): boolean {
  return /\p{L}/u.test(value);
}

/** Label of the combined e-mail-or-phone field for the value typed so far. */
export function emailOrPhoneLabel(value: string): string {
  if (value.length === 0) return MESSAGES.emailOrPhoneLabel;
  return isEmailLike(value) ? MESSAGES.emailLabel : MESSAGES.phoneLabel;
}

/** Strips every non-digit (client phone search, phone numbers). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Normalizes a Russian phone number to 11 digits starting with 7
 * (`+7 (999) 123-45-67`, `8 999 123 45 67` and `9991234567` all become
 * `79991234567`); null when it is not a phone number.
 */
export function normalizePhone(value: string): string | null {
  let digits = digitsOnly(value);
  if (digits.length === 10) digits = `7${digits}`;
  if (digits.length === 11 && digits.startsWith("8")) digits = `7${digits.slice(1)}`;
  return /^7\d{10}$/.test(digits) ? digits : null;
}

/** Schedule times are `HH:MM:SS`, two digits each, within a day. */
export const SCHEDULE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

export function isScheduleTime(value: string): boolean {
  return SCHEDULE_TIME_PATTERN.test(value);
}

/** Empty schedule weekday entries are removed before sending. */
export function compactWeekdays<T>(weekdays: readonly (T | null | undefined | "")[]): T[] {
  return weekdays.filter((day): day is T => day !== null && day !== undefined && day !== "");
}
