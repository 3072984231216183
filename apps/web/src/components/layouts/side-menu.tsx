import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { LOGOUT_LABEL, type MenuEntry } from "../../config/menus.ts";
import { pathTo } from "../../config/paths.ts";
import type { RouteName } from "../../config/routes.ts";
import { Icon } from "../ui/icon.tsx";

interface SideMenuProps {
  entries: readonly MenuEntry[];
  /** Role-specific content above the entries (the content manager's library tree). */
  before?: ReactNode;
  onNavigate: () => void;
  onLogout: () => void;
  /** A count shown on an entry (the client's silent players on Players), with what it says aloud. */
  badges?: Partial<Record<RouteName, { count: number; label: string }>>;
}

/**
 * The role's menu entries and the Logout entry every menu ends with. Each
 * place is one entry and the page's entry is the only one lit: an entry
 * another one lies under is lit only on its own page.
 */
export function SideMenu({ entries, before, onNavigate, onLogout, badges }: SideMenuProps) {
  return (
    <nav className="side-menu" aria-label="Разделы">
      {before}
      {entries.length > 0 && (
        <ul className="side-menu__list">
          {entries.map((entry) => {
            const path = pathTo(entry.route);
            // An entry another one lies under (Players, Player updates) is lit only on its own page.
            const end = entries.some((other) => pathTo(other.route).startsWith(`${path}/`));
            const badge = badges?.[entry.route];
            return (
              <li key={`${entry.route}-${entry.label}`}>
                <NavLink
                  to={path}
                  end={end}
                  className={({ isActive }) => `side-menu__item${isActive ? " is-active" : ""}`}
                  onClick={onNavigate}
                >
                  <Icon name={entry.icon} />
                  <span>{entry.label}</span>
                  {badge && badge.count > 0 && (
                    <span className="side-menu__badge" role="status" aria-label={badge.label}>
                      {badge.count}
                    </span>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="side-menu__item side-menu__logout" onClick={onLogout}>
        <Icon name="logout" />
        <span>{LOGOUT_LABEL}</span>
      </button>
    </nav>
  );
}
