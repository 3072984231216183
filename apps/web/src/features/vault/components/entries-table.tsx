import { type LibraryEntry, truncateName } from "@fonika/shared";
import type { DragEvent, ReactNode } from "react";
import { Link } from "react-router";
import { PlayButton } from "../../../components/audio/preview-player.tsx";
import { useBigScreen } from "../../../components/layouts/use-media-query.ts";
import { Icon, type IconName } from "../../../components/ui/icon.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { pathTo } from "../../../config/paths.ts";
import { formatDate, formatDuration, formatSizeMb } from "../../../lib/format.ts";
import type { EntrySort, SortOrder } from "../api/list-entries.ts";
import { ENTRY_TYPE_LABELS, nameLimitOf } from "../entry-texts.ts";
import { useDropTarget } from "../hooks/use-drop-target.ts";
import type { useEntryTransfer } from "../hooks/use-entry-transfer.tsx";
import { entryHref } from "../library-location.ts";
import { writeDraggedEntries } from "../transfer.ts";

const ICONS: Record<LibraryEntry["entryType"], IconName> = {
  partition: "folder",
  folder: "folder",
  playlist: "playlists",
  version: "version",
  track: "music",
};

export interface EntryActions {
  onRename: (entry: LibraryEntry) => void;
  onMove: (entries: LibraryEntry[]) => void;
  onDelete: (entries: LibraryEntry[]) => void;
}

interface EntriesTableProps {
  /** The entry listed: its rows are its children. */
  listed: LibraryEntry;
  rows: readonly LibraryEntry[];
  loading: boolean;
  sortBy: EntrySort;
  order: SortOrder;
  onSort: (sortBy: EntrySort, order: SortOrder) => void;
  selected: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
  actions: EntryActions;
  onDrop: ReturnType<typeof useEntryTransfer>["handleDrop"];
  empty: ReactNode;
}

interface SortableColumn {
  sortBy: EntrySort;
  label: string;
}

/**
 * The children of a folder, playlist, version or partition (SPEC.md §9
 * formats: durations in д/ч/м, sizes in MB, dates dd.MM.yyyy; names cut to
 * 20, tracks to 30 or 50 on big screens). Rows are dragged onto folder
 * rows or the side-menu tree to move them, with Ctrl or Alt to copy;
 * containers open by their name; tracks play in the page's player.
 */
export function EntriesTable({
  listed,
  rows,
  loading,
  sortBy,
  order,
  onSort,
  selected,
  onSelect,
  actions,
  onDrop,
  empty,
}: EntriesTableProps) {
  const bigScreen = useBigScreen();
  const inVersion = listed.entryType === "version";
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.entryId));

  const sortHeader = ({ sortBy: column, label }: SortableColumn) => {
    const active = sortBy === column;
    const nextOrder: SortOrder = active && order === "asc" ? "desc" : "asc";
    return (
      <th
        scope="col"
        aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
      >
        <button
          type="button"
          className={`table__sort${active ? " is-active" : ""}`}
          onClick={() => onSort(column, nextOrder)}
        >
          {label}
          {active && <Icon name={order === "asc" ? "arrow-up" : "arrow-down"} size={14} />}
        </button>
      </th>
    );
  };

  return (
    <div className="table-wrap">
      <table className="table table--stack entries-table">
        <caption className="visually-hidden">{listed.name}</caption>
        <thead>
          <tr>
            <th scope="col" className="entries-table__check">
              <input
                type="checkbox"
                aria-label="Выбрать все"
                checked={allSelected}
                disabled={rows.length === 0}
                onChange={(event) =>
                  onSelect(
                    event.target.checked ? new Set(rows.map((row) => row.entryId)) : new Set(),
                  )
                }
              />
            </th>
            {inVersion && sortHeader({ sortBy: "position", label: "№" })}
            {sortHeader({ sortBy: "name", label: "Название" })}
            <th scope="col">Тип</th>
            <th scope="col">Треков</th>
            <th scope="col">Длительность</th>
            {sortHeader({ sortBy: "size", label: "Размер" })}
            {sortHeader({ sortBy: "createdDate", label: "Создан" })}
            {sortHeader({ sortBy: "modifiedDate", label: "Изменён" })}
            <th scope="col" className="entries-table__actions">
              Действия
            </th>
          </tr>
        </thead>
        <tbody>
          {loading
            ? [0, 1, 2].map((index) => (
                <tr key={index} className="table__placeholder">
                  <td colSpan={inVersion ? 10 : 9}>
                    <Skeleton width="80%" />
                  </td>
                </tr>
              ))
            : rows.map((row) => (
                <EntryRow
                  key={row.entryId}
                  entry={row}
                  rows={rows}
                  showPosition={inVersion}
                  nameLimit={nameLimitOf(row.entryType, bigScreen)}
                  selected={selected}
                  onSelect={onSelect}
                  actions={actions}
                  onDrop={onDrop}
                />
              ))}
        </tbody>
      </table>
      {!loading && rows.length === 0 && <div className="table__empty">{empty}</div>}
    </div>
  );
}

interface EntryRowProps {
  entry: LibraryEntry;
  rows: readonly LibraryEntry[];
  showPosition: boolean;
  nameLimit: number;
  selected: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
  actions: EntryActions;
  onDrop: EntriesTableProps["onDrop"];
}

function EntryRow({
  entry,
  rows,
  showPosition,
  nameLimit,
  selected,
  onSelect,
  actions,
  onDrop,
}: EntryRowProps) {
  const container = entry.entryType !== "track";
  const drop = useDropTarget(container ? entry : null, onDrop);
  const isSelected = selected.has(entry.entryId);
  const name = entry.entryType === "track" ? (entry.song?.title ?? entry.name) : entry.name;

  const handleDragStart = (event: DragEvent<HTMLTableRowElement>) => {
    const dragged = isSelected ? rows.filter((row) => selected.has(row.entryId)) : [entry];
    writeDraggedEntries(event.dataTransfer, {
      parentId: entry.parentId ?? "",
      partitionType: entry.partitionType,
      entryIds: dragged.map((row) => row.entryId),
      names: dragged.map((row) => row.name),
    });
  };

  const toggleSelected = (checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(entry.entryId);
    else next.delete(entry.entryId);
    onSelect(next);
  };

  return (
    <tr
      className={`entries-table__row${isSelected ? " is-selected" : ""}${drop.over ? " is-drop-target" : ""}`}
      draggable
      onDragStart={handleDragStart}
      {...drop.props}
    >
      <td className="entries-table__check">
        <input
          type="checkbox"
          aria-label={`Выбрать «${name}»`}
          checked={isSelected}
          onChange={(event) => toggleSelected(event.target.checked)}
        />
      </td>
      {showPosition && (
        <td data-label="№" className="entries-table__position">
          {entry.position + 1}
        </td>
      )}
      <td data-label="Название" className="entries-table__name">
        <EntryName entry={entry} name={name} limit={nameLimit} />
      </td>
      <td data-label="Тип">{ENTRY_TYPE_LABELS[entry.entryType]}</td>
      <td data-label="Треков">{container ? entry.tracksCount : "—"}</td>
      <td data-label="Длительность" className="nowrap">
        {formatDuration(entry.tracksDuration)}
      </td>
      <td data-label="Размер" className="nowrap">
        {formatSizeMb(entry.size)}
      </td>
      <td data-label="Создан" className="nowrap">
        {formatDate(entry.createdDate)}
      </td>
      <td data-label="Изменён" className="nowrap">
        {formatDate(entry.modifiedDate)}
      </td>
      <td data-label="Действия" className="entries-table__actions">
        <RowActions entry={entry} name={name} actions={actions} />
      </td>
    </tr>
  );
}

function EntryName({ entry, name, limit }: { entry: LibraryEntry; name: string; limit: number }) {
  const shown = truncateName(name, limit);
  if (entry.entryType === "track") {
    const artists = entry.song?.artists ?? [];
    return (
      <div className="entry-name">
        {entry.songId ? (
          <PlayButton track={{ songId: entry.songId, title: name, artists }} />
        ) : (
          <Icon name="music" />
        )}
        <div className="entry-name__text">
          <span title={name}>
            {shown}
            {entry.song?.obsceneLexicon && (
              <abbr className="explicit-badge" title="Ненормативная лексика">
                E
              </abbr>
            )}
          </span>
          {artists.length > 0 && (
            <span className="entry-name__sub" title={artists.join(", ")}>
              {truncateName(artists.join(", "), TRUNCATION.trackComputer)}
            </span>
          )}
          {entry.song?.removed && <span className="chip chip--blocked">Удалён из библиотеки</span>}
        </div>
      </div>
    );
  }
  return (
    <div className="entry-name">
      <Icon name={ICONS[entry.entryType]} />
      <div className="entry-name__text">
        <Link to={entryHref(entry)} title={name} className="entry-name__link">
          {shown}
        </Link>
        {entry.isCurrent && <span className="chip chip--active">Текущая</span>}
      </div>
    </div>
  );
}

function RowActions({
  entry,
  name,
  actions,
}: {
  entry: LibraryEntry;
  name: string;
  actions: EntryActions;
}) {
  return (
    <div className="row-actions">
      {entry.entryType === "track" && entry.songId && (
        <Link
          className="icon-button icon-button--small"
          to={pathTo("TrackEdit", { id: entry.songId })}
          aria-label={`Изменить трек «${name}»`}
          title="Изменить трек"
        >
          <Icon name="edit" size={16} />
        </Link>
      )}
      {entry.entryType === "playlist" && entry.playlistId && (
        <Link
          className="icon-button icon-button--small"
          to={pathTo("Playlist", { id: entry.playlistId })}
          aria-label={`Редактировать плейлист «${name}»`}
          title="Редактировать плейлист"
        >
          <Icon name="edit" size={16} />
        </Link>
      )}
      {entry.entryType !== "track" && (
        <button
          type="button"
          className="icon-button icon-button--small"
          aria-label={`Переименовать «${name}»`}
          title="Переименовать"
          onClick={() => actions.onRename(entry)}
        >
          <Icon name="rename" size={16} />
        </button>
      )}
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={`Переместить «${name}»`}
        title="Перенести или скопировать"
        onClick={() => actions.onMove([entry])}
      >
        <Icon name="move" size={16} />
      </button>
      <button
        type="button"
        className="icon-button icon-button--small icon-button--danger"
        aria-label={`Удалить «${name}»`}
        title="В корзину"
        onClick={() => actions.onDelete([entry])}
      >
        <Icon name="trash" size={16} />
      </button>
    </div>
  );
}
