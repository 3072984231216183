import { MESSAGES } from "@fonika/shared";
import { Link, useRouteError } from "react-router";
import { FullscreenLayout } from "../../../components/layouts/fullscreen-layout.tsx";
import { paths } from "../../../config/paths.ts";

/** Shown when a screen fails to load or render (e.g. a chunk missing after a release). */
export function RouteError() {
  const error = useRouteError();
  console.error("Screen failed", error);
  return (
    <FullscreenLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">{MESSAGES.somethingWentWrong}</h1>
        <p>Страница не загрузилась. Обновите её — обычно это помогает.</p>
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary button--md"
            onClick={() => window.location.reload()}
          >
            Обновить страницу
          </button>
          <Link to={paths.home} className="button button--secondary button--md">
            На главную
          </Link>
        </div>
      </div>
    </FullscreenLayout>
  );
}
