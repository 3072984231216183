import { needsAgreement, roleMay } from "@fonika/shared";
import { useState } from "react";
import { useParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { SIDE_MENU } from "../../../config/menus.ts";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { WAITING_MEANWHILE } from "../../../features/accounts/account-texts.ts";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";
import { AgreementBanner } from "../../../features/accounts/components/agreement-banner.tsx";
import {
  CompleteProfileForm,
  type PersonName,
  type ProfileRequisites,
  type ProfileType,
  type ProfileVenue,
} from "../../../features/accounts/components/complete-profile-form.tsx";
import { ProfileSummary } from "../../../features/accounts/components/profile-summary.tsx";
import {
  type MeanwhileStep,
  WaitActivationNotice,
  WaitingMeanwhile,
} from "../../../features/accounts/components/wait-activation-notice.tsx";
import { useAddEstablishment } from "../../../features/establishments/api/add-establishment.ts";
import { useEstablishments } from "../../../features/establishments/api/list-establishments.ts";
import {
  useVenueDraft,
  VenueFields,
} from "../../../features/establishments/components/venue-fields.tsx";
import { useChangeOrganizationInfo } from "../../../features/organizations/api/change-organization-info.ts";
import { OrganizationInfo } from "../../../features/organizations/components/organization-info.tsx";
import { RequisitesFields } from "../../../features/organizations/components/requisites-fields.tsx";
import {
  type RequisitesDraft,
  requisiteErrors,
  toOrganizationInput,
  useRequisitesDraft,
} from "../../../features/organizations/hooks/use-requisites-draft.ts";
import { useSession, useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { ApproveDevice } from "../devices/approve-device.tsx";
import { WaitingVenue } from "./waiting-venue.tsx";
import "./cabinet.css";

/**
 * Checks whether a manager has activated the account by refreshing the
 * token; an activated account then leaves the cabinet (the app shell's
 * useLeaveWaitingOnActivation).
 */
function useActivationCheck() {
  const session = useSession();
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const check = async () => {
    setChecking(true);
    setMessage(null);
    try {
      await session.refresh();
      if (session.getState().role === "wait-activation")
        setMessage("Аккаунт пока не активирован. Мы сообщим, когда всё будет готово.");
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setChecking(false);
    }
  };
  return { check, checking, message };
}

/**
 * What a waiting account may do meanwhile: the screens of its side menu
 * beside the cabinet, named with the menu's own words.
 */
const WAITING_STEPS: readonly MeanwhileStep[] = SIDE_MENU["wait-activation"].flatMap((entry) => {
  const text = WAITING_MEANWHILE[entry.route];
  return text ? [{ label: entry.label, to: pathTo(entry.route), text }] : [];
});

/**
 * The organization's requisites of the first profile: typed beside the
 * person's fields and saved as the profile's organization-info just before
 * the profile itself (a refused requisite stops the sending).
 */
function useProfileRequisites(userId: string): ProfileRequisites {
  const typed = useRequisitesDraft();
  const [companyTyped, setCompanyTyped] = useState(false);
  const change = useChangeOrganizationInfo(userId);
  /** The draft with an entrepreneur's name offered until its field is typed into. */
  const draftFor = (type: ProfileType, person: PersonName): RequisitesDraft => ({
    ...typed,
    values:
      type === "individual" && !companyTyped
        ? { ...typed.values, company: entrepreneurName(person) }
        : typed.values,
    set: (field, value) => {
      if (field === "company") setCompanyTyped(true);
      typed.set(field, value);
    },
  });
  return {
    render: (type, showErrors, person) => (
      <RequisitesFields
        draft={draftFor(type, person)}
        type={type}
        showErrors={showErrors}
        companyOffered={type === "individual" && !companyTyped}
      />
    ),
    invalid: (type, person) =>
      Object.values(requisiteErrors(draftFor(type, person).values, type)).some(Boolean),
    company: (type, person) => draftFor(type, person).values.company.trim(),
    save: async (type, person) => {
      await change.mutateAsync(toOrganizationInput(draftFor(type, person).values, type));
    },
  };
}

/** Whether a client has a venue: a page of one tells. */
const FIRST_VENUE = { page: 0, query: "", count: 1 } as const;

/**
 * The first venue, asked in the profile's form while the client has none
 * (issue 28): name and address, added before the profile is sent; a
 * refusal is said under its fields. Once added it is named instead, so
 * sending again (the profile refused) does not add it twice.
 */
function useProfileVenue(userId: string): ProfileVenue | undefined {
  const venues = useEstablishments(userId, FIRST_VENUE);
  const draft = useVenueDraft();
  const add = useAddEstablishment(userId);
  const added = add.data;
  if (!added && venues.data?.total !== 0) return undefined;
  return {
    render: (showErrors) =>
      added ? (
        <p>Заведение «{added.name}» добавлено.</p>
      ) : (
        <>
          <VenueFields draft={draft} showErrors={showErrors} optional />
          {add.isError && (
            <p className="form__error" role="alert">
              {`Заведение не добавлено: ${errorText(add.error)}`}
            </p>
          )}
        </>
      ),
    check: () => Boolean(added) || draft.empty || draft.check() !== null,
    save: async () => {
      if (added || draft.empty) return;
      const input = draft.check();
      if (!input) throw new Error("The venue's fields are wrong");
      await add.mutateAsync(input);
    },
  };
}

/** An entrepreneur's registered name: «ИП» and their full name. */
function entrepreneurName({ lastName, firstName, patronymic }: PersonName): string {
  const name = [lastName, firstName, patronymic]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
  return name ? `ИП ${name}` : "";
}

/** `/cabinet/{preselect?}`: `legal` or `individual` chooses the type at first. */
function preselectedType(preselect: string | undefined): ProfileType | undefined {
  return preselect === "legal" || preselect === "individual" ? preselect : undefined;
}

function CompleteProfile({ userId }: { userId: string }) {
  const { preselect } = useParams();
  const profile = useProfile(userId);
  const requisites = useProfileRequisites(userId);
  const venue = useProfileVenue(userId);
  return (
    <Page
      title={ROUTES.Cabinet.title}
      description="Расскажите о себе и своей компании — после проверки менеджер откроет доступ к сервису."
    >
      <Section title="Заполнение профиля">
        <CompleteProfileForm
          profile={profile.data}
          initialType={preselectedType(preselect)}
          requisites={requisites}
          venue={venue}
        />
      </Section>
    </Page>
  );
}

export default function CabinetScreen() {
  const { role, userId, authority } = useSessionState();
  const profile = useProfile(userId);
  const activation = useActivationCheck();

  if (role === "edit-personal-info" && userId) return <CompleteProfile userId={userId} />;

  if (role === "wait-activation") {
    return (
      <Page title={ROUTES.Cabinet.title}>
        <WaitActivationNotice />
        {userId && <WaitingVenue userId={userId} />}
        <Section title="Пока аккаунт ждёт">
          <WaitingMeanwhile meanwhile={WAITING_STEPS}>
            <div className="form__actions">
              <Button
                variant="secondary"
                busy={activation.checking}
                onClick={() => void activation.check()}
              >
                Проверить статус
              </Button>
            </div>
            {activation.message && (
              <p className="muted" role="status">
                {activation.message}
              </p>
            )}
          </WaitingMeanwhile>
        </Section>
        <Section title="Ваши данные">
          <ProfileSummary profile={profile.data} />
        </Section>
        {userId && (
          <Section title="Организация">
            <OrganizationInfo
              userId={userId}
              empty={<p className="muted">Реквизиты организации не заполнены.</p>}
            />
          </Section>
        )}
      </Page>
    );
  }

  return (
    <Page
      title={ROUTES.Cabinet.title}
      description="Данные учётной записи и вход на других устройствах."
    >
      {userId && needsAgreement(authority) && <AgreementBanner userId={userId} />}
      <Section title="Ваши данные">
        <ProfileSummary profile={profile.data} />
      </Section>
      {roleMay(role, "approveDevices") && userId && (
        <Section title="Подтвердить вход на другом устройстве">
          <p className="muted">
            Если на плеере или в другом браузере выбран вход с помощью кода, введите показанный там
            код — устройство подключится как плеер заведения.
          </p>
          <ApproveDevice userId={userId} />
        </Section>
      )}
    </Page>
  );
}
