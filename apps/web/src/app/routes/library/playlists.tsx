import { PARTITION_IDS, roleMay } from "@fonika/shared";
import { Navigate, useSearchParams } from "react-router";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useAllowedPlaylists } from "../../../features/players/api/list-allowed-playlists.ts";
import { useUserPlayers } from "../../../features/players/api/list-user-players.ts";
import { PlaylistCatalog } from "../../../features/playlists/components/playlist-catalog.tsx";
import { playlistFilterOf } from "../../../features/playlists/playlist-filter.ts";
import { EntryBrowser } from "../../../features/vault/components/entry-browser.tsx";
import { LIBRARY_PARAMS } from "../../../features/vault/library-location.ts";
import { useSessionState } from "../../../lib/app-services.ts";

/**
 * Playlists. A client gets the catalogue of playlists to choose from,
 * filtered as the search sent it (`filterBy`, `filterValue`). A content
 * manager gets the library: the Playlists partition by default, or any
 * folder, playlist or version of Playlists and Tracks named by `?entry=`;
 * sent here by the search with a filter (a tag), the same catalogue, whose
 * playlists open in the editor. A client's catalogue marks the playlists
 * their subscriptions do not let play, and puts one on a player of theirs
 * («Добавить на плеер»: the screen reads their players for it).
 */
export default function PlaylistsScreen() {
  const [search] = useSearchParams();
  const { role, userId } = useSessionState();
  const client = roleMay(role, "ownVenues");
  // What the client's subscriptions let play: the others must not look playable.
  const allowed = useAllowedPlaylists(userId ?? "", client && Boolean(userId));
  const playableIds = allowed.data ? new Set(allowed.data.map((playlist) => playlist.id)) : null;
  const players = useUserPlayers(client ? userId : null);
  if ((client || playlistFilterOf(search) !== null) && userId) {
    return (
      <Page
        title={ROUTES.Playlists.title}
        description={
          client
            ? "Плейлисты для ваших заведений: по названию, тегу, треку, исполнителю или альбому."
            : "Плейлисты библиотеки, найденные поиском."
        }
      >
        <PlaylistCatalog
          userId={userId}
          playableIds={client ? playableIds : null}
          players={client ? { list: players.data?.data, error: players.error } : undefined}
        />
      </Page>
    );
  }
  const entryId = search.get(LIBRARY_PARAMS.entry) || PARTITION_IDS.playlists;
  if (entryId === PARTITION_IDS.deleted) return <Navigate to={pathTo("Deleted")} replace />;
  return <EntryBrowser key={entryId} entryId={entryId} />;
}
