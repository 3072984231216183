import type { Organization, OrganizationInput, Profile } from "@fonika/shared";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { SummaryRowsSkeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useChangePersonalInfo } from "../../../features/accounts/api/change-personal-info.ts";
import { useChangeOrganizationInfo } from "../../../features/organizations/api/change-organization-info.ts";
import { useOrganizationInfo } from "../../../features/organizations/api/get-organization-info.ts";
import { OrganizationForm } from "../../../features/organizations/components/organization-form.tsx";
import { OrganizationSummary } from "../../../features/organizations/components/organization-summary.tsx";
import { errorText } from "../../../lib/error-messages.ts";

/** The legal list of a user: the own one without a query, a client's with `clientId`. */
export function legalListPath(userId: string, own: boolean): string {
  return pathTo("ProfileLegalList", {}, own ? {} : { clientId: userId });
}

function SummarySkeleton() {
  return (
    <dl className="summary" aria-busy="true">
      <SummaryRowsSkeleton />
    </dl>
  );
}

/**
 * Saves the profile's organization-info; the profile's own type and company
 * follow it, so the profile says what the requisites say.
 */
function useSaveOrganizationInfo(profile: Profile) {
  const changeOrganization = useChangeOrganizationInfo(profile.userId);
  const changeProfile = useChangePersonalInfo(profile.userId);
  const [error, setError] = useState<string | null>(null);
  const save = async (input: OrganizationInput): Promise<Organization | null> => {
    setError(null);
    try {
      const organization = await changeOrganization.mutateAsync(input);
      if (profile.type !== organization.type || profile.company !== organization.company) {
        await changeProfile.mutateAsync({ type: organization.type, company: organization.company });
      }
      return organization;
    } catch (failure) {
      setError(errorText(failure));
      return null;
    }
  };
  return { save, error, busy: changeOrganization.isPending || changeProfile.isPending };
}

interface ProfileOrganizationProps {
  profile: Profile;
  /** The signed-in user's own profile (its legal list needs no client id). */
  own: boolean;
}

/**
 * The profile's organization-info: its requisites, changed in place with
 * the same checks as the API's. Shown for client profiles: those with a
 * type (individual or legal) or an organization already filled in.
 */
export function ProfileOrganization({ profile, own }: ProfileOrganizationProps) {
  const organization = useOrganizationInfo(profile.userId);
  const [editing, setEditing] = useState(false);
  const saving = useSaveOrganizationInfo(profile);

  // A profile without a type (staff) shows the section only once an organization is found.
  if (!profile.type && !organization.data) return null;

  const data = organization.data ?? null;
  const mayEdit = data ? data.abilities.edit : profile.abilities.edit;
  const listLink = (
    <Link to={legalListPath(profile.userId, own)} className="button button--secondary button--md">
      Все организации
    </Link>
  );

  let body: ReactNode;
  if (organization.isPending) body = <SummarySkeleton />;
  else if (organization.isError) {
    body = (
      <p className="form__error" role="alert">
        {errorText(organization.error)}
      </p>
    );
  } else if (editing) {
    body = (
      <OrganizationForm
        initial={data}
        label="Реквизиты организации"
        submitLabel="Сохранить реквизиты"
        busy={saving.busy}
        error={saving.error}
        onSubmit={(input) =>
          void saving.save(input).then((saved) => {
            if (!saved) return;
            toast.success("Реквизиты организации сохранены");
            setEditing(false);
          })
        }
        actions={
          <Button variant="ghost" onClick={() => setEditing(false)} disabled={saving.busy}>
            Отмена
          </Button>
        }
      />
    );
  } else if (data) body = <OrganizationSummary organization={data} />;
  else {
    body = (
      <p className="muted">
        Реквизиты ИП или юридического лица не заполнены. Они нужны для оплаты подписок по счёту и
        закрывающих документов.
      </p>
    );
  }

  return (
    <Section
      title="Организация"
      actions={
        <div className="section-actions">
          {mayEdit && !editing && !organization.isPending && !organization.isError && (
            <Button variant="secondary" icon="edit" onClick={() => setEditing(true)}>
              {data ? "Изменить реквизиты" : "Заполнить реквизиты"}
            </Button>
          )}
          {listLink}
        </div>
      }
    >
      {body}
    </Section>
  );
}
