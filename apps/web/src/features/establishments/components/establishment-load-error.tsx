import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { pathTo } from "../../../config/paths.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-messages.ts";
import "../establishments.css";

interface EstablishmentLoadErrorProps {
  error: unknown;
  clientId?: string;
}

/**
 * Why an establishment could not be shown: not found (someone else's, or
 * deleted: the server answers both with 404), not allowed, or another failure.
 */
export function EstablishmentLoadError({ error, clientId }: EstablishmentLoadErrorProps) {
  const status = isApiError(error) ? error.status : 0;
  const title =
    status === 404
      ? "Заведение не найдено"
      : status === 403
        ? "Нет доступа к этому заведению"
        : "Не удалось открыть заведение";
  const text =
    status === 404
      ? clientId
        ? "У этого клиента нет такого заведения: возможно, ссылка устарела или заведение удалено."
        : "Среди ваших заведений такого нет: возможно, ссылка устарела или заведение удалено."
      : errorText(error);
  return (
    <div className="card">
      <EmptyState
        icon={status === 403 ? "shield" : "objects"}
        title={title}
        action={
          <Link
            to={pathTo("ClientObjectsList", {}, { clientId })}
            className="button button--secondary button--md"
          >
            К списку заведений
          </Link>
        }
      >
        {text}
      </EmptyState>
    </div>
  );
}
