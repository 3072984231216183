import { emailSchema } from "@fonika/shared";
import { PHONE_MASK } from "../../../components/ui/mask-tokens.ts";
import { MaskedInput } from "../../../components/ui/masked-input.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { textInputError } from "../../../components/ui/text-input-rules.ts";
import { CLIENT_ERRORS } from "../../../lib/error-messages.ts";
import { FIRST_NAME_RULES, LAST_NAME_RULES, NAME_RULES } from "./name-fields.tsx";

/** The person's own fields of a profile as typed. */
export interface PersonValues {
  lastName: string;
  firstName: string;
  patronymic: string;
  phone: { masked: string; completed: boolean };
  contactEmail: string;
}

function phoneErrorOf({ phone }: Pick<PersonValues, "phone">): string | null {
  return phone.masked && !phone.completed ? CLIENT_ERRORS.invalidPhone : null;
}

function emailErrorOf({ contactEmail }: Pick<PersonValues, "contactEmail">): string | null {
  const email = contactEmail.trim();
  return email && !emailSchema.safeParse(email).success ? CLIENT_ERRORS.invalidEmail : null;
}

/** Whether the contact phone or e-mail holds a mistake (both may be left empty). */
export function contactValuesInvalid(values: Pick<PersonValues, "phone" | "contactEmail">) {
  return Boolean(phoneErrorOf(values) || emailErrorOf(values));
}

/** Whether any of the person's fields holds a mistake. */
export function personValuesInvalid(values: PersonValues): boolean {
  return (
    [
      textInputError(values.lastName, LAST_NAME_RULES),
      textInputError(values.firstName, FIRST_NAME_RULES),
      textInputError(values.patronymic, { ...NAME_RULES, required: false }),
    ].some(Boolean) || contactValuesInvalid(values)
  );
}

interface PersonFieldsProps {
  values: PersonValues;
  onChange: (values: PersonValues) => void;
  /** Show the fields' messages (after a submit). */
  showErrors: boolean;
}

/** Names, contact phone and e-mail of a profile, in a form grid. */
export function PersonFields({ values, onChange, showErrors }: PersonFieldsProps) {
  const set = (change: Partial<PersonValues>) => onChange({ ...values, ...change });
  return (
    <div className="form__grid">
      <TextInput
        label="Фамилия"
        value={values.lastName}
        onChange={(lastName) => set({ lastName })}
        autoComplete="family-name"
        showError={showErrors}
        {...LAST_NAME_RULES}
      />
      <TextInput
        label="Имя"
        value={values.firstName}
        onChange={(firstName) => set({ firstName })}
        autoComplete="given-name"
        showError={showErrors}
        {...FIRST_NAME_RULES}
      />
      <TextInput
        label="Отчество"
        value={values.patronymic}
        onChange={(patronymic) => set({ patronymic })}
        autoComplete="additional-name"
        showError={showErrors}
        required={false}
        hint="Необязательно"
        {...NAME_RULES}
      />
      <ContactFields values={values} onChange={(change) => set(change)} showErrors={showErrors} />
    </div>
  );
}

type ContactValues = Pick<PersonValues, "phone" | "contactEmail">;

interface ContactFieldsProps {
  values: ContactValues;
  onChange: (change: ContactValues) => void;
  /** Show the fields' messages (after a submit). */
  showErrors: boolean;
}

/** The contact phone and e-mail of a profile, both optional, inside a form grid. */
export function ContactFields({ values, onChange, showErrors }: ContactFieldsProps) {
  const set = (change: Partial<ContactValues>) => onChange({ ...values, ...change });
  return (
    <>
      <MaskedInput
        label="Контактный телефон"
        mask={PHONE_MASK}
        value={values.phone.masked}
        onChange={({ masked, completed }) => set({ phone: { masked, completed } })}
        inputMode="tel"
        autoComplete="tel"
        error={showErrors ? phoneErrorOf(values) : null}
        hint="Необязательно"
      />
      <TextInput
        label="Контактный e-mail"
        value={values.contactEmail}
        onChange={(contactEmail) => set({ contactEmail })}
        inputMode="email"
        autoComplete="email"
        max={254}
        required={false}
        error={showErrors ? emailErrorOf(values) : null}
        hint="Необязательно"
      />
    </>
  );
}
