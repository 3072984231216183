import type { Profile } from "@fonika/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatPhone } from "../../../lib/format.ts";
import { useChangeIndividualInfo } from "../api/change-individual-info.ts";
import { PersonFields, type PersonValues, personValuesInvalid } from "./person-fields.tsx";

interface PersonalInfoFormProps {
  profile: Profile;
  /** After a saved change. */
  onSaved: () => void;
  /** More buttons beside the submit one (e.g. cancel). */
  actions?: ReactNode;
}

/** The person's own fields of a profile: names, contact phone and e-mail. */
export function PersonalInfoForm({ profile, onSaved, actions }: PersonalInfoFormProps) {
  const initialPhone = profile.contactPhone ? formatPhone(profile.contactPhone) : "";
  const [person, setPerson] = useState<PersonValues>({
    lastName: profile.lastName ?? "",
    firstName: profile.firstName ?? "",
    patronymic: profile.patronymic ?? "",
    phone: { masked: initialPhone, completed: Boolean(initialPhone) },
    contactEmail: profile.contactEmail ?? "",
  });
  const [submitted, setSubmitted] = useState(false);
  const change = useChangeIndividualInfo(profile.userId);
  const invalid = personValuesInvalid(person);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    const { lastName, firstName, patronymic, phone, contactEmail } = person;
    change.mutate(
      {
        lastName: lastName.trim(),
        firstName: firstName.trim(),
        ...(patronymic.trim() ? { patronymic: patronymic.trim() } : {}),
        ...(phone.masked ? { phone: phone.masked } : {}),
        ...(contactEmail.trim() ? { contactEmail: contactEmail.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success("Личные данные сохранены");
          onSaved();
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate aria-label="Личные данные">
      <PersonFields values={person} onChange={setPerson} showErrors={submitted} />
      {change.isError && (
        <p className="form__error" role="alert">
          {errorText(change.error)}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={change.isPending}>
          Сохранить
        </Button>
        {actions}
      </div>
    </form>
  );
}
