import type { Organization } from "@fonika/shared";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useAddOrganization } from "../../../features/organizations/api/add-organization.ts";
import { useAddPaymentMethod } from "../../../features/organizations/api/add-payment-method.ts";
import { useOrganizations } from "../../../features/organizations/api/list-organizations.ts";
import { OrganizationForm } from "../../../features/organizations/components/organization-form.tsx";
import { OrganizationSummary } from "../../../features/organizations/components/organization-summary.tsx";
import { PaymentMethodForm } from "../../../features/organizations/components/payment-method-form.tsx";
import { PaymentMethodsList } from "../../../features/organizations/components/payment-methods-list.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { type LegalListOwner, useLegalListOwner } from "./legal-owner.ts";

type Owner = LegalListOwner;

/** The first step: the organization's requisites; then its payment methods. */
function NewOrganization({ owner, userId }: { owner: Owner; userId: string }) {
  const [, setSearch] = useSearchParams();
  const add = useAddOrganization(userId);
  return (
    <Page
      title={ROUTES.ProfileAddCompany.title}
      description="Реквизиты ИП или юридического лица для оплаты подписок. После них можно добавить расчётный счёт или бизнес-карту."
      actions={
        <BackLink label="Юридические лица" to={pathTo("ProfileLegalList", {}, owner.query)} />
      }
    >
      <Section title="Организация">
        <OrganizationForm
          label="Новая организация"
          submitLabel="Добавить организацию"
          busy={add.isPending}
          error={add.isError ? errorText(add.error) : null}
          onSubmit={(input) =>
            add.mutate(input, {
              onSuccess: (organization) => {
                toast.success("Организация добавлена");
                setSearch({ ...owner.query, organization: organization.id }, { replace: true });
              },
            })
          }
        />
      </Section>
    </Page>
  );
}

/** Payment methods of one organization: those it has and a form for another. */
function PaymentMethods({
  owner,
  userId,
  organization,
}: {
  owner: Owner;
  userId: string;
  organization: Organization;
}) {
  const add = useAddPaymentMethod(userId);
  // A new form after each method added: its fields start empty again.
  const [formKey, setFormKey] = useState(0);
  const listPath = pathTo("ProfileLegalList", {}, owner.query);
  // Back where the visit started (the subscription form) when it said so; else the legal list.
  const donePath = owner.returnTo ?? listPath;
  return (
    <Page
      title="Способы оплаты"
      description={organization.company}
      actions={<BackLink label="Юридические лица" to={listPath} />}
    >
      <Section title="Организация">
        <OrganizationSummary organization={organization} />
      </Section>
      <Section title="Добавленные способы оплаты">
        <PaymentMethodsList organization={organization} />
      </Section>
      {organization.abilities.edit && (
        <Section title="Новый способ оплаты">
          <PaymentMethodForm
            key={formKey}
            busy={add.isPending}
            error={add.isError ? errorText(add.error) : null}
            onSubmit={(body) =>
              add.mutate(
                { organizationId: organization.id, body },
                {
                  onSuccess: () => {
                    toast.success(
                      body.kind === "settlement-account"
                        ? "Расчётный счёт добавлен"
                        : "Карта добавлена: сохранены только последние четыре цифры",
                    );
                    add.reset();
                    setFormKey((key) => key + 1);
                  },
                },
              )
            }
          />
        </Section>
      )}
      <div className="form__actions">
        <Link to={donePath} className="button button--secondary button--md">
          Готово
        </Link>
      </div>
    </Page>
  );
}

/** The organization of `?organization=`, found in the client's legal list. */
function ExistingOrganization({
  owner,
  userId,
  organizationId,
}: {
  owner: Owner;
  userId: string;
  organizationId: string;
}) {
  const organizations = useOrganizations(userId);
  const organization = organizations.data?.find((entry) => entry.id === organizationId);
  if (organization) {
    return <PaymentMethods owner={owner} userId={userId} organization={organization} />;
  }
  const back = (
    <BackLink label="Юридические лица" to={pathTo("ProfileLegalList", {}, owner.query)} />
  );
  return (
    <Page title="Способы оплаты" actions={back}>
      {organizations.isPending ? (
        <Spinner />
      ) : (
        <EmptyState icon="profile" title="Организация не найдена">
          {organizations.isError
            ? errorText(organizations.error)
            : "Возможно, её удалили. Вернитесь к списку юридических лиц."}
        </EmptyState>
      )}
    </Page>
  );
}

/**
 * `/profile/add-company`: a new organization, then its payment methods;
 * `?organization=` opens the payment methods of one already added,
 * `?clientId=` works on a client's (staff) and `?returnTo=` is where
 * 'Готово' leads (the legal list without it).
 */
export default function AddCompanyScreen() {
  const owner = useLegalListOwner();
  const [search] = useSearchParams();
  const organizationId = search.get("organization");
  if (!owner.userId) return null;
  return organizationId ? (
    <ExistingOrganization
      key={organizationId}
      owner={owner}
      userId={owner.userId}
      organizationId={organizationId}
    />
  ) : (
    <NewOrganization owner={owner} userId={owner.userId} />
  );
}
