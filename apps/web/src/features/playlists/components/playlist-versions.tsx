import type { Playlist } from "@fonika/shared";
import { Button } from "../../../components/ui/button.tsx";
import { formatDuration } from "../../../lib/format.ts";
import "../playlists.css";

interface PlaylistVersionsProps {
  playlist: Playlist;
  /** The version whose tracks are shown. */
  viewedVersionId: string | null;
  onView: (versionId: string) => void;
  onMakeCurrent: (versionId: string) => void;
  /** Absent while the playlist has no place in the library (it cannot hold versions then). */
  onCreate?: () => void;
  creating?: boolean;
  changingCurrent?: boolean;
}

/**
 * The versions of a playlist: one of them is current (the one players
 * play); choosing a version shows its tracks, 'Сделать текущей' makes it
 * the one that plays.
 */
export function PlaylistVersions({
  playlist,
  viewedVersionId,
  onView,
  onMakeCurrent,
  onCreate,
  creating = false,
  changingCurrent = false,
}: PlaylistVersionsProps) {
  return (
    <div className="versions">
      {playlist.versions.length === 0 ? (
        <p className="muted">Нажмите кнопку «Создать» для добавления версии</p>
      ) : (
        <ul className="versions__list" aria-label="Версии">
          {playlist.versions.map((version) => {
            const viewed = version.entryId === viewedVersionId;
            return (
              <li
                key={version.entryId}
                className={`versions__item${viewed ? " is-viewed" : ""}`}
                aria-current={viewed ? "true" : undefined}
              >
                <button
                  type="button"
                  className="versions__open"
                  aria-pressed={viewed}
                  onClick={() => onView(version.entryId)}
                >
                  <span className="versions__name">{version.name}</span>
                  <span className="versions__meta">
                    {version.tracksCount} тр. · {formatDuration(version.tracksDuration)}
                  </span>
                </button>
                {version.isCurrent ? (
                  <span className="chip chip--active">Текущая</span>
                ) : (
                  <Button
                    variant="ghost"
                    disabled={changingCurrent}
                    aria-label={`Сделать текущей: ${version.name}`}
                    onClick={() => onMakeCurrent(version.entryId)}
                  >
                    Сделать текущей
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {onCreate && (
        <Button variant="secondary" icon="plus" busy={creating} onClick={onCreate}>
          Создать версию
        </Button>
      )}
    </div>
  );
}
