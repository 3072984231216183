import type { Role } from "@fonika/shared";
import { canAccessRoute, ROUTES } from "../../config/routes.ts";

/**
 * What the header search box searches for a role, and the words that say
 * so on every page. The role decides it, not the page: the box searches
 * the same thing wherever it stands, and a page's own list search says its
 * own words beside it (decision, see docs).
 */
export type HeaderSearchKind =
  /** The client base (SPEC.md §2 Search): every account, by name, e-mail, phone or company. */
  | { kind: "clients"; label: string; placeholder: string }
  /** The library's suggestions: songs, artists, albums, playlists and tags. */
  | { kind: "library"; label: string; placeholder: string };

/** The box's name, read out and found by tests: what it searches. */
export const HEADER_SEARCH_LABELS = {
  clients: "Поиск клиентов",
  library: "Поиск треков и плейлистов",
} as const;

/** The words in the empty box, as SPEC.md §2 names them. */
export const HEADER_SEARCH_PLACEHOLDERS = {
  clients: "Поиск по логину",
  library: "Поиск по названию",
} as const;

/**
 * The header search of `role`, by the route table: whoever may open the
 * client base searches it; whoever may open Playlists (where the library's
 * suggestions lead) gets suggestions. Null for the rest — an account
 * waiting for activation or filling in its profile, a player device —
 * whose every suggestion would lead nowhere it may go.
 */
export function headerSearchOf(role: Role): HeaderSearchKind | null {
  if (canAccessRoute(ROUTES.ClientBase, role)) {
    return {
      kind: "clients",
      label: HEADER_SEARCH_LABELS.clients,
      placeholder: HEADER_SEARCH_PLACEHOLDERS.clients,
    };
  }
  if (canAccessRoute(ROUTES.Playlists, role)) {
    return {
      kind: "library",
      label: HEADER_SEARCH_LABELS.library,
      placeholder: HEADER_SEARCH_PLACEHOLDERS.library,
    };
  }
  return null;
}
