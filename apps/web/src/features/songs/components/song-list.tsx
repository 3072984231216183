import { MESSAGES, type Song } from "@fonika/shared";
import { useState } from "react";
import { Link } from "react-router";
import { PlayButton } from "../../../components/audio/preview-player.tsx";
import { useBigScreen } from "../../../components/layouts/use-media-query.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { SelectableTable } from "../../../components/ui/selectable-table.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import {
  formatDate,
  formatDay,
  formatDuration,
  formatSizeMb,
  truncateName,
} from "../../../lib/format.ts";
import { falloutOf, falloutText } from "../../../lib/licence-fallout.ts";
import { useSongMeta } from "../api/get-song-meta.ts";
import { useSongRatings } from "../api/get-song-ratings.ts";
import { useSongs } from "../api/list-songs.ts";
import { SongRatingStars } from "./song-rating.tsx";
import "../songs.css";

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
 * page of 20 at a time; songs are chosen with their checkboxes, play in
 * the page's player and are rated in their row.
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
  // One read of the ratings for the page shown, not one per row.
  const ratings = useSongRatings(listed.map((song) => song.id));
  return (
    <div aria-busy={songs.isFetching}>
      <SelectableTable
        caption="Треки библиотеки"
        columns={[
          {
            key: "title",
            header: "Название",
            className: "entries-table__name",
            render: (song) => (
              <div className="entry-name">
                <PlayButton track={{ songId: song.id, title: song.title, artists: song.artists }} />
                <span title={song.title}>
                  {truncateName(song.title, limit)}
                  {song.obsceneLexicon && (
                    <abbr className="explicit-badge" title="Ненормативная лексика">
                      E
                    </abbr>
                  )}
                </span>
                <LicenceMark song={song} />
              </div>
            ),
          },
          {
            key: "artists",
            header: "Исполнитель",
            render: (song) =>
              song.artists.length === 0
                ? "—"
                : song.artists.map((artist, index) => (
                    <span key={artist}>
                      {index > 0 && ", "}
                      <Link to={filteredSongsHref({ by: "artist", value: artist }, keepParams)}>
                        {artist}
                      </Link>
                    </span>
                  )),
          },
          {
            key: "album",
            header: "Альбом",
            render: (song) =>
              song.album ? (
                <Link to={filteredSongsHref({ by: "album", value: song.album }, keepParams)}>
                  {truncateName(song.album, TRUNCATION.folderVersionPlaylist)}
                </Link>
              ) : (
                "—"
              ),
          },
          {
            key: "rating",
            header: "Рейтинг",
            render: (song) => <SongRatingStars title={song.title} rating={ratings.get(song.id)} />,
          },
          {
            key: "duration",
            header: "Длительность",
            className: "nowrap",
            render: (song) => formatDuration(song.durationMs),
          },
          {
            key: "size",
            header: "Размер",
            className: "nowrap",
            render: (song) => formatSizeMb(song.sizeBytes),
          },
          {
            key: "created",
            header: "Добавлен",
            className: "nowrap",
            render: (song) => formatDate(song.createdAt),
          },
          {
            key: "actions",
            header: "Действия",
            className: "entries-table__actions",
            headerClassName: "entries-table__actions",
            render: (song) => (
              <Link
                className="icon-button icon-button--small"
                to={pathTo("TrackEdit", { id: song.id })}
                aria-label={`Изменить трек «${song.title}»`}
                title="Изменить трек"
              >
                <Icon name="edit" size={16} />
              </Link>
            ),
          },
        ]}
        rows={listed}
        rowKey={(song) => song.id}
        rowName={(song) => song.title}
        selected={selected}
        onSelect={onSelect}
        loading={songs.isPending}
        rowClassName={(song) => (song.id === preselect ? "is-preselected" : undefined)}
        empty={
          songs.isError ? (
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
          )
        }
      />
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

/**
 * A song out of what venues play for want of its holder's licence, or
 * falling out within 30 days (issue 32): a short mark, the reason in its
 * title. The server marks songs for staff only.
 */
function LicenceMark({ song }: { song: Song }) {
  const fallout = falloutOf(song, Date.now());
  if (!fallout) return null;
  return (
    <span
      className={`licence-mark is-${fallout.kind}`}
      title={falloutText(fallout, song.copyrightHolder?.name)}
    >
      {fallout.kind === "barred" ? "Не звучит" : `До ${formatDay(fallout.lastDay)}`}
    </span>
  );
}
