import type { Profile } from "@fonika/shared";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { fullNameOf } from "../../../lib/person-names.ts";
import { ACCOUNT_TEXTS } from "../account-texts.ts";
import { useActivateUser } from "../api/activate-user.ts";
import { ProfileSummary } from "./profile-summary.tsx";
import "../users.css";

interface ClientCheckProps {
  profile: Profile;
  /** The client's requisites and payment methods, as the organizations feature shows them. */
  requisites: ReactNode;
  /** Where all the client's organizations are listed, when the viewer may open it. */
  organizationsPath?: string | undefined;
  /** After the server took the activation: the screen fetches the profile and lists again. */
  onActivated: (userId: string) => void;
}

/**
 * The client's contacts and requisites side by side, for staff to check;
 * an account waiting for activation gets the one action 'Активировать'
 * (where the server's `abilities.activate` allows it), which makes it a
 * client at once.
 */
export function ClientCheck({
  profile,
  requisites,
  organizationsPath,
  onActivated,
}: ClientCheckProps) {
  const titleId = useId();
  const activate = useActivateUser();
  const mayActivate = profile.abilities.activate;
  const handleActivate = () =>
    activate.mutate(profile.userId, {
      onSuccess: () => {
        toast.success(ACCOUNT_TEXTS.activated);
        onActivated(profile.userId);
      },
      onError: () => toast.error(ACCOUNT_TEXTS.activationFailed),
    });

  return (
    <section className="card client-check" aria-labelledby={titleId}>
      <header className="card__header">
        <h2 className="card__title" id={titleId}>
          Контакты и реквизиты
        </h2>
        {mayActivate && (
          <Button
            busy={activate.isPending}
            aria-label={`Активировать ${fullNameOf(profile)}`}
            onClick={handleActivate}
          >
            Активировать
          </Button>
        )}
      </header>
      {mayActivate && (
        <p className="client-check__lead">
          Клиент заполнил профиль и ждёт активации. Проверьте контакты и реквизиты: после активации
          клиент сразу перейдёт к своим заведениям, а его подписки можно будет подтвердить ниже.
        </p>
      )}
      {activate.isError && (
        <p className="form__error" role="alert">
          {errorText(activate.error)}
        </p>
      )}
      <div className="client-check__columns">
        <div className="client-check__column">
          <h3 className="client-check__title">Контакты</h3>
          <ProfileSummary profile={profile} />
        </div>
        <div className="client-check__column">
          <h3 className="client-check__title">Реквизиты</h3>
          {requisites}
          {organizationsPath && (
            <Link to={organizationsPath} className="link-button client-check__more">
              Все организации клиента
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
