import { API_BASE, PLAYER_SOCKET_PATH } from "@fonika/shared";
import { buildPath, ROUTES, type RouteName } from "./routes.ts";

/**
 * Every URL the web app spells: screens come from the route table (routes.ts),
 * API and socket addresses from the shared API base.
 */

type PathValue = string | number | undefined;

/** The concrete path of a named screen, e.g. `pathTo("Playlist", { id })`. */
export function pathTo(
  name: RouteName,
  params: Record<string, PathValue> = {},
  query: Record<string, PathValue> = {},
): string {
  return buildPath(ROUTES[name].path, params, query);
}

export const paths = {
  home: ROUTES.Home.path,
  auth: ROUTES.Auth.path,
  offer: ROUTES.Offer.path,
  ppd: ROUTES.Ppd.path,
  policy: ROUTES.Policy.path,
} as const;

/** Base of every API call, relative to the page origin (the server serves both). */
export const apiBaseUrl = API_BASE;

/** The player websocket address for an access token (CONTRACT.md Player socket). */
export function playerSocketUrl(origin: string, accessToken: string): string {
  const base = origin.replace(/^http/, "ws");
  return `${base}${API_BASE}${PLAYER_SOCKET_PATH}?access_token=${encodeURIComponent(accessToken)}`;
}

/**
 * The link a device's code opens on the owner's phone (the QR code of the
 * `/web-player` page): the approval alone with the code filled in and, when
 * the screen knows which web player it is to be, that player chosen, e.g.
 * `https://fonika.example/connect-device?code=123456&player=<id>`. Sign-in
 * returns to it.
 */
export function deviceApprovalUrl(origin: string, code: string, playerId?: string): string {
  return `${origin}${pathTo("ConnectDevice", {}, { code, player: playerId })}`;
}
