import { FIRMWARE_VERSION, PLAYER_UPDATES } from "@fonika/shared";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { type MetaFieldErrors, type MetaFormValues, VERSION_HINT } from "../meta-form.ts";

interface FirmwareMetaFieldsProps {
  values: MetaFormValues;
  errors: MetaFieldErrors;
  /** Errors show once the form was sent. */
  submitted: boolean;
  set: (field: keyof MetaFormValues, value: string) => void;
  disabled?: boolean;
  /** The name field takes the focus (in a dialog). */
  autoFocus?: boolean;
}

/** A firmware's name and version, as the upload form and the edit dialog ask them. */
export function FirmwareMetaFields({
  values,
  errors,
  submitted,
  set,
  disabled = false,
  autoFocus = false,
}: FirmwareMetaFieldsProps) {
  return (
    <>
      <TextInput
        label="Название"
        value={values.name}
        onChange={(value) => set("name", value)}
        rules
        min={PLAYER_UPDATES.nameMin}
        max={PLAYER_UPDATES.nameMax}
        showError={submitted}
        error={errors.name}
        autoComplete="off"
        disabled={disabled}
        {...(autoFocus ? { "data-autofocus": true } : {})}
      />
      <TextInput
        label="Версия"
        value={values.version}
        onChange={(value) => set("version", value)}
        showError={submitted}
        error={errors.version}
        hint={VERSION_HINT}
        max={FIRMWARE_VERSION.maxLength}
        autoComplete="off"
        disabled={disabled}
      />
    </>
  );
}
