import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject, useMatches } from "react-router";
import { Spinner } from "../components/ui/spinner.tsx";
import { ROUTE_LIST, type RouteDefinition, type RouteName } from "../config/routes.ts";
import { RouteGuard } from "./route-guard.tsx";
import { RouteError } from "./routes/errors/route-error.tsx";
import { RouteFrame } from "./scroll-to-top.tsx";

type Screen = LazyExoticComponent<ComponentType>;
type ScreenCode = () => Promise<{ default: ComponentType }>;

/** The code of each screen of SPEC.md §2, one chunk each, loaded when first shown. */
const SCREEN_CODE: Record<RouteName, ScreenCode> = {
  Home: () => import("./routes/landing/home.tsx"),
  Auth: () => import("./routes/auth/sign-in.tsx"),
  Offer: () => import("./routes/legal/offer.tsx"),
  Ppd: () => import("./routes/legal/ppd.tsx"),
  Policy: () => import("./routes/legal/policy.tsx"),
  WebPlayer: () => import("./routes/players/web-player.tsx"),
  Players: () => import("./routes/players/players.tsx"),
  Player: () => import("./routes/players/player.tsx"),
  PlayersBase: () => import("./routes/players/players-base.tsx"),
  PlayerUpdates: () => import("./routes/players/player-updates.tsx"),
  RoleAdminPlayer: () => import("./routes/players/role-admin-player.tsx"),
  BroadcastHistory: () => import("./routes/players/broadcast-history.tsx"),
  Playlists: () => import("./routes/library/playlists.tsx"),
  PlaylistCreate: () => import("./routes/library/playlist-create.tsx"),
  Playlist: () => import("./routes/library/playlist.tsx"),
  Deleted: () => import("./routes/library/deleted.tsx"),
  AddAudios: () => import("./routes/library/tracks.tsx"),
  TrackEdit: () => import("./routes/library/track-edit.tsx"),
  Catalog: () => import("./routes/library/catalog.tsx"),
  UiKit: () => import("./routes/admin/uikit.tsx"),
  Integrations: () => import("./routes/admin/integrations.tsx"),
  CreateUser: () => import("./routes/admin/create-user.tsx"),
  EditUser: () => import("./routes/admin/edit-user.tsx"),
  ClientBase: () => import("./routes/clients/client-base.tsx"),
  Client: () => import("./routes/clients/client.tsx"),
  SubscriptionBase: () => import("./routes/subscriptions/subscription-base.tsx"),
  SubscriptionCreate: () => import("./routes/subscriptions/subscription-create.tsx"),
  Subscribe: () => import("./routes/subscriptions/subscribe.tsx"),
  AllTariff: () => import("./routes/tariffs/all-tariff.tsx"),
  CreateTariff: () => import("./routes/tariffs/create-tariff.tsx"),
  DetailTariff: () => import("./routes/tariffs/detail-tariff.tsx"),
  SupportEnquiries: () => import("./routes/support/enquiries.tsx"),
  SupportEnquiry: () => import("./routes/support/enquiry.tsx"),
  SupportChat: () => import("./routes/support/chat.tsx"),
  SupportCreateEnquiry: () => import("./routes/support/create-enquiry.tsx"),
  ClientObjectsList: () => import("./routes/client-objects/client-objects.tsx"),
  ClientObject: () => import("./routes/client-objects/client-object.tsx"),
  ClientObjectHistory: () => import("./routes/client-objects/client-object-history.tsx"),
  ClientObjectChange: () => import("./routes/client-objects/client-object-change.tsx"),
  AddClientObjects: () => import("./routes/client-objects/add-client-object.tsx"),
  Profile: () => import("./routes/profile/profile.tsx"),
  ProfileById: () => import("./routes/profile/profile-by-id.tsx"),
  ProfileLegalList: () => import("./routes/profile/legal-list.tsx"),
  ProfileAddCompany: () => import("./routes/profile/add-company.tsx"),
  Cabinet: () => import("./routes/cabinet/cabinet.tsx"),
  ConnectDevice: () => import("./routes/devices/connect-device.tsx"),
};

const SCREENS = Object.fromEntries(
  Object.entries(SCREEN_CODE).map(([name, code]) => [name, lazy(code)]),
) as Record<RouteName, Screen>;

const NotFound = lazy(() => import("./routes/errors/not-found.tsx"));

/**
 * The signed-in layout (menu, header, its badges and toasts) is a chunk of
 * its own: the landing page and sign-in, a visitor's first pages, do not
 * download it.
 */
const AppShell = lazy(() =>
  import("./app-shell.tsx").then((module) => ({ default: module.AppShell })),
);

/**
 * The layout, with the matched screen's chunk asked for beside the
 * layout's own: a deep link's first load fetches the two at once instead of
 * the screen only after the layout has arrived. (A chunk asked for again is
 * the one already loading or loaded.)
 */
function ShellFrame() {
  const route = useMatches().at(-1)?.handle as RouteDefinition | undefined;
  // A failed load is the screen's own to show (its lazy import fails the same way).
  if (route) SCREEN_CODE[route.name as RouteName]().catch(() => undefined);
  return (
    <Suspense fallback={<Spinner />}>
      <AppShell />
    </Suspense>
  );
}

function screenRoute(route: RouteDefinition): RouteObject {
  const Screen = SCREENS[route.name as RouteName];
  return {
    path: route.path,
    handle: route,
    element: (
      <RouteGuard route={route}>
        <Suspense fallback={<Spinner />}>
          <Screen />
        </Suspense>
      </RouteGuard>
    ),
  };
}

/** Home and fullscreen pages stand alone; every other screen sits in the layout. */
export function buildRoutes(): RouteObject[] {
  const standalone = ROUTE_LIST.filter((route) => route.fullscreen || route.name === "Home");
  const inLayout = ROUTE_LIST.filter((route) => !route.fullscreen && route.name !== "Home");
  return [
    {
      element: <RouteFrame />,
      errorElement: <RouteError />,
      children: [
        ...standalone.map(screenRoute),
        { element: <ShellFrame />, children: inLayout.map(screenRoute) },
        {
          path: "*",
          element: (
            <Suspense fallback={<Spinner />}>
              <NotFound />
            </Suspense>
          ),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
