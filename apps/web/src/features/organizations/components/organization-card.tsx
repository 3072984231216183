import type { Organization } from "@fonika/shared";
import type { ReactNode } from "react";
import { ORGANIZATION_TYPE_LABELS } from "./organization-type-choice.tsx";
import { type PaymentMethod, PaymentMethodsList } from "./payment-methods-list.tsx";
import { requisiteLabels } from "./requisites-fields.tsx";

interface OrganizationCardProps {
  organization: Organization;
  /** Buttons and links of the card's foot, as the viewer's abilities allow. */
  actions?: ReactNode;
  onRemoveMethod?: (payment: PaymentMethod) => void;
  removingMethodId?: string | null;
}

/** One legal entity or entrepreneur of a client: requisites and payment methods. */
export function OrganizationCard({
  organization,
  actions,
  onRemoveMethod,
  removingMethodId,
}: OrganizationCardProps) {
  const labels = requisiteLabels(organization.type);
  const headingId = `organization-${organization.id}`;
  return (
    <article className="organization-card" aria-labelledby={headingId}>
      <header className="organization-card__header">
        <div>
          <h2 className="organization-card__title" id={headingId}>
            {organization.company}
          </h2>
          <p className="muted organization-card__type">
            {ORGANIZATION_TYPE_LABELS[organization.type]}
          </p>
        </div>
        {organization.primary && <span className="chip chip--active">Основная</span>}
      </header>
      <dl className="details organization-card__requisites">
        <dt>{labels.inn}</dt>
        <dd>{organization.inn}</dd>
        {organization.type === "legal" && (
          <>
            <dt>{labels.kpp}</dt>
            <dd>{organization.kpp ?? "—"}</dd>
          </>
        )}
        <dt>{labels.ogrn}</dt>
        <dd>{organization.ogrn}</dd>
        <dt>Адрес</dt>
        <dd>{organization.organizationAddress}</dd>
      </dl>
      <h3 className="organization-card__subtitle">Способы оплаты</h3>
      <PaymentMethodsList
        organization={organization}
        onRemove={onRemoveMethod}
        removingId={removingMethodId}
      />
      {actions && <footer className="organization-card__actions">{actions}</footer>}
    </article>
  );
}
