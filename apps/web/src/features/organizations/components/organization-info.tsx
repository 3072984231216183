import type { ReactNode } from "react";
import { SummaryRowsSkeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useOrganizationInfo } from "../api/get-organization-info.ts";
import { OrganizationSummary } from "./organization-summary.tsx";
import { PaymentMethodsList } from "./payment-methods-list.tsx";
import "../organizations.css";

interface OrganizationInfoProps {
  userId: string;
  /** What stands in while the user has no organization yet. */
  empty: ReactNode;
}

/**
 * A user's organization-info, read-only: the requisites and the payment
 * methods, as the waiting client sees what they sent and a client manager
 * checks it before activating.
 */
export function OrganizationInfo({ userId, empty }: OrganizationInfoProps) {
  const organization = useOrganizationInfo(userId);
  if (organization.isError) {
    return (
      <p className="form__error" role="alert">
        {errorText(organization.error)}
      </p>
    );
  }
  if (organization.isPending) {
    return (
      <dl className="summary" aria-busy="true">
        <SummaryRowsSkeleton />
      </dl>
    );
  }
  if (!organization.data) return empty;
  return (
    <>
      <OrganizationSummary organization={organization.data} />
      <PaymentMethodsList organization={organization.data} />
    </>
  );
}
