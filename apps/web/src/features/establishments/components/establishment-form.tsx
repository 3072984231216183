import {
  type EstablishmentInput,
  establishmentInputSchema,
  INPUT,
  MESSAGES,
  timeZoneOfAddress,
  timeZoneSchema,
} from "@fonika/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { type TextInputRules, textInputError } from "../../../components/ui/text-input-rules.ts";
import { REQUIRED_FIELD } from "../../../lib/error-messages.ts";
import { TimeZoneField } from "./time-zone-field.tsx";
import "../establishments.css";
import { newEstablishmentTimeZone, timeZoneLabel } from "../../../lib/time-zones.ts";
import { useSubmission } from "../../../lib/use-submission.ts";

/** The lengths the shared schema allows (SPEC.md §5: 3 to 200 by default; an address up to 500). */
export const NAME_LENGTH = { min: INPUT.defaultMin, max: INPUT.defaultMax } as const;
export const ADDRESS_LENGTH = { min: INPUT.defaultMin, max: 500 } as const;

export interface EstablishmentFormValues {
  name: string;
  address: string;
  timeZone: string;
  /** Songs marked obsceneLexicon never play on its players. */
  explicitFilter: boolean;
}

type FieldName = Exclude<keyof EstablishmentFormValues, "explicitFilter">;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The rules of each text field: what it needs when empty ('Введите название заведения'), then its length. */
export const TEXT_RULES: Record<"name" | "address", TextInputRules> = {
  name: { rules: true, ...NAME_LENGTH, requiredMessage: REQUIRED_FIELD.establishmentName },
  address: { rules: true, ...ADDRESS_LENGTH, requiredMessage: REQUIRED_FIELD.establishmentAddress },
};

/**
 * A fresh establishment: empty, in the browser's zone when it is one of
 * Russia's, else in the default one (CONTRACT.md, `newEstablishmentTimeZone`).
 */
export function emptyEstablishment(): EstablishmentFormValues {
  return { name: "", address: "", timeZone: newEstablishmentTimeZone(), explicitFilter: false };
}

/** The explicit filter's label, on the form and the establishment's page alike. */
export const EXPLICIT_FILTER_LABEL = "Не играть песни с ненормативной лексикой";

/**
 * The input the form asks for, checked as the server checks it (the shared
 * `establishmentInputSchema`), or the message of each field it refuses.
 */
export function establishmentInputOf(
  values: EstablishmentFormValues,
): { input: EstablishmentInput; errors: null } | { input: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  for (const field of ["name", "address"] as const) {
    const message = textInputError(values[field].trim(), TEXT_RULES[field]);
    if (message) errors[field] = message;
  }
  const zone = timeZoneSchema.safeParse(values.timeZone);
  if (!zone.success) errors.timeZone = zone.error.issues[0]?.message;
  const parsed = establishmentInputSchema.safeParse(values);
  if (parsed.success && Object.keys(errors).length === 0) {
    return { input: parsed.data, errors: null };
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && !errors[field]) {
        const { min, max } = field === "name" ? NAME_LENGTH : ADDRESS_LENGTH;
        errors[field] = field === "timeZone" ? issue.message : MESSAGES.lengthRange(min, max);
      }
    }
  }
  return { input: null, errors };
}

/**
 * The line under the address once it has text: the zone the venue will be
 * saved in ("Часовой пояс: Екатеринбург (UTC+5)"), with "— по адресу" while
 * that zone is the one the address names and the owner has not picked one
 * by hand. So a venue is never saved in Moscow unnoticed.
 */
export function addressTimeZoneHint(
  values: Pick<EstablishmentFormValues, "address" | "timeZone">,
  zoneChosenByHand: boolean,
): string | undefined {
  if (!values.address.trim() || !values.timeZone) return undefined;
  const fromAddress = !zoneChosenByHand && timeZoneOfAddress(values.address) === values.timeZone;
  return `Часовой пояс: ${timeZoneLabel(values.timeZone)}${fromAddress ? " — по адресу" : ""}`;
}

/**
 * The values once the address is typed: the zone follows the city the
 * address names (`timeZoneOfAddress`) until a zone is picked by hand.
 */
export function withAddress(
  values: EstablishmentFormValues,
  address: string,
  zoneChosenByHand: boolean,
): EstablishmentFormValues {
  const zone = zoneChosenByHand ? null : timeZoneOfAddress(address);
  return { ...values, address, timeZone: zone ?? values.timeZone };
}

interface EstablishmentFormProps {
  initial: EstablishmentFormValues;
  submitLabel: string;
  /** Saves the checked input; a rejection's text is shown under the form. */
  onSubmit: (input: EstablishmentInput) => Promise<unknown>;
  /** Beside the submit button, e.g. a link back. */
  secondaryAction?: ReactNode;
}

/**
 * Name, address, IANA time zone and explicit filter of an establishment,
 * checked before it is sent. Typing an address that names a city sets the
 * zone (`timeZoneOfAddress`) until the owner picks a zone by hand; from then
 * on the hand choice stays whatever the address says.
 */
export function EstablishmentForm({
  initial,
  submitLabel,
  onSubmit,
  secondaryAction,
}: EstablishmentFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [zoneChosenByHand, setZoneChosenByHand] = useState(false);
  const { busy, error: formError, submit } = useSubmission();

  const set = (field: FieldName, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const handleAddressChange = (address: string) => {
    const zone = zoneChosenByHand ? null : timeZoneOfAddress(address);
    setValues((previous) => withAddress(previous, address, zoneChosenByHand));
    setErrors((previous) => ({
      ...previous,
      address: undefined,
      ...(zone ? { timeZone: undefined } : {}),
    }));
  };

  const handleTimeZoneChange = (zone: string) => {
    setZoneChosenByHand(true);
    set("timeZone", zone);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = establishmentInputOf(values);
    if (!result.input) {
      setErrors(result.errors);
      return;
    }
    await submit(() => onSubmit(result.input));
  };

  return (
    <form className="form establishment-form" onSubmit={handleSubmit} noValidate>
      <div className="form__grid">
        <TextInput
          label="Название"
          value={values.name}
          onChange={(value) => set("name", value)}
          {...TEXT_RULES.name}
          showError={submitted}
          error={errors.name}
          placeholder="Например, Кофейня на Лесной"
          autoComplete="off"
        />
        <TextInput
          label="Адрес"
          value={values.address}
          onChange={handleAddressChange}
          {...TEXT_RULES.address}
          showError={submitted}
          error={errors.address}
          hint={addressTimeZoneHint(values, zoneChosenByHand)}
          placeholder="Город, улица, дом"
          autoComplete="street-address"
        />
        <TimeZoneField
          value={values.timeZone}
          onChange={handleTimeZoneChange}
          error={errors.timeZone}
        />
      </div>
      <Checkbox
        checked={values.explicitFilter}
        onChange={(explicitFilter) => setValues((previous) => ({ ...previous, explicitFilter }))}
      >
        {EXPLICIT_FILTER_LABEL}
      </Checkbox>
      <p className="muted establishment-form__note">
        По часовому поясу заведения плееры включают плейлисты по расписанию.
      </p>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
