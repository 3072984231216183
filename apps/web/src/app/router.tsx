import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { Spinner } from "../components/ui/spinner.tsx";
import { ROUTE_LIST, type RouteDefinition, type RouteName } from "../config/routes.ts";
import { AppShell } from "./app-shell.tsx";
import { RouteGuard } from "./route-guard.tsx";
import { RouteError } from "./routes/errors/route-error.tsx";
import { RouteFrame } from "./scroll-to-top.tsx";

type Screen = LazyExoticComponent<ComponentType>;

/** One lazily loaded screen per route of SPEC.md §2 (one chunk each). */
const SCREENS: Record<RouteName, Screen> = {
  Home: lazy(() => import("./routes/landing/home.tsx")),
  Auth: lazy(() => import("./routes/auth/sign-in.tsx")),
  Offer: lazy(() => import("./routes/legal/offer.tsx")),
  Ppd: lazy(() => import("./routes/legal/ppd.tsx")),
  Policy: lazy(() => import("./routes/legal/policy.tsx")),
  WebPlayer: lazy(() => import("./routes/players/web-player.tsx")),
  Players: lazy(() => import("./routes/players/players.tsx")),
  Player: lazy(() => import("./routes/players/player.tsx")),
  PlayersBase: lazy(() => import("./routes/players/players-base.tsx")),
  PlayerUpdates: lazy(() => import("./routes/players/player-updates.tsx")),
  RoleAdminPlayer: lazy(() => import("./routes/players/role-admin-player.tsx")),
  BroadcastHistory: lazy(() => import("./routes/players/broadcast-history.tsx")),
  Playlists: lazy(() => import("./routes/library/playlists.tsx")),
  PlaylistCreate: lazy(() => import("./routes/library/playlist-create.tsx")),
  Playlist: lazy(() => import("./routes/library/playlist.tsx")),
  Deleted: lazy(() => import("./routes/library/deleted.tsx")),
  AddAudios: lazy(() => import("./routes/library/tracks.tsx")),
  TrackEdit: lazy(() => import("./routes/library/track-edit.tsx")),
  UiKit: lazy(() => import("./routes/admin/uikit.tsx")),
  Integrations: lazy(() => import("./routes/admin/integrations.tsx")),
  CreateUser: lazy(() => import("./routes/admin/create-user.tsx")),
  EditUser: lazy(() => import("./routes/admin/edit-user.tsx")),
  ClientBase: lazy(() => import("./routes/clients/client-base.tsx")),
  Client: lazy(() => import("./routes/clients/client.tsx")),
  SubscriptionBase: lazy(() => import("./routes/subscriptions/subscription-base.tsx")),
  SubscriptionCreate: lazy(() => import("./routes/subscriptions/subscription-create.tsx")),
  Subscribe: lazy(() => import("./routes/subscriptions/subscribe.tsx")),
  AllTariff: lazy(() => import("./routes/tariffs/all-tariff.tsx")),
  CreateTariff: lazy(() => import("./routes/tariffs/create-tariff.tsx")),
  DetailTariff: lazy(() => import("./routes/tariffs/detail-tariff.tsx")),
  SupportEnquiries: lazy(() => import("./routes/support/enquiries.tsx")),
  SupportEnquiry: lazy(() => import("./routes/support/enquiry.tsx")),
  SupportChat: lazy(() => import("./routes/support/chat.tsx")),
  SupportCreateEnquiry: lazy(() => import("./routes/support/create-enquiry.tsx")),
  ClientObjectsList: lazy(() => import("./routes/client-objects/client-objects.tsx")),
  ClientObject: lazy(() => import("./routes/client-objects/client-object.tsx")),
  ClientObjectHistory: lazy(() => import("./routes/client-objects/client-object-history.tsx")),
  ClientObjectChange: lazy(() => import("./routes/client-objects/client-object-change.tsx")),
  AddClientObjects: lazy(() => import("./routes/client-objects/add-client-object.tsx")),
  Profile: lazy(() => import("./routes/profile/profile.tsx")),
  ProfileById: lazy(() => import("./routes/profile/profile-by-id.tsx")),
  ProfileLegalList: lazy(() => import("./routes/profile/legal-list.tsx")),
  ProfileAddCompany: lazy(() => import("./routes/profile/add-company.tsx")),
  Cabinet: lazy(() => import("./routes/cabinet/cabinet.tsx")),
};

const NotFound = lazy(() => import("./routes/errors/not-found.tsx"));

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
        { element: <AppShell />, children: inLayout.map(screenRoute) },
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
