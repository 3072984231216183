import { type AssignableRole, emailSchema, isEmailLike, type Profile } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { completedPhone, EmailOrPhoneInput } from "../../../components/ui/email-or-phone-input.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { ROLE_LABELS } from "../../../config/roles.ts";
import { CLIENT_ERRORS, errorText, REQUIRED_FIELD } from "../../../lib/error-messages.ts";
import { useCreateUser } from "../api/create-user.ts";
import { NameFields, namesInvalid, type PersonNames } from "./name-fields.tsx";
import "../users.css";

const ROLE_REQUIRED = "Выберите роль";

/** The sign-in address as the server takes it, or the message for the field. */
export function readSignInAddress(
  value: string,
): { email: string } | { phone: string } | { error: string } {
  const trimmed = value.trim();
  if (!trimmed) return { error: REQUIRED_FIELD.emailOrPhone };
  if (isEmailLike(trimmed) || trimmed.includes("@")) {
    const email = trimmed.toLowerCase();
    return emailSchema.safeParse(email).success ? { email } : { error: CLIENT_ERRORS.invalidEmail };
  }
  // Only a full '+7 (###) ###-##-##': an unfinished one is not another number.
  const phone = completedPhone(trimmed);
  return phone ? { phone } : { error: CLIENT_ERRORS.invalidPhone };
}

interface CreateUserFormProps {
  /** The roles the server lets the signed-in user give (GET creatable-roles). */
  roles: readonly AssignableRole[];
  onCreated: (profile: Profile) => void;
}

/**
 * A new account (staff or client): the e-mail or phone it signs in with by
 * code, the person's names and a role among those the server allows.
 */
export function CreateUserForm({ roles, onCreated }: CreateUserFormProps) {
  const [address, setAddress] = useState("");
  const [names, setNames] = useState<PersonNames>({ lastName: "", firstName: "", patronymic: "" });
  const [role, setRole] = useState<AssignableRole | "">(roles.length === 1 ? (roles[0] ?? "") : "");
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateUser();

  const target = readSignInAddress(address);
  const addressError = "error" in target ? target.error : null;
  const roleError = role ? null : ROLE_REQUIRED;
  const invalid = Boolean(addressError || roleError) || namesInvalid(names);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid || !role || "error" in target) return;
    create.mutate(
      {
        ...target,
        role,
        lastName: names.lastName.trim(),
        firstName: names.firstName.trim(),
        patronymic: names.patronymic.trim() || undefined,
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate aria-label="Новый пользователь">
      <div className="form__grid">
        <EmailOrPhoneInput
          value={address}
          onChange={(value) => {
            setAddress(value);
            create.reset();
          }}
          error={submitted ? addressError : null}
          autoComplete="off"
        />
        <SelectField
          label="Роль"
          value={role}
          placeholder="Не выбрана"
          options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          onChange={setRole}
          error={submitted ? roleError : null}
        />
        <NameFields names={names} onChange={setNames} showErrors={submitted} />
      </div>
      <p className="muted">
        Пользователь войдёт по коду, который придёт на указанный e-mail или телефон.
      </p>
      {create.isError && (
        <p className="form__error" role="alert">
          {errorText(create.error)}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={create.isPending}>
          Создать пользователя
        </Button>
      </div>
    </form>
  );
}
