import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { useSignAgreement } from "../api/sign-agreement.ts";

/** Asks a user whose authority carries 'sign-agreement' to accept the current offer. */
export function AgreementBanner({ userId }: { userId: string }) {
  const sign = useSignAgreement(userId);
  return (
    <section className="banner" aria-label="Новая редакция оферты">
      <p>
        Опубликована новая редакция <Link to={paths.offer}>договора-оферты</Link>. Чтобы продолжить
        пользоваться сервисом, примите её условия.
      </p>
      {sign.isError && (
        <p className="form__error" role="alert">
          {errorText(sign.error)}
        </p>
      )}
      <Button busy={sign.isPending} onClick={() => sign.mutate()}>
        Принять условия
      </Button>
    </section>
  );
}
