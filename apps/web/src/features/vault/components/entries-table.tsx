import type { LibraryEntry } from "@fonika/shared";
import type { DragEvent, ReactNode } from "react";
import { Link } from "react-router";
import { PlayButton } from "../../../components/audio/preview-player.tsx";
import { useBigScreen } from "../../../components/layouts/use-media-query.ts";
import { Icon, type IconName } from "../../../components/ui/icon.tsx";
import { IconButton } from "../../../components/ui/icon-button.tsx";
import {
  type SelectableColumn,
  SelectableTable,
} from "../../../components/ui/selectable-table.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { pathTo } from "../../../config/paths.ts";
import { formatDate, formatDuration, formatSizeMb, truncateName } from "../../../lib/format.ts";
import { tariffNamesText } from "../../../lib/tariff-names.ts";
import type { EntrySort, SortOrder } from "../api/list-entries.ts";
import { displayNameOf, ENTRY_TYPE_LABELS, nameLimitOf } from "../entry-texts.ts";
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

/**
 * The children of a folder, playlist, version or partition (SPEC.md §9
 * formats: durations in д/ч/м, sizes in MB, dates dd.MM.yyyy; names cut to
 * 20, tracks to 30 or 50 on big screens); a folder of Playlists names the
 * tariffs that hold each playlist. Rows are dragged onto folder
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
  // A folder of Playlists lists playlists: each says which tariffs hold it (issue 28).
  const holdsPlaylists =
    listed.partitionType === "playlists" &&
    (listed.entryType === "partition" || listed.entryType === "folder");
  const sortedBy = (column: EntrySort) => ({
    active: sortBy === column ? order : undefined,
    onSort: (direction: SortOrder) => onSort(column, direction),
  });

  const columns: SelectableColumn<LibraryEntry>[] = [
    ...(inVersion
      ? [
          {
            key: "position",
            header: "№",
            className: "entries-table__position",
            sort: sortedBy("position"),
            render: (entry: LibraryEntry) => entry.position + 1,
          },
        ]
      : []),
    {
      key: "name",
      header: "Название",
      className: "entries-table__name",
      sort: sortedBy("name"),
      render: (entry) => (
        <EntryName
          entry={entry}
          name={displayNameOf(entry)}
          limit={nameLimitOf(entry.entryType, bigScreen)}
        />
      ),
    },
    { key: "type", header: "Тип", render: (entry) => ENTRY_TYPE_LABELS[entry.entryType] },
    ...(holdsPlaylists
      ? [
          {
            key: "tariffs",
            header: "Тарифы",
            className: "entries-table__tariffs",
            render: (entry: LibraryEntry) =>
              entry.tariffs ? (
                <span className={entry.tariffs.length === 0 ? "muted" : undefined}>
                  {tariffNamesText(entry.tariffs)}
                </span>
              ) : (
                "—"
              ),
          },
        ]
      : []),
    {
      key: "tracks",
      header: "Треков",
      render: (entry) => (entry.entryType !== "track" ? entry.tracksCount : "—"),
    },
    {
      key: "duration",
      header: "Длительность",
      className: "nowrap",
      render: (entry) => formatDuration(entry.tracksDuration),
    },
    {
      key: "size",
      header: "Размер",
      className: "nowrap",
      sort: sortedBy("size"),
      render: (entry) => formatSizeMb(entry.size),
    },
    {
      key: "created",
      header: "Создан",
      className: "nowrap",
      sort: sortedBy("createdDate"),
      render: (entry) => formatDate(entry.createdDate),
    },
    {
      key: "modified",
      header: "Изменён",
      className: "nowrap",
      sort: sortedBy("modifiedDate"),
      render: (entry) => formatDate(entry.modifiedDate),
    },
    {
      key: "actions",
      header: "Действия",
      className: "entries-table__actions",
      headerClassName: "entries-table__actions",
      render: (entry) => <RowActions entry={entry} name={displayNameOf(entry)} actions={actions} />,
    },
  ];

  return (
    <SelectableTable
      caption={listed.name}
      columns={columns}
      rows={rows}
      rowKey={(entry) => entry.entryId}
      rowName={displayNameOf}
      selected={selected}
      onSelect={onSelect}
      loading={loading}
      empty={empty}
      renderRow={(entry, { className, cells }) => (
        <EntryRow
          entry={entry}
          rows={rows}
          selected={selected}
          className={className}
          onDrop={onDrop}
        >
          {cells}
        </EntryRow>
      )}
    />
  );
}
interface EntryRowProps {
  entry: LibraryEntry;
  rows: readonly LibraryEntry[];
  selected: ReadonlySet<string>;
  className: string;
  onDrop: EntriesTableProps["onDrop"];
  children: ReactNode;
}

/** A row dragged alone, or with the rest of the selection when it is selected; containers take drops. */
function EntryRow({ entry, rows, selected, className, onDrop, children }: EntryRowProps) {
  const drop = useDropTarget(entry.entryType !== "track" ? entry : null, onDrop);

  const handleDragStart = (event: DragEvent<HTMLTableRowElement>) => {
    const dragged = selected.has(entry.entryId)
      ? rows.filter((row) => selected.has(row.entryId))
      : [entry];
    writeDraggedEntries(event.dataTransfer, {
      parentId: entry.parentId ?? "",
      partitionType: entry.partitionType,
      entryIds: dragged.map((row) => row.entryId),
      names: dragged.map((row) => row.name),
    });
  };

  return (
    <tr
      className={`${className}${drop.over ? " is-drop-target" : ""}`}
      draggable
      onDragStart={handleDragStart}
      {...drop.props}
    >
      {children}
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
        <IconButton
          icon="rename"
          label={`Переименовать «${name}»`}
          title="Переименовать"
          onClick={() => actions.onRename(entry)}
        />
      )}
      <IconButton
        icon="move"
        label={`Переместить «${name}»`}
        title="Перенести или скопировать"
        onClick={() => actions.onMove([entry])}
      />
      <IconButton
        icon="trash"
        label={`Удалить «${name}»`}
        title="В корзину"
        onClick={() => actions.onDelete([entry])}
        danger
      />
    </div>
  );
}
