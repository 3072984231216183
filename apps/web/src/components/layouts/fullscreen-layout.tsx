import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { useCurrentYear } from "../../lib/hydration.ts";
import { Logo } from "../ui/logo.tsx";

interface FullscreenLayoutProps {
  children: ReactNode;
  /** Wide pages (legal texts) use a reading column, narrow ones a centred card. */
  variant?: "card" | "document";
}

/** Pages without the side menu and header: sign-in, legal texts, errors. */
export function FullscreenLayout({ children, variant = "card" }: FullscreenLayoutProps) {
  const year = useCurrentYear();
  return (
    <div className={`fullscreen fullscreen--${variant}`}>
      <header className="fullscreen__header">
        <Link to={paths.home} aria-label="Фоника — на главную">
          <Logo />
        </Link>
      </header>
      <main id="main-content" className="fullscreen__main">
        {children}
      </main>
      <footer className="fullscreen__footer">
        <span>© {year} Фоника</span>
        <nav aria-label="Документы" className="footer-links">
          <Link to={paths.offer}>Договор-оферта</Link>
          <Link to={paths.ppd}>Согласие на обработку данных</Link>
          <Link to={paths.policy}>Политика конфиденциальности</Link>
        </nav>
      </footer>
    </div>
  );
}
