import { ROUTES } from "@fonika/shared";
import { Link } from "react-router";
import { Page, Section } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";
import { ProfileSummary } from "../../../features/accounts/components/profile-summary.tsx";
import { SessionsList } from "../../../features/auth/components/sessions-list.tsx";
import { useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";

/** The signed-in user's own profile and their organizations. */
export default function ProfileScreen() {
  const { userId } = useSessionState();
  const profile = useProfile(userId);
  return (
    <Page
      title={ROUTES.Profile.title}
      description="Ваши контактные данные и организации, от имени которых вы работаете."
    >
      <Section title="Контактные данные">
        {profile.isError ? (
          <p className="form__error">{errorText(profile.error)}</p>
        ) : (
          <ProfileSummary profile={profile.data} />
        )}
      </Section>
      <Section
        title="Организации"
        actions={
          <Link to={pathTo("ProfileLegalList")} className="button button--secondary button--md">
            Все организации
          </Link>
        }
      >
        <p className="muted">
          Реквизиты ИП или юридического лица нужны для оплаты подписок по счёту и закрывающих
          документов.
        </p>
      </Section>
      <Section title="Устройства и браузеры">
        <p className="muted">
          Где выполнен вход в ваш аккаунт и где подключены плееры заведений. Завершённый сеанс
          прекращается сразу, вместе с воспроизведением на плеере.
        </p>
        <SessionsList />
      </Section>
    </Page>
  );
}
