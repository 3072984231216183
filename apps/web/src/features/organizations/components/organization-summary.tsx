import type { Organization } from "@fonika/shared";
import { ORGANIZATION_TYPE_LABELS } from "./organization-type-choice.tsx";
import { requisiteLabels } from "./requisites-fields.tsx";

/** An organization's requisites as a definition list. */
export function OrganizationSummary({ organization }: { organization: Organization }) {
  const labels = requisiteLabels(organization.type);
  const rows: [string, string | null][] = [
    ["Тип", ORGANIZATION_TYPE_LABELS[organization.type]],
    [labels.company, organization.company],
    [labels.inn, organization.inn],
    ...(organization.type === "legal"
      ? [[labels.kpp, organization.kpp] as [string, string | null]]
      : []),
    [labels.ogrn, organization.ogrn],
    [labels.organizationAddress, organization.organizationAddress],
  ];
  return (
    <dl className="summary">
      {rows.map(([term, value]) => (
        <div className="summary__row" key={term}>
          <dt>{term}</dt>
          <dd>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
