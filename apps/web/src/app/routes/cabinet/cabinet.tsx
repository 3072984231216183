import { needsAgreement, PAGING, ROUTES, startPathOf } from "@fonika/shared";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";
import { AgreementBanner } from "../../../features/accounts/components/agreement-banner.tsx";
import { CompleteProfileForm } from "../../../features/accounts/components/complete-profile-form.tsx";
import { ProfileSummary } from "../../../features/accounts/components/profile-summary.tsx";
import { WaitActivationNotice } from "../../../features/accounts/components/wait-activation-notice.tsx";
import { ApproveDeviceForm } from "../../../features/auth/components/approve-device-form.tsx";
import { useEstablishments } from "../../../features/establishments/api/list-establishments.ts";
import { useSession, useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";

/** Checks whether a manager has activated the account by refreshing the token. */
function useActivationCheck() {
  const session = useSession();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const check = async () => {
    setChecking(true);
    setMessage(null);
    try {
      await session.refresh();
      const { role } = session.getState();
      if (role === "wait-activation")
        setMessage("Аккаунт пока не активирован. Мы сообщим, когда всё будет готово.");
      else navigate(startPathOf(role), { replace: true });
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setChecking(false);
    }
  };
  return { check, checking, message };
}

/** The code approval, for one of the owner's establishments (the device becomes its player). */
function ApproveDevice({ userId }: { userId: string | null }) {
  const establishments = useEstablishments(userId, {
    page: 0,
    query: "",
    count: PAGING.maxPageSize,
  });
  const options = establishments.data?.data.map((establishment) => ({
    value: establishment.id,
    label: `${establishment.name}, ${establishment.address}`,
  }));
  return (
    <ApproveDeviceForm
      establishments={options}
      noEstablishments={
        <p className="muted">
          Плеер подключается к заведению, а у вас их пока нет.{" "}
          <Link to={pathTo("AddClientObjects")}>Добавьте первое заведение</Link>, затем введите код.
        </p>
      }
    />
  );
}

export default function CabinetScreen() {
  const { role, userId, authority } = useSessionState();
  const profile = useProfile(userId);
  const activation = useActivationCheck();

  if (role === "edit-personal-info") {
    return (
      <Page
        title={ROUTES.Cabinet.title}
        description="Расскажите о себе и своей компании — после проверки менеджер откроет доступ к сервису."
      >
        <Section title="Заполнение профиля">
          <CompleteProfileForm profile={profile.data} />
        </Section>
      </Page>
    );
  }

  if (role === "wait-activation") {
    return (
      <Page title={ROUTES.Cabinet.title}>
        <WaitActivationNotice>
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
        </WaitActivationNotice>
        <Section title="Ваши данные">
          <ProfileSummary profile={profile.data} />
        </Section>
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
      {role === "role-client" && (
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
