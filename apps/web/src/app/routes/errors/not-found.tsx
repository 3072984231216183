import { useEffect } from "react";
import { Link } from "react-router";
import { FullscreenLayout } from "../../../components/layouts/fullscreen-layout.tsx";
import { paths } from "../../../config/paths.ts";

export default function NotFoundScreen() {
  useEffect(() => {
    document.title = "Страница не найдена — Фоника";
  }, []);
  return (
    <FullscreenLayout>
      <div className="auth-card">
        <p className="eyebrow">Ошибка 404</p>
        <h1 className="auth-card__title">Страница не найдена</h1>
        <p>Возможно, ссылка устарела или в адресе опечатка.</p>
        <Link to={paths.home} className="button button--primary button--md">
          На главную
        </Link>
      </div>
    </FullscreenLayout>
  );
}
