import { ROUTES, type RouteName } from "@fonika/shared";
import { NavLink, useLocation } from "react-router";
import { Icon, type IconName } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";
import { CreateMenu } from "./create-menu.tsx";

interface Partition {
  label: string;
  route: RouteName;
  icon: IconName;
}

/** CONTRACT.md Library: the three root partitions of the vault. */
const PARTITIONS: readonly Partition[] = [
  { label: "Плейлисты", route: "Playlists", icon: "playlists" },
  { label: "Треки", route: "AddAudios", icon: "music" },
  { label: "Корзина", route: "Deleted", icon: "trash" },
];

/** The content manager's library tree with its 'Создать' button (hidden in the trash and tracks). */
export function LibraryTree({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const inTrash = pathname.startsWith(ROUTES.Deleted.path);
  const inTracks = pathname.startsWith(ROUTES.AddAudios.path);
  return (
    <div className="library-tree">
      {!inTrash && !inTracks && <CreateMenu />}
      <p className="side-menu__caption" id="library-tree-caption">
        Библиотека
      </p>
      <ul className="library-tree__list" aria-labelledby="library-tree-caption">
        {PARTITIONS.map((partition) => (
          <li key={partition.route}>
            <NavLink
              to={pathTo(partition.route)}
              className={({ isActive }) => `library-tree__item${isActive ? " is-active" : ""}`}
              onClick={onNavigate}
            >
              <Icon name={partition.icon} size={18} />
              <span>{partition.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
