import { MESSAGES, type Song, truncateName } from "@fonika/shared";
import { useState } from "react";
import { Link } from "react-router";
import { PlayButton } from "../../../components/audio/preview-player.tsx";
import { useBigScreen } from "../../../components/layouts/use-media-query.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDate, formatDuration, formatSizeMb } from "../../../lib/format.ts";
import { useSongMeta } from "../api/get-song-meta.ts";
import { useSongs } from "../api/list-songs.ts";

/** AddAudios' filter (SPEC.md §2: filterBy artist or album, filterValue). */
export interface SongFilter {
  by: "artist" | "album";
  value: string;
}

export const FILTER_LABELS: Record<SongFilter["by"], string> = {
  artist: "Исполнитель",
  album: "Альбом",
};

/** The address of AddAudios filtered by an artist or album, keeping its other parameters. */
export function filteredSongsHref(
  filter: SongFilter,
  keep: Record<string, string | undefined> = {},
) {
  return pathTo("AddAudios", {}, { ...keep, filterBy: filter.by, filterValue: filter.value });
}

interface SongListProps {
  filter: SongFilter | null;
  /** A song to show first and choose (SPEC.md §2: AddAudios' preselect). */
  preselect: string | null;
  selected: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
  /** Parameters the artist and album links keep (e.g. the target version). */
  keepParams?: Record<string, string | undefined>;
}

/**
 * The songs of the library, newest first, filtered by artist or album, a
 * page of 20 at a time; songs are chosen with their checkboxes and play in
 * the page's player.
 */
export function SongList({
  filter,
  preselect,
  selected,
  onSelect,
  keepParams = {},
}: SongListProps) {
  const [paging, setPaging] = useState({ key: `${filter?.by}:${filter?.value}`, page: 0 });
  const key = `${filter?.by}:${filter?.value}`;
  const page = paging.key === key ? paging.page : 0;
  const songs = useSongs({
    page,
    artistName: filter?.by === "artist" ? filter.value : undefined,
    albumName: filter?.by === "album" ? filter.value : undefined,
  });
  const preselected = useSongMeta(preselect);
  const bigScreen = useBigScreen();
  const limit = bigScreen ? TRUNCATION.trackBigScreen : TRUNCATION.trackComputer;
  const rows = (songs.data?.data ?? []).filter((song) => song.id !== preselected.data?.id);
  const listed = preselected.data && page === 0 ? [preselected.data, ...rows] : rows;
  const allSelected = listed.length > 0 && listed.every((song) => selected.has(song.id));

  const toggle = (song: Song, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(song.id);
    else next.delete(song.id);
    onSelect(next);
  };

  return (
    <div aria-busy={songs.isFetching}>
      <div className="table-wrap">
        <table className="table table--stack entries-table">
          <caption className="visually-hidden">Треки библиотеки</caption>
          <thead>
            <tr>
              <th scope="col" className="entries-table__check">
                <input
                  type="checkbox"
                  aria-label="Выбрать все"
                  checked={allSelected}
                  disabled={listed.length === 0}
                  onChange={(event) => {
                    const next = new Set(selected);
                    for (const song of listed) {
                      if (event.target.checked) next.add(song.id);
                      else next.delete(song.id);
                    }
                    onSelect(next);
                  }}
                />
              </th>
              <th scope="col">Название</th>
              <th scope="col">Исполнитель</th>
              <th scope="col">Альбом</th>
              <th scope="col">Длительность</th>
              <th scope="col">Размер</th>
              <th scope="col">Добавлен</th>
              <th scope="col" className="entries-table__actions">
                Действия
              </th>
            </tr>
          </thead>
          <tbody>
            {songs.isPending
              ? [0, 1, 2].map((index) => (
                  <tr key={index} className="table__placeholder">
                    <td colSpan={8}>
                      <Skeleton width="80%" />
                    </td>
                  </tr>
                ))
              : listed.map((song) => (
                  <tr
                    key={song.id}
                    className={`entries-table__row${song.id === preselect ? " is-preselected" : ""}${selected.has(song.id) ? " is-selected" : ""}`}
                  >
                    <td className="entries-table__check">
                      <input
                        type="checkbox"
                        aria-label={`Выбрать «${song.title}»`}
                        checked={selected.has(song.id)}
                        onChange={(event) => toggle(song, event.target.checked)}
                      />
                    </td>
                    <td data-label="Название" className="entries-table__name">
                      <div className="entry-name">
                        <PlayButton
                          track={{ songId: song.id, title: song.title, artists: song.artists }}
                        />
                        <span title={song.title}>
                          {truncateName(song.title, limit)}
                          {song.obsceneLexicon && (
                            <abbr className="explicit-badge" title="Ненормативная лексика">
                              E
                            </abbr>
                          )}
                        </span>
                      </div>
                    </td>
                    <td data-label="Исполнитель">
                      {song.artists.length === 0
                        ? "—"
                        : song.artists.map((artist, index) => (
                            <span key={artist}>
                              {index > 0 && ", "}
                              <Link
                                to={filteredSongsHref({ by: "artist", value: artist }, keepParams)}
                              >
                                {artist}
                              </Link>
                            </span>
                          ))}
                    </td>
                    <td data-label="Альбом">
                      {song.album ? (
                        <Link
                          to={filteredSongsHref({ by: "album", value: song.album }, keepParams)}
                        >
                          {truncateName(song.album, TRUNCATION.folderVersionPlaylist)}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td data-label="Длительность" className="nowrap">
                      {formatDuration(song.durationMs)}
                    </td>
                    <td data-label="Размер" className="nowrap">
                      {formatSizeMb(song.sizeBytes)}
                    </td>
                    <td data-label="Добавлен" className="nowrap">
                      {formatDate(song.createdAt)}
                    </td>
                    <td data-label="Действия" className="entries-table__actions">
                      <Link
                        className="icon-button icon-button--small"
                        to={pathTo("TrackEdit", { id: song.id })}
                        aria-label={`Изменить трек «${song.title}»`}
                        title="Изменить трек"
                      >
                        <Icon name="edit" size={16} />
                      </Link>
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
        {!songs.isPending && listed.length === 0 && (
          <div className="table__empty">
            {songs.isError ? (
              <EmptyState icon="music" title="Не удалось загрузить треки">
                {errorText(songs.error)}
              </EmptyState>
            ) : filter ? (
              <EmptyState icon="search" title={MESSAGES.nothingFound}>
                {FILTER_LABELS[filter.by]} «{filter.value}»: треков нет.
              </EmptyState>
            ) : (
              <EmptyState icon="music" title="Треков пока нет">
                Загрузите треки в разделе «Треки» библиотеки.
              </EmptyState>
            )}
          </div>
        )}
      </div>
      <div className="table-footer">
        <span className="muted">Всего: {songs.data?.total ?? 0}</span>
        <Pagination
          page={page}
          totalPages={songs.data?.totalPages ?? 0}
          onChange={(next) => setPaging({ key, page: next })}
        />
      </div>
    </div>
  );
}
