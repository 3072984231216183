import type { Organization, OrganizationInput } from "@fonika/shared";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  type OrganizationType,
  requisiteErrors,
  toOrganizationInput,
  useRequisitesDraft,
} from "../hooks/use-requisites-draft.ts";
import { OrganizationTypeChoice } from "./organization-type-choice.tsx";
import { RequisitesFields } from "./requisites-fields.tsx";

interface OrganizationFormProps {
  /** The organization being changed; a new one starts empty. */
  initial?: Organization | null;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  busy: boolean;
  /** The server's reason of the last failed sending. */
  error?: string | null;
  onSubmit: (input: OrganizationInput) => void;
  /** More buttons beside the submit one (e.g. cancel). */
  actions?: ReactNode;
}

/**
 * The requisites of an organization with its type; nothing is sent while a
 * field is wrong, and the wrong ones show why.
 */
export function OrganizationForm({
  initial,
  label,
  submitLabel,
  busy,
  error,
  onSubmit,
  actions,
}: OrganizationFormProps) {
  const name = useId();
  const [type, setType] = useState<OrganizationType>(initial?.type ?? "legal");
  const draft = useRequisitesDraft(initial);
  const [submitted, setSubmitted] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(requisiteErrors(draft.values, type)).some(Boolean)) return;
    onSubmit(toOrganizationInput(draft.values, type));
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate aria-label={label}>
      <OrganizationTypeChoice
        legend="Тип организации"
        name={`organization-type-${name}`}
        value={type}
        onChange={setType}
      />
      <RequisitesFields draft={draft} type={type} showErrors={submitted} />
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
