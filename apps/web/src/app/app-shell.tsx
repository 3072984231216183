import {
  mayCall,
  type Role,
  roleMay,
  subscriptionsApi,
  supportApi,
  vaultApi,
} from "@fonika/shared";
import { lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { Outlet, useNavigate } from "react-router";
import { AppLayout } from "../components/layouts/app-layout.tsx";
import { SideMenu } from "../components/layouts/side-menu.tsx";
import { UserBadge } from "../components/layouts/user-badge.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { SIDE_MENU } from "../config/menus.ts";
import { paths } from "../config/paths.ts";
import { ROLE_LABELS } from "../config/roles.ts";
import { LIBRARY_ROLES, startPathOf } from "../config/routes.ts";
import { useAvatarUrl } from "../features/accounts/api/get-avatar.ts";
import { useProfile } from "../features/accounts/api/get-profile.ts";
import { establishmentsQueryKey } from "../features/establishments/api/list-establishments.ts";
import { usePlayerAlerts } from "../features/players/api/list-player-alerts.ts";
import { playersQueryKey } from "../features/players/api/list-user-players.ts";
import { PLAYER_ALERT_TEXTS } from "../features/players/player-texts.ts";
import { HeaderSearch } from "../features/search/components/header-search.tsx";
import { headerSearchOf } from "../features/search/header-search-kind.ts";
import { usePendingSubscriptionsCount } from "../features/subscriptions/api/list-subscriptions.ts";
import { useSubscriptionNews } from "../features/subscriptions/hooks/use-subscription-news.ts";
import { SUBSCRIPTION_QUEUE_TEXTS } from "../features/subscriptions/subscription-texts.ts";
import { useSupportUnread } from "../features/support/api/get-support-unread.ts";
import { CHAT_TEXTS } from "../features/support/chat-texts.ts";
import { useSupportNotices } from "../features/support/hooks/use-support-notices.ts";
import { useSession, useSessionState } from "../lib/app-services.ts";
import { displayNameOf, initialsOf } from "../lib/person-names.ts";

// Loaded only for those roles: nobody else downloads the library's shared parts.
const LibraryFrame = lazy(() => import("./library-frame.tsx"));

/** What other features show of a subscription: a venue's, and its players' licence (issue 28). */
const SHOWING_SUBSCRIPTIONS = [establishmentsQueryKey, playersQueryKey] as const;

/**
 * A waiting account that a manager activates goes to its role's start
 * screen by itself (SPEC.md §4): the server keeps the session and closes
 * the old role's socket, the session refreshes (so does the 50-second
 * refresh and the cabinet's "check status"), and the new token's role
 * moves the screen on. Here, not in the cabinet: the layout around the
 * cabinet changes with the role, so the cabinet is mounted anew.
 */
function useLeaveWaitingOnActivation(role: Role, signedIn: boolean) {
  const navigate = useNavigate();
  // The role while signed in: the role shown after a logout is no account's.
  const previous = useRef<Role | null>(signedIn ? role : null);
  useEffect(() => {
    const was = previous.current;
    previous.current = signedIn ? role : null;
    if (signedIn && was === "wait-activation" && role !== "wait-activation") {
      navigate(startPathOf(role), { replace: true });
    }
  }, [role, signedIn, navigate]);
}

/** The layout of every signed-in screen, filled for the current role. */
export function AppShell() {
  const { status, role, userId } = useSessionState();
  const session = useSession();
  const navigate = useNavigate();
  useLeaveWaitingOnActivation(role, status === "signed-in");
  // A player device holds no account: no profile to read.
  const device = role === "player-device";
  const profile = useProfile(status === "signed-in" && !device ? userId : null);
  // The avatar is an API file: the URL carries the access token.
  const avatarUrl = useAvatarUrl(profile.data);
  // A client's silent players, counted on its Players entry (issue 14).
  const alerts = usePlayerAlerts({ enabled: status === "signed-in" && roleMay(role, "ownVenues") });
  const silentCount = alerts.data?.data.length ?? 0;
  // Support's news (issue 15): counters on the menu's Обращения and Чат, and toasts, for
  // whoever the counters' call lets in.
  const supportRole = status === "signed-in" && mayCall(supportApi.getSupportUnread, role);
  const unread = useSupportUnread(supportRole);
  useSupportNotices(supportRole, roleMay(role, "askSupport") ? "client" : "staff");
  const chatUnread = mayCall(supportApi.listChatConversations, role) ? (unread.data?.chat ?? 0) : 0;
  const enquiriesUnread = unread.data?.enquiries ?? 0;
  // Subscriptions' news (issue 28): the queue's count on staff's Подписки, and every screen
  // showing a subscription (the owner's venue, staff's queue) current when staff or a client act.
  // Who works the queue: whoever the subscription base's call lets in.
  const queueRole = status === "signed-in" && mayCall(subscriptionsApi.listSubscriptions, role);
  // Counted only where the menu has Подписки to carry it (not the admin's, SPEC.md §2).
  const queueInMenu = SIDE_MENU[role].some((entry) => entry.route === "SubscriptionBase");
  const waitingSubscriptions = usePendingSubscriptionsCount(queueRole && queueInMenu).data ?? 0;
  useSubscriptionNews({
    enabled: status === "signed-in" && !device,
    staff: queueRole,
    alsoRefresh: SHOWING_SUBSCRIPTIONS,
  });

  // Until the session is known the guard shows its loader without a menu.
  if (status !== "signed-in") return <Outlet />;

  const handleLogout = () => {
    void session.logout();
    navigate(paths.home, { replace: true });
  };

  const layout = (menuTop?: (closeDrawer: () => void) => ReactNode) => (
    <AppLayout
      menu={(closeDrawer) => (
        <SideMenu
          entries={SIDE_MENU[role]}
          before={menuTop?.(closeDrawer)}
          onNavigate={closeDrawer}
          onLogout={handleLogout}
          badges={{
            Players: { count: silentCount, label: PLAYER_ALERT_TEXTS.badgeLabel(silentCount) },
            SupportChat: { count: chatUnread, label: CHAT_TEXTS.chatBadgeLabel(chatUnread) },
            SupportEnquiries: {
              count: enquiriesUnread,
              label: CHAT_TEXTS.enquiriesBadgeLabel(enquiriesUnread),
            },
            SubscriptionBase: {
              count: waitingSubscriptions,
              label: SUBSCRIPTION_QUEUE_TEXTS.badgeLabel(waitingSubscriptions),
            },
          }}
        />
      )}
      search={headerSearchOf(role) ? <HeaderSearch key={role} role={role} /> : undefined}
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
          imageUrl={avatarUrl}
        />
      }
    >
      <Outlet />
    </AppLayout>
  );

  if (!LIBRARY_ROLES.includes(role)) return layout();
  return (
    <Suspense fallback={<Spinner />}>
      <LibraryFrame withTree={mayCall(vaultApi.entryTree, role)}>{layout}</LibraryFrame>
    </Suspense>
  );
}
