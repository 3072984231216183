import { ROLE_LABELS, SIDE_MENU } from "@fonika/shared";
import { Outlet, useNavigate } from "react-router";
import { AppLayout } from "../components/layouts/app-layout.tsx";
import { SideMenu } from "../components/layouts/side-menu.tsx";
import { UserBadge } from "../components/layouts/user-badge.tsx";
import { paths } from "../config/paths.ts";
import { LibraryTree } from "../features/library/components/library-tree.tsx";
import { useProfile } from "../features/profile/api/get-profile.ts";
import { displayNameOf, initialsOf } from "../features/profile/display-name.ts";
import { HeaderSearch } from "../features/search/components/header-search.tsx";
import { useSession, useSessionState } from "../lib/app-services.ts";

/** The layout of every signed-in screen, filled for the current role. */
export function AppShell() {
  const { status, role, userId } = useSessionState();
  const session = useSession();
  const navigate = useNavigate();
  // A player device holds no account: no profile to read, nothing to search.
  const device = role === "player-device";
  const profile = useProfile(status === "signed-in" && !device ? userId : null);

  // Until the session is known the guard shows its loader without a menu.
  if (status !== "signed-in") return <Outlet />;

  const handleLogout = () => {
    void session.logout();
    navigate(paths.home, { replace: true });
  };

  return (
    <AppLayout
      menu={(closeDrawer) => (
        <SideMenu
          entries={SIDE_MENU[role]}
          before={
            role === "role-content-manager" ? <LibraryTree onNavigate={closeDrawer} /> : undefined
          }
          onNavigate={closeDrawer}
          onLogout={handleLogout}
        />
      )}
      search={device ? undefined : <HeaderSearch key={role} role={role} />}
      user={
        <UserBadge
          name={
            device
              ? "Это устройство"
              : profile.data
                ? displayNameOf(profile.data)
                : profile.isError
                  ? "Профиль"
                  : undefined
          }
          initials={profile.data ? initialsOf(profile.data) : undefined}
          roleLabel={ROLE_LABELS[role]}
          imageUrl={profile.data?.imageUrl}
        />
      }
    >
      <Outlet />
    </AppLayout>
  );
}
