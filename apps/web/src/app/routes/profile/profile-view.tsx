import type { Profile } from "@fonika/shared";
import { useState } from "react";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROLE_LABELS } from "../../../config/roles.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";
import { AvatarField } from "../../../features/accounts/components/avatar-field.tsx";
import { PersonalInfoForm } from "../../../features/accounts/components/personal-info-form.tsx";
import { ProfileSummary } from "../../../features/accounts/components/profile-summary.tsx";
import { UserStatusChip } from "../../../features/accounts/components/user-status-chip.tsx";
import { SessionsList } from "../../../features/auth/components/sessions-list.tsx";
import { useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { displayNameOf } from "../../../lib/person-names.ts";
import { ProfileOrganization } from "./profile-organization.tsx";

/** Avatar, name, role and status at the top of a profile. */
function ProfileHead({ profile }: { profile: Profile | undefined }) {
  return (
    <section className="card profile-head" aria-label="Фото и имя">
      {profile ? (
        <>
          <AvatarField profile={profile} />
          <div className="profile-head__text">
            <h2 className="profile-head__name">{displayNameOf(profile)}</h2>
            <div className="profile-head__meta">
              <span>{ROLE_LABELS[profile.role]}</span>
              <UserStatusChip profile={profile} />
            </div>
          </div>
        </>
      ) : (
        <>
          <Skeleton width="96px" height="96px" round />
          <div className="profile-head__text">
            <Skeleton width="12em" height="1.4em" />
            <Skeleton width="8em" />
          </div>
        </>
      )}
    </section>
  );
}

/** The person's fields: shown, and changed in place when the viewer may. */
function PersonalInfo({ profile }: { profile: Profile | undefined }) {
  const [editing, setEditing] = useState(false);
  const mayEdit = profile?.abilities.edit ?? false;
  return (
    <Section
      title="Личные данные"
      actions={
        mayEdit && !editing ? (
          <div className="section-actions">
            <Button variant="secondary" icon="edit" onClick={() => setEditing(true)}>
              Изменить
            </Button>
          </div>
        ) : undefined
      }
    >
      {profile && editing ? (
        <PersonalInfoForm
          profile={profile}
          onSaved={() => setEditing(false)}
          actions={
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Отмена
            </Button>
          }
        />
      ) : (
        <ProfileSummary profile={profile} />
      )}
    </Section>
  );
}

interface ProfileViewProps {
  userId: string;
  /** The signed-in user's own profile: it also lists their signed-in devices. */
  own: boolean;
}

/**
 * A profile: avatar, personal data and organization-info, each changed in
 * place as the server's abilities allow; the own one adds the sessions.
 */
export function ProfileView({ userId, own }: ProfileViewProps) {
  const { role } = useSessionState();
  const profile = useProfile(userId);
  const back =
    !own && canAccessRoute(ROUTES.Client, role)
      ? { label: "К клиенту", to: pathTo("Client", { clientId: userId }) }
      : null;
  const title = own ? ROUTES.Profile.title : ROUTES.ProfileById.title;

  if (profile.isError) {
    return (
      <Page title={title} actions={back && <BackLink {...back} />}>
        <EmptyState icon="profile" title="Не удалось открыть профиль">
          {errorText(profile.error)}
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page
      title={title}
      description={
        own
          ? "Ваши контактные данные и организации, от имени которых вы работаете."
          : "Контактные данные, роль, статус и организация пользователя."
      }
      actions={back && <BackLink {...back} />}
    >
      <ProfileHead profile={profile.data} />
      <PersonalInfo profile={profile.data} />
      {profile.data && <ProfileOrganization profile={profile.data} own={own} />}
      {own && (
        <Section title="Устройства и браузеры">
          <p className="muted">
            Где выполнен вход в ваш аккаунт и где подключены плееры заведений. Завершённый сеанс
            прекращается сразу, вместе с воспроизведением на плеере.
          </p>
          <SessionsList />
        </Section>
      )}
    </Page>
  );
}
