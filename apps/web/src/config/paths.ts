import { API_BASE, PLAYER_SOCKET_PATH, playerSocketProtocols } from "@fonika/shared";
import type { SocketTarget } from "../lib/socket.ts";
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

/**
 * The player websocket's address and the subprotocols it offers for an
 * access token (CONTRACT.md Player socket): the token goes as a
 * subprotocol, out of the URL the browser prints on a failed reconnect
 * (issue 31). `query` adds the web player's `playerId`.
 */
export function playerSocketTarget(
  origin: string,
  accessToken: string,
  query: Record<string, string> = {},
): SocketTarget {
  const url = new URL(`${API_BASE}${PLAYER_SOCKET_PATH}`, origin.replace(/^http/, "ws"));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return { url: url.href, protocols: playerSocketProtocols(accessToken) };
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
