import { type accountsApi, type EndpointBody, emailSchema, type Profile } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { completedPhone, PhoneInput } from "../../../components/ui/email-or-phone-input.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { textInputError } from "../../../components/ui/text-input-rules.ts";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import { formatPhone } from "../../../lib/format.ts";
import { NAME_RULES, NameFields, namesInvalid, type PersonNames } from "./name-fields.tsx";
import "../users.css";

/** What the form sends: every field, an empty string clearing an optional one. */
export type UserInfoChange = EndpointBody<typeof accountsApi.changePersonalInfo>;

interface UserInfoFormProps {
  profile: Profile;
  onSubmit: (change: UserInfoChange) => void;
  busy: boolean;
  /** The server's refusal of the last save. */
  error: unknown;
}

/** A user's names and contacts as staff edit them (POST /personal-info/{userId}/change). */
export function UserInfoForm({ profile, onSubmit, busy, error }: UserInfoFormProps) {
  const [names, setNames] = useState<PersonNames>({
    lastName: profile.lastName ?? "",
    firstName: profile.firstName ?? "",
    patronymic: profile.patronymic ?? "",
  });
  const [phone, setPhone] = useState(profile.contactPhone ? formatPhone(profile.contactPhone) : "");
  const [contactEmail, setContactEmail] = useState(profile.contactEmail ?? "");
  const [company, setCompany] = useState(profile.company ?? "");
  const [submitted, setSubmitted] = useState(false);

  const normalizedPhone = phone ? completedPhone(phone) : "";
  const phoneError = normalizedPhone === null ? CLIENT_ERRORS.invalidPhone : null;
  const emailError =
    contactEmail.trim() && !emailSchema.safeParse(contactEmail.trim()).success
      ? CLIENT_ERRORS.invalidEmail
      : null;
  const invalid = [
    namesInvalid(names),
    textInputError(company, { ...NAME_RULES, required: false }),
    phoneError,
    emailError,
  ].some(Boolean);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid || normalizedPhone === null) return;
    onSubmit({
      lastName: names.lastName.trim(),
      firstName: names.firstName.trim(),
      patronymic: names.patronymic.trim(),
      phone: normalizedPhone,
      contactEmail: contactEmail.trim().toLowerCase(),
      company: company.trim(),
    });
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate aria-label="Личные данные">
      <div className="form__grid">
        <NameFields names={names} onChange={setNames} showErrors={submitted} />
        <TextInput
          label="Компания"
          value={company}
          onChange={setCompany}
          showError={submitted}
          required={false}
          hint="Необязательно"
          autoComplete="off"
          {...NAME_RULES}
        />
        <PhoneInput
          label="Контактный телефон"
          value={phone}
          onChange={setPhone}
          error={submitted ? phoneError : null}
          autoComplete="off"
        />
        <TextInput
          label="Контактный e-mail"
          value={contactEmail}
          onChange={setContactEmail}
          inputMode="email"
          max={254}
          required={false}
          error={submitted ? emailError : null}
          hint="Необязательно"
          autoComplete="off"
        />
      </div>
      {Boolean(error) && (
        <p className="form__error" role="alert">
          {errorText(error)}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          Сохранить изменения
        </Button>
      </div>
    </form>
  );
}
