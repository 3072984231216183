import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../config/paths.ts";
import { Icon } from "../ui/icon.tsx";
import { Logo } from "../ui/logo.tsx";
import { useMobileLayout } from "./use-mobile-layout.ts";

interface AppLayoutProps {
  /** The side menu; gets a callback that closes the mobile drawer after navigation. */
  menu: (closeDrawer: () => void) => ReactNode;
  search: ReactNode;
  user: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame (SPEC.md §2 Layout): a dark side menu and a header
 * with search and the user. Below 1024 px the menu becomes a drawer behind
 * a burger button.
 */
export function AppLayout({ menu, search, user, children }: AppLayoutProps) {
  const mobile = useMobileLayout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes whenever the page changes.
  useEffect(() => setDrawerOpen(false), [pathname, mobile]);

  useEffect(() => {
    if (!drawerOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDrawerOpen(false);
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [drawerOpen]);

  const closeDrawer = () => setDrawerOpen(false);
  const sidebarHidden = mobile && !drawerOpen;

  return (
    <div
      className={`layout${mobile ? " layout--mobile" : ""}${drawerOpen ? " layout--drawer-open" : ""}`}
    >
      <a className="skip-link" href="#main-content">
        Перейти к содержимому
      </a>
      <aside id="side-menu" className="sidebar" aria-label="Главное меню" hidden={sidebarHidden}>
        <div className="sidebar__brand">
          <Link to={paths.home} className="sidebar__logo" aria-label="Фоника">
            <Logo inverted />
          </Link>
          {mobile && (
            <button
              type="button"
              className="icon-button icon-button--dark"
              aria-label="Закрыть"
              onClick={closeDrawer}
            >
              <Icon name="close" />
            </button>
          )}
        </div>
        {menu(closeDrawer)}
      </aside>
      {mobile && drawerOpen && (
        <div className="layout__overlay" onClick={closeDrawer} aria-hidden="true" />
      )}
      <div className="layout__main">
        <header className="topbar">
          {mobile && (
            <button
              type="button"
              className="icon-button"
              aria-label="Меню"
              aria-expanded={drawerOpen}
              aria-controls="side-menu"
              onClick={() => setDrawerOpen((open) => !open)}
            >
              <Icon name="menu" />
            </button>
          )}
          <div className="topbar__search">{search}</div>
          <div className="topbar__user">{user}</div>
        </header>
        <main id="main-content" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
