import { useState } from "react";
import { Link, useParams } from "react-router";
import { PreviewPlayerProvider } from "../../../components/audio/preview-player.tsx";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useUserPlayers } from "../../../features/players/api/list-user-players.ts";
import { usePlaylist } from "../../../features/playlists/api/get-playlist.ts";
import { AddToPlayerDialog } from "../../../features/playlists/components/add-to-player-dialog.tsx";
import { PlaylistSummaryTrack } from "../../../features/playlists/components/playlist-summary-track.tsx";
import { PlaylistView } from "../../../features/playlists/components/playlist-view.tsx";
import { useSongFileUrl } from "../../../features/songs/api/get-song-file.ts";
import { useSongRatings } from "../../../features/songs/api/get-song-ratings.ts";
import { SongRatingStars } from "../../../features/songs/components/song-rating.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";

/**
 * Playlist for a client (`/playlists/edit/{id}`, the route the search
 * opens): the playlist read-only, its current version's tracks playable
 * one at a time in the page's own preview player and rated in their rows,
 * and «Добавить на плеер» when a venue of the client's offers it.
 */
export function ListenerPlaylistScreen() {
  const { id = "" } = useParams();
  const { userId } = useSessionState();
  const playlistQuery = usePlaylist(id, null);
  const [addingToPlayer, setAddingToPlayer] = useState(false);
  const players = useUserPlayers(addingToPlayer ? userId : null);
  const songFileUrl = useSongFileUrl();
  const playlist = playlistQuery.data;
  // The tracks' ratings in one read for the whole list; a track the client may not play has none.
  const ratings = useSongRatings(playlist?.tracks.map((track) => track.song.id) ?? []);
  const back = <BackLink label="Плейлисты" to={pathTo("Playlists")} />;

  if (playlistQuery.isPending) {
    return (
      <Page title={ROUTES.Playlist.title} actions={back}>
        <Spinner />
      </Page>
    );
  }
  if (!playlist || !userId) {
    // The server answers a playlist the client's subscriptions do not let play as not found.
    const notFound = isApiError(playlistQuery.error) && playlistQuery.error.status === 404;
    return (
      <Page title={ROUTES.Playlist.title} actions={back}>
        <EmptyState
          icon="playlists"
          title="Не удалось открыть плейлист"
          action={
            notFound && (
              <Link to={pathTo("Subscribe")} className="button button--secondary button--md">
                Тарифы и подписки
              </Link>
            )
          }
        >
          <p>{errorText(playlistQuery.error)}</p>
          {notFound && (
            <p>
              Если он входит в тариф, он откроется и заиграет, когда у вашего заведения будет
              подписка на этот тариф.
            </p>
          )}
        </EmptyState>
      </Page>
    );
  }
  return (
    <PreviewPlayerProvider sourceOf={songFileUrl}>
      <Page
        title={playlist.name}
        actions={
          <>
            {back}
            {playlist.establishmentIds?.length ? (
              <Button variant="secondary" icon="plus" onClick={() => setAddingToPlayer(true)}>
                Добавить на плеер
              </Button>
            ) : null}
          </>
        }
      >
        {playlist.hasSummaryTrack && <PlaylistSummaryTrack playlist={playlist} editable={false} />}
        <PlaylistView
          playlist={playlist}
          userId={userId}
          trackExtra={({ song }) => (
            <SongRatingStars title={song.title} rating={ratings.get(song.id)} />
          )}
        />
      </Page>
      {addingToPlayer && (
        <AddToPlayerDialog
          playlist={playlist}
          userId={userId}
          players={{ list: players.data?.data, error: players.error }}
          onClose={() => setAddingToPlayer(false)}
        />
      )}
    </PreviewPlayerProvider>
  );
}
