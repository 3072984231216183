import type { Profile } from "@fonika/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { paths } from "../../../config/paths.ts";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import {
  type CreatePersonalInfoInput,
  useCreatePersonalInfo,
} from "../api/create-personal-info.ts";
import { FullNameField, fullNameError, splitFullName } from "./full-name-field.tsx";
import { ContactFields, contactValuesInvalid, type PersonValues } from "./person-fields.tsx";
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

/**
 * The client's first venue, asked beside the profile while the client has
 * none (issue 28). Another feature owns it, so the screen hands it in: its
 * fields, their check, and its adding, done before the profile is sent (the
 * profile's call ends the account's state of filling it in, and with it
 * this form). Left empty, it is added later.
 */
export interface ProfileVenue {
  render: (showErrors: boolean) => ReactNode;
  /** Whether it may go: nothing typed, or typed right (a wrong field says why). */
  check: () => boolean;
  /** Adds it when typed; a refusal rejects, its reason shown at its fields. */
  save: () => Promise<void>;
}

interface CompleteProfileFormProps {
  /** What the account already knows (its sign-in e-mail or phone). */
  profile?: Profile;
  /** The type chosen at first (the cabinet's preselect). */
  initialType?: ProfileType;
  /** The organization's requisites, asked beside the person's fields. */
  requisites: ProfileRequisites;
  /** The first venue, while the client has none. */
  venue?: ProfileVenue;
}

/**
 * The profile a new account fills in before a manager activates it: who
 * they are (one field for the full name), the organization's requisites,
 * the first venue while there is none, and the offer's acceptance. On a
 * phone the keyboard's «Далее» walks the fields that are asked in order;
 * the contacts, asked of no one, are folded under their summary. Sending
 * saves the requisites, adds the venue, then completes the profile.
 */
export function CompleteProfileForm({
  profile,
  initialType = "individual",
  requisites,
  venue,
}: CompleteProfileFormProps) {
  const [type, setType] = useState<ProfileType>(initialType);
  const [fullName, setFullName] = useState("");
  const [contacts, setContacts] = useState<Pick<PersonValues, "phone" | "contactEmail">>({
    phone: { masked: "", completed: false },
    contactEmail: profile?.email ?? "",
  });
  const [contactsOpen, setContactsOpen] = useState(false);
  const [agreement, setAgreement] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [requisitesFailure, setRequisitesFailure] = useState<string | null>(null);
  const createProfile = useCreatePersonalInfo();

  const person = splitFullName(fullName);
  const agreementError = agreement ? null : CLIENT_ERRORS.agreementRequired;
  const contactsInvalid = contactValuesInvalid(contacts);
  const invalid =
    fullNameError(fullName) !== null ||
    contactsInvalid ||
    requisites.invalid(type, person) ||
    agreementError !== null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    // A wrong contact is shown, not hidden in its fold.
    if (contactsInvalid) setContactsOpen(true);
    const venueReady = venue ? venue.check() : true;
    if (invalid || !agreement || !venueReady) return;
    setRequisitesFailure(null);
    setSaving(true);
    try {
      try {
        await requisites.save(type, person);
      } catch (error) {
        setRequisitesFailure(errorText(error));
        return;
      }
      try {
        await venue?.save();
      } catch {
        // The venue's fields show the reason; nothing else is sent yet.
        return;
      }
    } finally {
      setSaving(false);
    }
    const companyName = requisites.company(type, person);
    const { phone, contactEmail } = contacts;
    try {
      await createProfile.mutateAsync({
        type,
        lastName: person.lastName,
        firstName: person.firstName,
        patronymic: person.patronymic || undefined,
        phone: phone.masked || undefined,
        // The sign-in e-mail unless another was typed (the profile may load after the form opened).
        contactEmail: contactEmail.trim() || profile?.email || undefined,
        company: companyName || undefined,
        agreement: true,
      });
      // No toast: the cabinet now says the account waits, and on a phone a toast would
      // cover the next step (the venue's tariffs).
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
      <div className="form__grid">
        <FullNameField value={fullName} onChange={setFullName} showErrors={submitted} />
      </div>
      <details
        className="form__more"
        open={contactsOpen}
        onToggle={(event) => setContactsOpen(event.currentTarget.open)}
      >
        <summary>Телефон и e-mail для связи — необязательно</summary>
        <div className="form__grid">
          <ContactFields values={contacts} onChange={setContacts} showErrors={submitted} />
        </div>
      </details>
      <section className="form__section" aria-labelledby="profile-requisites-title">
        <h3 className="form__section-title" id="profile-requisites-title">
          {type === "legal" ? "Реквизиты организации" : "Реквизиты ИП"}
        </h3>
        <p className="muted">
          Нужны для договора и оплаты подписок. Их можно будет изменить в профиле.
        </p>
        {requisites.render(type, submitted, person)}
      </section>
      {venue && (
        <section className="form__section" aria-labelledby="profile-venue-title">
          <h3 className="form__section-title" id="profile-venue-title">
            Ваше заведение
          </h3>
          <p className="muted">Где будет играть музыка. Можно добавить и позже.</p>
          {venue.render(submitted)}
        </section>
      )}
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
        <Button
          type="submit"
          className="complete-profile__submit"
          busy={saving || createProfile.isPending}
        >
          Сохранить и отправить на активацию
        </Button>
      </div>
    </form>
  );
}
