import { emailSchema, type Profile } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { PHONE_MASK } from "../../../components/ui/mask-tokens.ts";
import { MaskedInput } from "../../../components/ui/masked-input.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { textInputError } from "../../../components/ui/text-input-rules.ts";
import { paths } from "../../../config/paths.ts";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import {
  type CreatePersonalInfoInput,
  useCreatePersonalInfo,
} from "../api/create-personal-info.ts";

type ProfileType = CreatePersonalInfoInput["type"];

const NAME_RULES = { rules: true, min: 1 } as const;

interface CompleteProfileFormProps {
  /** What the account already knows (its sign-in e-mail or phone). */
  profile?: Profile;
}

/** The profile a new account fills in before a manager activates it. */
export function CompleteProfileForm({ profile }: CompleteProfileFormProps) {
  const [type, setType] = useState<ProfileType>("individual");
  const [lastName, setLastName] = useState("");
  const [firstName, setFirstName] = useState("");
  const [patronymic, setPatronymic] = useState("");
  const [phone, setPhone] = useState({ masked: "", completed: false });
  const [contactEmail, setContactEmail] = useState(profile?.email ?? "");
  const [company, setCompany] = useState("");
  const [agreement, setAgreement] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const createProfile = useCreatePersonalInfo();

  const companyRequired = type === "legal";
  const phoneError = phone.masked && !phone.completed ? CLIENT_ERRORS.invalidPhone : null;
  const emailError =
    contactEmail && !emailSchema.safeParse(contactEmail).success
      ? CLIENT_ERRORS.invalidEmail
      : null;
  const agreementError = agreement ? null : CLIENT_ERRORS.agreementRequired;
  const invalid = [
    textInputError(lastName, NAME_RULES),
    textInputError(firstName, NAME_RULES),
    textInputError(patronymic, { ...NAME_RULES, required: false }),
    textInputError(company, { ...NAME_RULES, required: companyRequired }),
    phoneError,
    emailError,
    agreementError,
  ].some(Boolean);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid || !agreement) return;
    createProfile.mutate(
      {
        type,
        lastName: lastName.trim(),
        firstName: firstName.trim(),
        patronymic: patronymic.trim() || undefined,
        phone: phone.masked || undefined,
        contactEmail: contactEmail.trim() || undefined,
        company: company.trim() || undefined,
        agreement: true,
      },
      {
        onSuccess: () => toast.success("Профиль заполнен. Аккаунт передан на активацию"),
      },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate aria-label="Заполнение профиля">
      <fieldset className="segmented">
        <legend className="field__label">Вы регистрируетесь как</legend>
        <label className={`segmented__option${type === "individual" ? " is-active" : ""}`}>
          <input
            type="radio"
            name="profile-type"
            value="individual"
            checked={type === "individual"}
            onChange={() => setType("individual")}
          />
          Индивидуальный предприниматель
        </label>
        <label className={`segmented__option${type === "legal" ? " is-active" : ""}`}>
          <input
            type="radio"
            name="profile-type"
            value="legal"
            checked={type === "legal"}
            onChange={() => setType("legal")}
          />
          Юридическое лицо
        </label>
      </fieldset>
      <div className="form__grid">
        <TextInput
          label="Фамилия"
          value={lastName}
          onChange={setLastName}
          autoComplete="family-name"
          showError={submitted}
          {...NAME_RULES}
        />
        <TextInput
          label="Имя"
          value={firstName}
          onChange={setFirstName}
          autoComplete="given-name"
          showError={submitted}
          {...NAME_RULES}
        />
        <TextInput
          label="Отчество"
          value={patronymic}
          onChange={setPatronymic}
          autoComplete="additional-name"
          showError={submitted}
          required={false}
          hint="Необязательно"
          {...NAME_RULES}
        />
        <TextInput
          label={companyRequired ? "Название организации" : "Название компании или ИП"}
          value={company}
          onChange={setCompany}
          autoComplete="organization"
          showError={submitted}
          required={companyRequired}
          hint={companyRequired ? undefined : "Необязательно"}
          {...NAME_RULES}
        />
        <MaskedInput
          label="Контактный телефон"
          mask={PHONE_MASK}
          value={phone.masked}
          onChange={({ masked, completed }) => setPhone({ masked, completed })}
          inputMode="tel"
          autoComplete="tel"
          error={submitted ? phoneError : null}
          hint="Необязательно"
        />
        <TextInput
          label="Контактный e-mail"
          value={contactEmail}
          onChange={setContactEmail}
          type="text"
          inputMode="email"
          autoComplete="email"
          max={254}
          required={false}
          error={submitted ? emailError : null}
          hint="Необязательно"
        />
      </div>
      <Checkbox
        checked={agreement}
        onChange={setAgreement}
        error={submitted ? agreementError : null}
      >
        Я принимаю условия{" "}
        <Link to={paths.offer} target="_blank">
          договора-оферты
        </Link>{" "}
        и даю{" "}
        <Link to={paths.ppd} target="_blank">
          согласие на обработку персональных данных
        </Link>
      </Checkbox>
      {createProfile.isError && (
        <p className="form__error" role="alert">
          {errorText(createProfile.error)}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={createProfile.isPending}>
          Сохранить и отправить на активацию
        </Button>
      </div>
    </form>
  );
}
