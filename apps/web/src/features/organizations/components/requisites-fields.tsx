import { INPUT, REQUISITE_LABELS } from "@fonika/shared";
import { useState } from "react";
import { TextInput } from "../../../components/ui/text-input.tsx";
import {
  ADDRESS_MAX,
  type OrganizationType,
  type RequisiteField,
  type RequisitesDraft,
  requisiteErrors,
} from "../hooks/use-requisites-draft.ts";
import "../organizations.css";

interface RequisitesFieldsProps {
  draft: RequisitesDraft;
  type: OrganizationType;
  /** Show every message, not only those of the fields already left (after a submit). */
  showErrors: boolean;
  /**
   * An entrepreneur's name is the one offered from the person's names (the
   * newcomer's profile, issue 28): shown as text with «Изменить», which
   * opens the field, so the keyboard's «Далее» goes from the names to the INN.
   */
  companyOffered?: boolean;
}

/** The names of the organization's fields for its type. */
export function requisiteLabels(type: OrganizationType) {
  return {
    company: type === "legal" ? "Название организации" : "Наименование ИП",
    inn: REQUISITE_LABELS.inn,
    kpp: REQUISITE_LABELS.kpp,
    ogrn: type === "legal" ? REQUISITE_LABELS.ogrn : REQUISITE_LABELS.ogrnip,
    organizationAddress: type === "legal" ? "Юридический адрес" : "Адрес регистрации",
  } satisfies Record<RequisiteField, string>;
}

/**
 * The requisites of an individual entrepreneur or a legal entity: name, INN,
 * KPP (a legal entity's only), OGRN or OGRNIP and address, each checked as
 * it is left with the shared checks (a wrong check digit is named at once).
 */
export function RequisitesFields({
  draft,
  type,
  showErrors,
  companyOffered = false,
}: RequisitesFieldsProps) {
  const [editingCompany, setEditingCompany] = useState(false);
  const errors = requisiteErrors(draft.values, type);
  const labels = requisiteLabels(type);
  const errorOf = (field: RequisiteField) =>
    showErrors || draft.touched.has(field) ? errors[field] : null;
  const common = (field: RequisiteField) => ({
    label: labels[field],
    value: draft.values[field],
    onChange: (value: string) => draft.set(field, value),
    onBlur: () => draft.touch(field),
    error: errorOf(field),
  });
  const legal = type === "legal";
  // Offered and right, the name is read, not typed; a wrong one shows its field and message.
  const companyAsText = companyOffered && !legal && !editingCompany && !errorOf("company");
  return (
    <div className="form__grid">
      {companyAsText ? (
        <div className="field requisites__offered">
          <span className="field__label">{labels.company}</span>
          <p className="requisites__offered-value">
            <span>{draft.values.company || "по фамилии, имени и отчеству"}</span>
            <button
              type="button"
              className="link-button"
              aria-label={`Изменить: ${labels.company}`}
              onClick={() => {
                setEditingCompany(true);
                draft.set("company", draft.values.company);
              }}
            >
              Изменить
            </button>
          </p>
        </div>
      ) : (
        <TextInput
          {...common("company")}
          max={INPUT.defaultMax}
          autoComplete="organization"
          autoFocus={editingCompany}
          hint={legal ? "Например, ООО «Ромашка»" : "Например, ИП Иванов Иван Иванович"}
        />
      )}
      <TextInput
        {...common("inn")}
        type="number"
        max={12}
        hint={legal ? "10 цифр" : "12 цифр"}
        className="requisite-field"
      />
      {legal && (
        <TextInput
          {...common("kpp")}
          onChange={(value) => draft.set("kpp", value.toUpperCase())}
          max={9}
          hint="9 символов"
          className="requisite-field"
        />
      )}
      <TextInput
        {...common("ogrn")}
        type="number"
        max={15}
        hint={legal ? "13 цифр" : "15 цифр"}
        className="requisite-field"
      />
      <TextInput
        {...common("organizationAddress")}
        max={ADDRESS_MAX}
        autoComplete="street-address"
        className="requisites__address"
      />
    </div>
  );
}
