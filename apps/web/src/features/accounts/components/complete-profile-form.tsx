import type { Profile } from "@fonika/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { paths } from "../../../config/paths.ts";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import {
  type CreatePersonalInfoInput,
  useCreatePersonalInfo,
} from "../api/create-personal-info.ts";
import { PersonFields, type PersonValues, personValuesInvalid } from "./person-fields.tsx";
import "../accounts.css";

export type ProfileType = CreatePersonalInfoInput["type"];

/**
 * The organization's requisites filled in with the profile. Another feature
 * owns them, so the screen hands them in: their fields, their checks, the
 * company name they give the profile, and their saving, done before the
 * profile is sent (a failure stops the sending and shows its reason).
 */
export interface ProfileRequisites {
  render: (type: ProfileType, showErrors: boolean, person: PersonName) => ReactNode;
  invalid: (type: ProfileType, person: PersonName) => boolean;
  company: (type: ProfileType, person: PersonName) => string;
  save: (type: ProfileType, person: PersonName) => Promise<void>;
}

/** The person's names as typed: an entrepreneur's requisites are named after them. */
export type PersonName = Pick<PersonValues, "lastName" | "firstName" | "patronymic">;

interface CompleteProfileFormProps {
  /** What the account already knows (its sign-in e-mail or phone). */
  profile?: Profile;
  /** The type chosen at first (the cabinet's preselect). */
  initialType?: ProfileType;
  /** The organization's requisites, asked beside the person's fields. */
  requisites: ProfileRequisites;
}

/** The profile a new account fills in before a manager activates it. */
export function CompleteProfileForm({
  profile,
  initialType = "individual",
  requisites,
}: CompleteProfileFormProps) {
  const [type, setType] = useState<ProfileType>(initialType);
  const [person, setPerson] = useState<PersonValues>({
    lastName: "",
    firstName: "",
    patronymic: "",
    phone: { masked: "", completed: false },
    contactEmail: profile?.email ?? "",
  });
  const [agreement, setAgreement] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [savingRequisites, setSavingRequisites] = useState(false);
  const [requisitesFailure, setRequisitesFailure] = useState<string | null>(null);
  const createProfile = useCreatePersonalInfo();

  const agreementError = agreement ? null : CLIENT_ERRORS.agreementRequired;
  const invalid =
    personValuesInvalid(person) || requisites.invalid(type, person) || agreementError !== null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid || !agreement) return;
    setRequisitesFailure(null);
    setSavingRequisites(true);
    try {
      await requisites.save(type, person);
    } catch (error) {
      setRequisitesFailure(errorText(error));
      return;
    } finally {
      setSavingRequisites(false);
    }
    const companyName = requisites.company(type, person);
    const { lastName, firstName, patronymic, phone, contactEmail } = person;
    try {
      await createProfile.mutateAsync({
        type,
        lastName: lastName.trim(),
        firstName: firstName.trim(),
        patronymic: patronymic.trim() || undefined,
        phone: phone.masked || undefined,
        contactEmail: contactEmail.trim() || undefined,
        company: companyName || undefined,
        agreement: true,
      });
      // Told after the session moved on: the cabinet shows the waiting state by then.
      toast.success("Профиль заполнен. Аккаунт передан на активацию");
    } catch {
      // The form shows the reason (createProfile.error).
    }
  };

  return (
    <form
      className="form"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Заполнение профиля"
    >
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
      <PersonFields values={person} onChange={setPerson} showErrors={submitted} />
      <section className="form__section" aria-labelledby="profile-requisites-title">
        <h3 className="form__section-title" id="profile-requisites-title">
          {type === "legal" ? "Реквизиты организации" : "Реквизиты ИП"}
        </h3>
        <p className="muted">
          Нужны для договора и оплаты подписок. Их можно будет изменить в профиле.
        </p>
        {requisites.render(type, submitted, person)}
      </section>
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
      {(requisitesFailure || createProfile.isError) && (
        <p className="form__error" role="alert">
          {requisitesFailure ?? errorText(createProfile.error)}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={savingRequisites || createProfile.isPending}>
          Сохранить и отправить на активацию
        </Button>
      </div>
    </form>
  );
}
