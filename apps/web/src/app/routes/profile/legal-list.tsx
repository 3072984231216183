import type { Organization } from "@fonika/shared";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";
import { useOrganizations } from "../../../features/organizations/api/list-organizations.ts";
import { useRemoveOrganization } from "../../../features/organizations/api/remove-organization.ts";
import { useRemovePaymentMethod } from "../../../features/organizations/api/remove-payment-method.ts";
import { OrganizationCard } from "../../../features/organizations/components/organization-card.tsx";
import {
  type PaymentMethod,
  paymentMethodName,
} from "../../../features/organizations/components/payment-methods-list.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useLegalListOwner } from "./legal-owner.ts";

type Removal =
  | { kind: "organization"; organization: Organization }
  | { kind: "payment-method"; organization: Organization; payment: PaymentMethod };

function CardsSkeleton() {
  return (
    <ul className="organization-cards" aria-busy="true" aria-label="Организации загружаются">
      {[0, 1].map((index) => (
        <li key={index}>
          <div className="organization-card organization-card--loading">
            <Skeleton width="60%" height="1.3em" />
            <Skeleton width="40%" />
            <Skeleton width="80%" />
            <Skeleton width="70%" />
            <Skeleton width="100%" height="56px" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Asks before removing an organization or a payment method; the server's refusal shows inside. */
function RemovalDialog({
  removal,
  userId,
  onClose,
}: {
  removal: Removal;
  userId: string;
  onClose: () => void;
}) {
  const removeOrganization = useRemoveOrganization(userId);
  const removeMethod = useRemovePaymentMethod(userId);
  const busy = removeOrganization.isPending || removeMethod.isPending;
  const failure = removeOrganization.error ?? removeMethod.error;
  const confirm = () => {
    if (removal.kind === "organization") {
      removeOrganization.mutate(removal.organization.id, {
        onSuccess: () => {
          toast.success("Организация удалена");
          onClose();
        },
      });
    } else {
      removeMethod.mutate(
        { organizationId: removal.organization.id, paymentMethodId: removal.payment.method.id },
        {
          onSuccess: () => {
            toast.success("Способ оплаты удалён");
            onClose();
          },
        },
      );
    }
  };
  const title = removal.kind === "organization" ? "Удалить организацию?" : "Удалить способ оплаты?";
  return (
    <ConfirmDialog
      title={title}
      confirmLabel="Удалить"
      tone="danger"
      busy={busy}
      error={failure ? errorText(failure) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      {removal.kind === "organization"
        ? `«${removal.organization.companyName}» и её способы оплаты будут удалены.`
        : `Удалить ${paymentMethodName(removal.payment)} организации «${removal.organization.companyName}»?`}
    </ConfirmDialog>
  );
}

/** `/profile/legal-list`: a client's legal entities and entrepreneurs with their payment methods. */
export default function LegalListScreen() {
  const { userId, query, back } = useLegalListOwner();
  const organizations = useOrganizations(userId);
  const profile = useProfile(userId);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const mayAdd = profile.data?.abilities.edit ?? false;
  const addLink = (
    <Link
      to={pathTo("ProfileAddCompany", {}, query)}
      className="button button--primary button--md organization-add-link"
    >
      Добавить организацию
    </Link>
  );

  let body: ReactNode;
  if (organizations.isPending) body = <CardsSkeleton />;
  else if (organizations.isError) {
    body = (
      <EmptyState icon="profile" title="Не удалось загрузить организации">
        {errorText(organizations.error)}
      </EmptyState>
    );
  } else if (organizations.data.length === 0) {
    body = (
      <EmptyState icon="profile" title="Организации не добавлены" action={mayAdd && addLink}>
        Добавьте ИП или юридическое лицо, чтобы оплачивать подписки по счёту или бизнес-картой.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="organization-cards">
        {organizations.data.map((organization) => (
          <li key={organization.id}>
            <OrganizationCard
              organization={organization}
              onRemoveMethod={
                organization.abilities.edit
                  ? (payment) => setRemoval({ kind: "payment-method", organization, payment })
                  : undefined
              }
              actions={
                organization.abilities.edit ? (
                  <>
                    <Link
                      to={pathTo(
                        "ProfileAddCompany",
                        {},
                        { ...query, organization: organization.id },
                      )}
                      className="button button--secondary button--md"
                      aria-label={`Добавить способ оплаты: ${organization.companyName}`}
                    >
                      Добавить способ оплаты
                    </Link>
                    {organization.abilities.remove ? (
                      <Button
                        variant="ghost"
                        icon="trash"
                        aria-label={`Удалить организацию ${organization.companyName}`}
                        onClick={() => setRemoval({ kind: "organization", organization })}
                      >
                        Удалить
                      </Button>
                    ) : (
                      <span className="muted organization-card__note">
                        Через неё оплачивается подписка
                      </span>
                    )}
                  </>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page
      title={ROUTES.ProfileLegalList.title}
      description="Организации, от имени которых оплачиваются подписки, и их способы оплаты."
      actions={
        <>
          <BackLink {...back} />
          {mayAdd && organizations.data && organizations.data.length > 0 && addLink}
        </>
      }
    >
      {body}
      {removal && userId && (
        <RemovalDialog removal={removal} userId={userId} onClose={() => setRemoval(null)} />
      )}
    </Page>
  );
}
