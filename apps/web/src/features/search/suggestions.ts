import { type Role, roleMay, type SearchCategory, type Suggestion } from "@fonika/shared";
import { TRUNCATION } from "../../config/constants.ts";
import { pathTo } from "../../config/paths.ts";
import { canAccessRoute, ROUTES, type RouteName } from "../../config/routes.ts";
import { truncateName } from "../../lib/format.ts";

/** The category shown with each suggestion. */
export const CATEGORY_LABELS: Record<SearchCategory, string> = {
  songs: "Треки",
  artists: "Исполнители",
  albums: "Альбомы",
  playlists: "Плейлисты",
  tags: "Теги",
};

/** SPEC.md §9: dropdown items longer than 20 characters show 17 and an ellipsis. */
export function suggestionLabel(name: string): string {
  return truncateName(name, TRUNCATION.dropdownMax, TRUNCATION.dropdownCut);
}

/**
 * The mobile dropdown (SPEC.md §2, §9): the best suggestion of each
 * category — the first the server ranks — in the server's order, at most
 * `limit` of them.
 */
export function bestPerCategory(suggestions: readonly Suggestion[], limit: number): Suggestion[] {
  const seen = new Set<SearchCategory>();
  const best: Suggestion[] = [];
  for (const suggestion of suggestions) {
    if (best.length === limit) break;
    if (seen.has(suggestion.category)) continue;
    seen.add(suggestion.category);
    best.push(suggestion);
  }
  return best;
}

/** Where choosing a suggestion leads. */
export type SuggestionTarget =
  /** The screen to open; `allowed` is false when the route table refuses it to the role. */
  | { kind: "screen"; route: RouteName; path: string; allowed: boolean }
  /** A song or playlist that came without its id: nothing to open. */
  | { kind: "missing-id"; message: string };

/** AddAudios and Playlists carry these filters (SPEC.md §2 named routes). */
type FilterBy = "song" | "artist" | "album" | "tag";

function screen(role: Role, route: RouteName, path: string): SuggestionTarget {
  return { kind: "screen", route, path, allowed: canAccessRoute(ROUTES[route], role) };
}

function playlistsFilteredBy(role: Role, filterBy: FilterBy, filterValue: string) {
  return screen(role, "Playlists", pathTo("Playlists", {}, { filterBy, filterValue }));
}

/**
 * SPEC.md §2 Search: the screen a suggestion opens. Content managers go to
 * their library (AddAudios for songs, artists and albums); every other
 * role that searches goes where a client does, to the playlists that hold
 * it. A song or playlist suggestion without its id opens nothing.
 */
export function suggestionTarget(suggestion: Suggestion, role: Role): SuggestionTarget {
  const { name, category, id } = suggestion;
  if ((category === "songs" || category === "playlists") && !id) {
    return {
      kind: "missing-id",
      message: `Search suggestion "${name}" (${category}) came without an id: there is nothing to open`,
    };
  }
  const editsLibrary = roleMay(role, "editLibrary");
  switch (category) {
    case "songs":
      return editsLibrary
        ? screen(role, "AddAudios", pathTo("AddAudios", {}, { preselect: id }))
        : playlistsFilteredBy(role, "song", name);
    case "artists":
    case "albums": {
      const filterBy = category === "artists" ? "artist" : "album";
      return editsLibrary
        ? screen(role, "AddAudios", pathTo("AddAudios", {}, { filterBy, filterValue: name }))
        : playlistsFilteredBy(role, filterBy, name);
    }
    case "playlists":
      return screen(role, "Playlist", pathTo("Playlist", { id }));
    case "tags":
      return playlistsFilteredBy(role, "tag", name);
  }
}
