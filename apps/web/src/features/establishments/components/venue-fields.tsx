import type { EstablishmentInput } from "@fonika/shared";
import { useState } from "react";
import { TextInput } from "../../../components/ui/text-input.tsx";
import {
  addressTimeZoneHint,
  type EstablishmentFormValues,
  emptyEstablishment,
  establishmentInputOf,
  type FieldErrors,
  TEXT_RULES,
  withAddress,
} from "./establishment-form.tsx";
import "../establishments.css";

/**
 * A venue typed inside another form (a newcomer's profile, issue 28): its
 * name and address, the zone following the address's city. Kept by the
 * screen, so that what is typed outlives the form it is shown in.
 */
export interface VenueDraft {
  values: EstablishmentFormValues;
  /** Each field's message from the last check or the server. */
  errors: FieldErrors;
  setName: (name: string) => void;
  setAddress: (address: string) => void;
  /** Nothing typed: the venue is left for later. */
  empty: boolean;
  /** The input the server takes, or null with each wrong field's message kept in `errors`. */
  check: () => EstablishmentInput | null;
}

/** A venue's draft: empty, in the browser's zone (or Moscow's) until an address names a city. */
export function useVenueDraft(): VenueDraft {
  const [values, setValues] = useState(emptyEstablishment);
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    values,
    errors,
    setName: (name) => {
      setValues((previous) => ({ ...previous, name }));
      setErrors((previous) => ({ ...previous, name: undefined }));
    },
    setAddress: (address) => {
      setValues((previous) => withAddress(previous, address, false));
      setErrors((previous) => ({ ...previous, address: undefined, timeZone: undefined }));
    },
    empty: !values.name.trim() && !values.address.trim(),
    check: () => {
      const result = establishmentInputOf(values);
      setErrors(result.errors ?? {});
      return result.input;
    },
  };
}

interface VenueFieldsProps {
  draft: VenueDraft;
  /** Show the fields' own messages (after a submit). */
  showErrors: boolean;
  /** Both fields may be left empty (the venue is added later); one typed asks for the other. */
  optional?: boolean;
}

/**
 * «Название заведения» and «Адрес заведения», with the line under the
 * address naming the zone the venue will be saved in ("Часовой пояс:
 * Екатеринбург (UTC+5) — по адресу"), as the venue's own form says it.
 * The zone is picked by hand on the venue's page, not here.
 */
export function VenueFields({ draft, showErrors, optional = false }: VenueFieldsProps) {
  const required = !optional || !draft.empty;
  return (
    <div className="form__grid">
      <TextInput
        label="Название заведения"
        value={draft.values.name}
        onChange={draft.setName}
        {...TEXT_RULES.name}
        required={required}
        showError={showErrors}
        error={draft.errors.name}
        placeholder="Например, Кофейня на Лесной"
        autoComplete="off"
      />
      <TextInput
        label="Адрес заведения"
        value={draft.values.address}
        onChange={draft.setAddress}
        {...TEXT_RULES.address}
        required={required}
        showError={showErrors}
        error={draft.errors.address ?? draft.errors.timeZone}
        hint={addressTimeZoneHint(draft.values, false)}
        placeholder="Город, улица, дом"
        autoComplete="street-address"
      />
    </div>
  );
}
