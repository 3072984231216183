import { type FormEvent, useState } from "react";
import { Button } from "../ui/button.tsx";
import { MaskedInput } from "../ui/masked-input.tsx";
import { Page, Section } from "../ui/page.tsx";
import { TextInput } from "../ui/text-input.tsx";
import type { TextInputType } from "../ui/text-input-rules.ts";
import { BackLink, type BackTarget } from "./back-link.tsx";

export interface FormScreenField {
  label: string;
  type?: TextInputType;
  /** A mask of SPEC.md §5 tokens instead of a plain text field. */
  mask?: string;
  required?: boolean;
  min?: number;
  max?: number;
  hint?: string;
}

interface FormScreenProps {
  title: string;
  description: string;
  sectionTitle: string;
  fields: readonly FormScreenField[];
  submitLabel: string;
  /** Why saving is not possible yet; shown beside the disabled button. */
  unavailableReason: string;
  back?: BackTarget;
}

/**
 * A screen whose form is laid out with the §5 inputs but cannot be sent
 * yet: the fields validate as typed, and the button says why it is off.
 */
export function FormScreen({
  title,
  description,
  sectionTitle,
  fields,
  submitLabel,
  unavailableReason,
  back,
}: FormScreenProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const setValue = (label: string, value: string) =>
    setValues((current) => ({ ...current, [label]: value }));
  const handleSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <Page title={title} description={description} actions={back && <BackLink {...back} />}>
      <Section title={sectionTitle}>
        <form className="form" onSubmit={handleSubmit} noValidate aria-label={sectionTitle}>
          <div className="form__grid">
            {fields.map((field) =>
              field.mask ? (
                <MaskedInput
                  key={field.label}
                  label={field.label}
                  mask={field.mask}
                  value={values[field.label] ?? ""}
                  onChange={({ masked }) => setValue(field.label, masked)}
                  hint={field.hint}
                />
              ) : (
                <TextInput
                  key={field.label}
                  label={field.label}
                  type={field.type}
                  value={values[field.label] ?? ""}
                  onChange={(value) => setValue(field.label, value)}
                  rules
                  required={field.required ?? true}
                  min={field.min}
                  max={field.max}
                  hint={field.hint}
                />
              ),
            )}
          </div>
          <div className="form__actions">
            <Button type="submit" disabled aria-describedby="form-unavailable">
              {submitLabel}
            </Button>
            <span className="muted" id="form-unavailable">
              {unavailableReason}
            </span>
          </div>
        </form>
      </Section>
    </Page>
  );
}
