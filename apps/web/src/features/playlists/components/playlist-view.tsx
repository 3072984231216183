import type { PlaylistTrack, PlaylistWithTracks } from "@fonika/shared";
import type { ReactNode } from "react";
import { PlayButton } from "../../../components/audio/preview-player.tsx";
import { useBigScreen } from "../../../components/layouts/use-media-query.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { formatDuration, truncateName } from "../../../lib/format.ts";
import { useFavouritePlaylistIds } from "../api/list-favourite-playlists.ts";
import { FavouriteButton } from "./favourite-button.tsx";
import { PlaylistCover } from "./playlist-cover.tsx";
import "../playlists.css";
import "./playlist-view.css";

const EXPLICIT_LABEL = "Ненормативная лексика";

/** What a screen adds to each track's row (its rating, from another feature). */
type TrackExtra = (track: PlaylistTrack) => ReactNode;

/** The tracks of the current version in playing order, each playable in the page's player. */
function PlaylistTrackList({
  tracks,
  trackExtra,
}: {
  tracks: readonly PlaylistTrack[];
  trackExtra?: TrackExtra;
}) {
  const bigScreen = useBigScreen();
  const limit = bigScreen ? TRUNCATION.trackBigScreen : TRUNCATION.trackComputer;
  if (tracks.length === 0) {
    return <EmptyState icon="music" title="В плейлисте пока нет треков" />;
  }
  return (
    <ol className="version-tracks__list playlist-tracks">
      {tracks.map((track, index) => {
        const { song } = track;
        return (
          <li key={track.entryId} className="version-track playlist-track" aria-label={song.title}>
            <span className="version-track__position">{index + 1}</span>
            <PlayButton track={{ songId: song.id, title: song.title, artists: song.artists }} />
            <span className="version-track__text">
              <span title={song.title}>
                {truncateName(song.title, limit)}
                {song.obsceneLexicon && (
                  <span
                    className="explicit-badge"
                    role="img"
                    aria-label={EXPLICIT_LABEL}
                    title={EXPLICIT_LABEL}
                  >
                    E
                  </span>
                )}
              </span>
              <span className="version-track__artists">{song.artists.join(", ") || "—"}</span>
            </span>
            <span className="version-track__duration">{formatDuration(song.durationMs)}</span>
            {trackExtra && <span className="playlist-track__extra">{trackExtra(track)}</span>}
          </li>
        );
      })}
    </ol>
  );
}

interface PlaylistViewProps {
  playlist: PlaylistWithTracks;
  userId: string;
  /** What the screen shows at the end of each track's row (e.g. its rating). */
  trackExtra?: TrackExtra;
}

/**
 * A playlist as a listener sees it: cover, description, tags, the favourite
 * mark and the tracks of its current version with their total; nothing in
 * it changes the playlist.
 */
export function PlaylistView({ playlist, userId, trackExtra }: PlaylistViewProps) {
  const favourites = useFavouritePlaylistIds(userId);
  const total = playlist.tracks.reduce((sum, track) => sum + track.song.durationMs, 0);
  return (
    <div className="playlist-view">
      <section className="card playlist-view__summary" aria-label="О плейлисте">
        <PlaylistCover
          playlistId={playlist.id}
          hasCover={playlist.hasCover}
          updatedAt={playlist.updatedAt}
          size="large"
        />
        <div className="playlist-view__about">
          {playlist.description && (
            <p className="playlist-view__description">{playlist.description}</p>
          )}
          {playlist.tags.length > 0 && (
            <ul className="playlist-card__tags" aria-label="Теги">
              {playlist.tags.map((tag) => (
                <li key={tag} className="tag">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <p className="playlist-card__facts">
            Треков: {playlist.tracks.length} · Общая длительность: {formatDuration(total)}
          </p>
        </div>
        <div className="playlist-card__actions">
          <FavouriteButton
            userId={userId}
            playlistId={playlist.id}
            playlistName={playlist.name}
            favourite={favourites.data ? favourites.data.includes(playlist.id) : undefined}
          />
        </div>
      </section>
      <section className="card" aria-label="Треки плейлиста">
        <PlaylistTrackList tracks={playlist.tracks} trackExtra={trackExtra} />
      </section>
    </div>
  );
}
