import type { OrganizationType } from "../hooks/use-requisites-draft.ts";

export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  individual: "Индивидуальный предприниматель",
  legal: "Юридическое лицо",
};

interface OrganizationTypeChoiceProps {
  legend: string;
  name: string;
  value: OrganizationType;
  onChange: (type: OrganizationType) => void;
}

/** Individual entrepreneur or legal entity, as two radio buttons side by side. */
export function OrganizationTypeChoice({
  legend,
  name,
  value,
  onChange,
}: OrganizationTypeChoiceProps) {
  return (
    <fieldset className="segmented">
      <legend className="field__label">{legend}</legend>
      {(["individual", "legal"] as const).map((type) => (
        <label key={type} className={`segmented__option${value === type ? " is-active" : ""}`}>
          <input
            type="radio"
            name={name}
            value={type}
            checked={value === type}
            onChange={() => onChange(type)}
          />
          {ORGANIZATION_TYPE_LABELS[type]}
        </label>
      ))}
    </fieldset>
  );
}
