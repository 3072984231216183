/**
 * The Playlists screen's filter (SPEC.md §2 named route Playlists, params
 * filterBy and filterValue): playlists holding a song, an artist or an
 * album of that name, or carrying that tag.
 */
export const PLAYLIST_FILTERS = ["song", "artist", "album", "tag"] as const;
export type PlaylistFilterBy = (typeof PLAYLIST_FILTERS)[number];

export interface PlaylistFilter {
  by: PlaylistFilterBy;
  value: string;
}

/** The query parameters that carry the filter, as the route table names them. */
export const FILTER_PARAMS = { by: "filterBy", value: "filterValue" } as const;

export const PLAYLIST_FILTER_LABELS: Record<PlaylistFilterBy, string> = {
  song: "Трек",
  artist: "Исполнитель",
  album: "Альбом",
  tag: "Тег",
};

function isFilterBy(value: string | null): value is PlaylistFilterBy {
  return (PLAYLIST_FILTERS as readonly string[]).includes(value ?? "");
}

/** The filter a URL's query holds, or null when it holds none (or an unknown one). */
export function playlistFilterOf(search: URLSearchParams): PlaylistFilter | null {
  const by = search.get(FILTER_PARAMS.by);
  const value = search.get(FILTER_PARAMS.value)?.trim();
  return isFilterBy(by) && value ? { by, value } : null;
}

/** How the filter reads on its chip: 'Трек: Ёлочка'. */
export function playlistFilterText(filter: PlaylistFilter): string {
  return `${PLAYLIST_FILTER_LABELS[filter.by]}: ${filter.value}`;
}
