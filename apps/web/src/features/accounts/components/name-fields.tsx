import { TextInput } from "../../../components/ui/text-input.tsx";
import { textInputError } from "../../../components/ui/text-input-rules.ts";
import { REQUIRED_FIELD } from "../../../lib/error-messages.ts";

export const NAME_RULES = { rules: true, min: 1 } as const;
export const LAST_NAME_RULES = { ...NAME_RULES, requiredMessage: REQUIRED_FIELD.lastName } as const;
export const FIRST_NAME_RULES = {
  ...NAME_RULES,
  requiredMessage: REQUIRED_FIELD.firstName,
} as const;

/** A person's names as staff type them. */
export interface PersonNames {
  lastName: string;
  firstName: string;
  patronymic: string;
}

/** Whether a name is missing or holds a mistake (the patronymic is optional). */
export function namesInvalid(names: PersonNames): boolean {
  return [
    textInputError(names.lastName, LAST_NAME_RULES),
    textInputError(names.firstName, FIRST_NAME_RULES),
    textInputError(names.patronymic, { ...NAME_RULES, required: false }),
  ].some(Boolean);
}

interface NameFieldsProps {
  names: PersonNames;
  onChange: (names: PersonNames) => void;
  /** Show the fields' messages (after a submit). */
  showErrors: boolean;
}

/** The last name, first name and patronymic fields of a form grid. */
export function NameFields({ names, onChange, showErrors }: NameFieldsProps) {
  return (
    <>
      <TextInput
        label="Фамилия"
        value={names.lastName}
        onChange={(lastName) => onChange({ ...names, lastName })}
        showError={showErrors}
        autoComplete="off"
        {...LAST_NAME_RULES}
      />
      <TextInput
        label="Имя"
        value={names.firstName}
        onChange={(firstName) => onChange({ ...names, firstName })}
        showError={showErrors}
        autoComplete="off"
        {...FIRST_NAME_RULES}
      />
      <TextInput
        label="Отчество"
        value={names.patronymic}
        onChange={(patronymic) => onChange({ ...names, patronymic })}
        showError={showErrors}
        required={false}
        hint="Необязательно"
        autoComplete="off"
        {...NAME_RULES}
      />
    </>
  );
}
