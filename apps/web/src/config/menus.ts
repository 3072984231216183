import type { Role } from "@fonika/shared";
import type { RouteName } from "./routes.ts";

/**
 * Side menu entries by role, SPEC.md §2 Layout. Every menu also ends with a
 * Logout entry, which the layout adds. The content manager's places are the
 * library tree's roots (Playlists, Tracks, Trash), which the layout puts
 * above the entries, and below the tree its Каталог (authors, copyright
 * holders, genres). Support (issue 15): Обращения for every role SPEC.md
 * §2's route table lets open them (the content manager's below its tree:
 * the music-content enquiries it answers), Чат for the chat's roles
 * (admin, client, support). The admin menu carries Integrations
 * too: it is the admin's only way to the leads page, and the client's menu
 * Playlists, the catalogue its search leads to, Players, its players
 * across venues, and Подключить устройство, where it approves the code a
 * device shows (issue 28). An account waiting for activation gets, beside its
 * waiting cabinet, the screens the server lets it use meanwhile and the
 * cabinet names: its objects, subscriptions (choosing a tariff) and profile
 * (decisions, see docs).
 */
export interface MenuEntry {
  readonly label: string;
  readonly route: RouteName;
  readonly icon: MenuIcon;
}

export type MenuIcon =
  | "users"
  | "players"
  | "device"
  | "updates"
  | "tariffs"
  | "integrations"
  | "subscriptions"
  | "enquiries"
  | "chat"
  | "objects"
  | "profile"
  | "playlists"
  | "catalog"
  | "trash"
  | "hourglass";

export const LOGOUT_LABEL = "Выйти";

export const SIDE_MENU: Record<Role, readonly MenuEntry[]> = {
  "role-admin": [
    { label: "Пользователи", route: "ClientBase", icon: "users" },
    { label: "Плееры", route: "PlayersBase", icon: "players" },
    { label: "Обновления плееров", route: "PlayerUpdates", icon: "updates" },
    { label: "Тарифы", route: "AllTariff", icon: "tariffs" },
    { label: "Интеграции", route: "Integrations", icon: "integrations" },
    { label: "Обращения", route: "SupportEnquiries", icon: "enquiries" },
    { label: "Чат", route: "SupportChat", icon: "chat" },
  ],
  "role-client-manager": [
    { label: "База клиентов", route: "ClientBase", icon: "users" },
    { label: "Подписки", route: "SubscriptionBase", icon: "subscriptions" },
    { label: "Обращения", route: "SupportEnquiries", icon: "enquiries" },
  ],
  "role-support": [
    { label: "Обращения", route: "SupportEnquiries", icon: "enquiries" },
    { label: "Чат", route: "SupportChat", icon: "chat" },
    { label: "Плееры", route: "PlayersBase", icon: "players" },
  ],
  "role-client": [
    { label: "Мои заведения", route: "ClientObjectsList", icon: "objects" },
    { label: "Плееры", route: "Players", icon: "players" },
    { label: "Плейлисты", route: "Playlists", icon: "playlists" },
    { label: "Подключить устройство", route: "ConnectDevice", icon: "device" },
    { label: "Подписки", route: "Subscribe", icon: "subscriptions" },
    { label: "Обращения", route: "SupportEnquiries", icon: "enquiries" },
    { label: "Чат", route: "SupportChat", icon: "chat" },
    { label: "Профиль", route: "Profile", icon: "profile" },
  ],
  // SPEC.md §2's "Playlists and Trash" are the library tree's roots: one place, one entry;
  // below them the catalog that tracks point at, and the music-content enquiries it answers
  // (issue 15).
  "role-content-manager": [
    { label: "Каталог", route: "Catalog", icon: "catalog" },
    { label: "Обращения", route: "SupportEnquiries", icon: "enquiries" },
  ],
  "wait-activation": [
    { label: "Ожидание активации", route: "Cabinet", icon: "hourglass" },
    { label: "Мои заведения", route: "ClientObjectsList", icon: "objects" },
    { label: "Подписки", route: "Subscribe", icon: "subscriptions" },
    { label: "Профиль", route: "Profile", icon: "profile" },
  ],
  "edit-personal-info": [{ label: "Заполнение профиля", route: "Cabinet", icon: "profile" }],
  "player-device": [{ label: "Плеер", route: "Players", icon: "players" }],
};
