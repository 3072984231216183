import { INPUT } from "@fonika/shared";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { REQUIRED_FIELD } from "../../../lib/error-messages.ts";
import type { PersonNames } from "./name-fields.tsx";

/** The field's label: browser flows and tests find it by this. */
export const FULL_NAME_LABEL = "Фамилия, имя и отчество";

/** What one word lacks: the first name after the last. */
const FIRST_NAME_MISSING = "Введите фамилию и имя через пробел";

/**
 * A person's full name as typed in one field, read in the Russian order:
 * the first word is the last name, the second the first name, the rest the
 * patronymic ("Гусейн оглы" stays whole); none when it is not typed.
 */
export function splitFullName(text: string): PersonNames {
  const [lastName = "", firstName = "", ...rest] = text.trim().split(/\s+/).filter(Boolean);
  return { lastName, firstName, patronymic: rest.join(" ") };
}

/** The field's message, or null when it names at least a last and a first name. */
export function fullNameError(text: string): string | null {
  const { lastName, firstName } = splitFullName(text);
  if (!lastName) return REQUIRED_FIELD.fullName;
  return firstName ? null : FIRST_NAME_MISSING;
}

/** "Фамилия: Орлова · имя: Анна · отчество: Сергеевна": how the field was read, to be checked. */
function readingOf(text: string): string | undefined {
  const { lastName, firstName, patronymic } = splitFullName(text);
  if (!lastName) return "Например, Иванова Анна Сергеевна; отчество — если есть";
  const parts = [`Фамилия: ${lastName}`];
  if (firstName) parts.push(`имя: ${firstName}`);
  if (patronymic) parts.push(`отчество: ${patronymic}`);
  return parts.join(" · ");
}

interface FullNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Show the field's message (after a submit). */
  showErrors: boolean;
}

/**
 * The last name, first name and patronymic in one field (issue 28): one
 * thing to type on a phone, and the phone's own autofill fills it whole.
 * The line under it says how it was read; the profile's page keeps the
 * three fields for a correction.
 */
export function FullNameField({ value, onChange, showErrors }: FullNameFieldProps) {
  return (
    <TextInput
      label={FULL_NAME_LABEL}
      value={value}
      onChange={onChange}
      autoComplete="name"
      autoCapitalize="words"
      max={INPUT.defaultMax}
      error={showErrors ? fullNameError(value) : null}
      hint={readingOf(value)}
    />
  );
}
