import { CLIENT_MANAGING_ROLES, CLIENT_READING_ROLES, type Role } from "@fonika/shared";

/**
 * The route table of SPEC.md §2: one row per screen, used by the router,
 * the guard, the menus and the tests. Paths use react-router syntax. Who may
 * open a client's screens follows the shared role groups the server's
 * policies decide by; titles, paths and menus are the web's own.
 */
export type RouteAccess =
  /** Open to everyone, signed in or not. */
  | { kind: "open" }
  /**
   * Any signed-in account state, including edit-personal-info and
   * wait-activation; not a player device.
   */
  | { kind: "authenticated" }
  | { kind: "roles"; roles: readonly Role[] };

export interface RouteDefinition {
  readonly name: string;
  readonly path: string;
  readonly title: string;
  readonly access: RouteAccess;
  /** Fullscreen pages show no side menu and no header. */
  readonly fullscreen?: boolean;
}

const open: RouteAccess = { kind: "open" };
const authenticated: RouteAccess = { kind: "authenticated" };
const roles = (...list: readonly Role[]): RouteAccess => ({ kind: "roles", roles: list });

const playersRoles = roles(
  "role-admin",
  "role-client",
  "role-client-manager",
  "role-support",
  "player-device",
);
const contentManager = roles("role-content-manager");
/**
 * Who opens the library's screens: content managers, and accounts waiting
 * for activation, who may look at the tracks (SPEC.md §2).
 */
export const LIBRARY_ROLES: readonly Role[] = ["role-content-manager", "wait-activation"];
const library = roles(...LIBRARY_ROLES);
/**
 * SPEC.md §2 gives /playlists to content managers only, yet its search sends
 * a client to "Playlists filtered by …" and "Playlist with its id": clients
 * open both too, as a read-only catalogue (decision, see docs).
 */
const contentManagerAndClient = roles("role-content-manager", "role-client");
const clientManagers = roles(...CLIENT_MANAGING_ROLES);
const clientReaders = roles(...CLIENT_READING_ROLES);
const admin = roles("role-admin");
/** Who opens the support enquiries (SPEC.md §2): the list and each enquiry alike. */
const enquiryReaders = roles(
  "role-admin",
  "role-support",
  "role-client",
  "role-client-manager",
  "role-content-manager",
);

export const ROUTES = {
  Home: { name: "Home", path: "/", title: "Фоника", access: open },
  Auth: { name: "Auth", path: "/auth", title: "Вход", access: open, fullscreen: true },
  Offer: { name: "Offer", path: "/offer", title: "Договор-оферта", access: open, fullscreen: true },
  Ppd: {
    name: "Ppd",
    path: "/ppd",
    title: "Согласие на обработку персональных данных",
    access: open,
    fullscreen: true,
  },
  Policy: {
    name: "Policy",
    path: "/policy",
    title: "Политика конфиденциальности",
    access: open,
    fullscreen: true,
  },
  /** A venue's browser as its player (issue 14): no account, a device code, then music. */
  WebPlayer: {
    name: "WebPlayer",
    path: "/web-player",
    title: "Веб-плеер",
    access: open,
    fullscreen: true,
  },
  Players: { name: "Players", path: "/players/:id?", title: "Плееры", access: playersRoles },
  Player: { name: "Player", path: "/player/:id", title: "Плеер", access: playersRoles },
  Playlists: {
    name: "Playlists",
    path: "/playlists",
    title: "Плейлисты",
    access: contentManagerAndClient,
  },
  PlaylistCreate: {
    name: "PlaylistCreate",
    path: "/playlists/create",
    title: "Новый плейлист",
    access: contentManager,
  },
  Playlist: {
    name: "Playlist",
    path: "/playlists/edit/:id",
    title: "Плейлист",
    access: contentManagerAndClient,
  },
  Deleted: { name: "Deleted", path: "/deleted", title: "Корзина", access: contentManager },
  AddAudios: {
    name: "AddAudios",
    path: "/tracks",
    title: "Треки",
    access: library,
  },
  TrackEdit: {
    name: "TrackEdit",
    path: "/tracks/edit/:id?",
    title: "Трек",
    access: library,
  },
  /**
   * The catalog that tracks point at: authors, copyright holders and genres,
   * one tab each (`authors` | `copyright-holders` | `genres`, authors by
   * default). Not in SPEC.md §2, whose calls (§7) have no screen there.
   */
  Catalog: {
    name: "Catalog",
    path: "/catalog/:kind?",
    title: "Каталог",
    access: contentManager,
  },
  UiKit: { name: "UiKit", path: "/uikit", title: "UI-kit", access: admin },
  ClientBase: {
    name: "ClientBase",
    path: "/client-base",
    title: "Пользователи",
    access: clientReaders,
  },
  SubscriptionBase: {
    name: "SubscriptionBase",
    path: "/subscription-base",
    title: "Подписки",
    access: clientManagers,
  },
  SubscriptionCreate: {
    name: "SubscriptionCreate",
    path: "/subscription-create/:subscriptionEditId?",
    title: "Подписка",
    access: clientManagers,
  },
  SupportEnquiries: {
    name: "SupportEnquiries",
    path: "/support/enquiries",
    title: "Обращения",
    access: enquiryReaders,
  },
  /**
   * One enquiry with its thread: whoever opens the list opens an enquiry;
   * the server answers 403/404 for one the caller may not see.
   */
  SupportEnquiry: {
    name: "SupportEnquiry",
    path: "/support/enquiries/:id",
    title: "Обращение",
    access: enquiryReaders,
  },
  SupportChat: {
    name: "SupportChat",
    path: "/support/chat",
    title: "Чат поддержки",
    access: roles("role-admin", "role-client", "role-support"),
  },
  SupportCreateEnquiry: {
    name: "SupportCreateEnquiry",
    path: "/support/create-enquiry",
    title: "Новое обращение",
    access: roles("role-admin", "role-client"),
  },
  PlayersBase: {
    name: "PlayersBase",
    path: "/players-base",
    title: "Плееры",
    access: clientReaders,
  },
  PlayerUpdates: {
    name: "PlayerUpdates",
    path: "/players-base/update",
    title: "Обновления плееров",
    access: admin,
  },
  Cabinet: {
    name: "Cabinet",
    path: "/cabinet/:preselect?",
    title: "Личный кабинет",
    access: authenticated,
  },
  /**
   * A client approves the code a player's screen shows (issue 28): the
   * menu's «Подключить устройство» and the link of the device's QR code.
   */
  ConnectDevice: {
    name: "ConnectDevice",
    path: "/connect-device",
    title: "Подключить устройство",
    access: roles("role-client"),
  },
  Subscribe: { name: "Subscribe", path: "/subscribe", title: "Подписки", access: authenticated },
  DetailTariff: {
    name: "DetailTariff",
    path: "/detail-tariff/:id/:clientId?",
    title: "Тариф",
    access: authenticated,
  },
  ClientObjectsList: {
    name: "ClientObjectsList",
    path: "/client-objects",
    title: "Мои заведения",
    access: authenticated,
  },
  ClientObject: {
    name: "ClientObject",
    path: "/client-objects/:id/:clientId?",
    title: "Заведение",
    access: authenticated,
  },
  ClientObjectHistory: {
    name: "ClientObjectHistory",
    path: "/client-objects/:id/history-broadcast/:clientId?",
    title: "История эфира",
    access: authenticated,
  },
  ClientObjectChange: {
    name: "ClientObjectChange",
    path: "/client-objects/:id/change/:clientId?",
    title: "Изменение заведения",
    access: authenticated,
  },
  AddClientObjects: {
    name: "AddClientObjects",
    path: "/add-client-objects",
    title: "Новое заведение",
    access: authenticated,
  },
  Profile: { name: "Profile", path: "/profile", title: "Профиль", access: authenticated },
  ProfileById: {
    name: "ProfileById",
    path: "/profile/:id",
    title: "Профиль",
    access: authenticated,
  },
  ProfileLegalList: {
    name: "ProfileLegalList",
    path: "/profile/legal-list",
    title: "Юридические лица",
    access: authenticated,
  },
  ProfileAddCompany: {
    name: "ProfileAddCompany",
    path: "/profile/add-company",
    title: "Новая организация",
    access: authenticated,
  },
  AllTariff: { name: "AllTariff", path: "/all-tariff", title: "Тарифы", access: admin },
  CreateTariff: {
    name: "CreateTariff",
    path: "/create-tariff/:id?",
    title: "Тариф",
    access: admin,
  },
  Integrations: { name: "Integrations", path: "/integrations", title: "Интеграции", access: admin },
  Client: { name: "Client", path: "/client/:clientId", title: "Клиент", access: clientManagers },
  BroadcastHistory: {
    name: "BroadcastHistory",
    path: "/broadcast-history/:id/:clientId?",
    title: "История эфира",
    access: admin,
  },
  RoleAdminPlayer: {
    name: "RoleAdminPlayer",
    path: "/role-admin-player/:id",
    title: "Плеер",
    access: admin,
  },
  CreateUser: {
    name: "CreateUser",
    path: "/create-user",
    title: "Новый пользователь",
    access: clientManagers,
  },
  EditUser: {
    name: "EditUser",
    path: "/edit-user/:clientId",
    title: "Редактирование пользователя",
    access: clientManagers,
  },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;

export const ROUTE_LIST: readonly RouteDefinition[] = Object.values(ROUTES);

/** Start screen by role, SPEC.md §2. */
export const START_SCREEN: Record<Role, RouteName> = {
  "wait-activation": "Cabinet",
  "role-admin": "ClientBase",
  "role-client": "ClientObjectsList",
  "edit-personal-info": "Cabinet",
  "role-content-manager": "Playlists",
  "role-client-manager": "ClientBase",
  "role-support": "SupportEnquiries",
  "player-device": "Players",
};

/**
 * Whether a visitor in the given state may open a route. `role` is undefined
 * for a visitor who is not signed in.
 */
export function canAccessRoute(route: RouteDefinition, role: Role | undefined): boolean {
  switch (route.access.kind) {
    case "open":
      return true;
    case "authenticated":
      // A player device holds no account: the profile-type pages are not its.
      return role !== undefined && role !== "player-device";
    case "roles":
      return role !== undefined && route.access.roles.includes(role);
  }
}

/**
 * Builds a concrete URL from a route pattern: `:name` and `:name?` segments
 * are filled from params (optional ones dropped when absent), and `query`
 * becomes the search string.
 */
export function buildPath(
  pattern: string,
  params: Record<string, string | number | undefined> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const segments = pattern.split("/").flatMap((segment) => {
    if (!segment.startsWith(":")) return [segment];
    const optional = segment.endsWith("?");
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === "") {
      if (optional) return [];
      throw new Error(`Route ${pattern} needs the parameter "${key}"`);
    }
    return [encodeURIComponent(String(value))];
  });
  const path = segments.join("/") || "/";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const searchText = search.toString();
  return searchText ? `${path}?${searchText}` : path;
}

/** The start screen path of a role. */
export function startPathOf(role: Role): string {
  return buildPath(ROUTES[START_SCREEN[role]].path);
}
