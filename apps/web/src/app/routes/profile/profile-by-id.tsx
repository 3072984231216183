import { ROUTES } from "@fonika/shared";
import { useParams } from "react-router";
import { Page, Section } from "../../../components/ui/page.tsx";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";
import { ProfileSummary } from "../../../features/accounts/components/profile-summary.tsx";
import { errorText } from "../../../lib/error-messages.ts";

/** A user's profile by id; the server decides whether the viewer may see it. */
export default function ProfileByIdScreen() {
  const { id } = useParams();
  const profile = useProfile(id ?? null);
  return (
    <Page
      title={ROUTES.ProfileById.title}
      description="Контактные данные, роль и статус пользователя."
    >
      <Section title="Данные пользователя">
        {profile.isError ? (
          <p className="form__error" role="alert">
            {errorText(profile.error)}
          </p>
        ) : (
          <ProfileSummary profile={profile.data} />
        )}
      </Section>
    </Page>
  );
}
