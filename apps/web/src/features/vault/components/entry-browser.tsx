import { type LibraryEntry, MESSAGES } from "@fonika/shared";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, Navigate } from "react-router";
import { toast } from "react-toastify";
import { AudioFilePicker } from "../../../components/audio/audio-file-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDuration } from "../../../lib/format.ts";
import { useRenameEntry } from "../api/edit-entry.ts";
import { type EntrySort, type SortOrder, useEntries } from "../api/list-entries.ts";
import { useUnplacedPlaylists } from "../api/list-unplaced-playlists.ts";
import { useMakeFolder } from "../api/make-folder.ts";
import { ENTRY_TYPE_LABELS, emptyHintOf, PARTITION_LABELS } from "../entry-texts.ts";
import { useUploadQueue } from "../hooks/upload-queue-context.tsx";
import { useDropTarget } from "../hooks/use-drop-target.ts";
import { useEntryTransfer } from "../hooks/use-entry-transfer.tsx";
import { useListingParams } from "../hooks/use-listing-params.ts";
import { LIBRARY_PARAMS, partitionHref } from "../library-location.ts";
import { acceptsFiles } from "../transfer.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { EntriesTable } from "./entries-table.tsx";
import { MoveDialog } from "./move-dialog.tsx";
import { NameDialog } from "./name-dialog.tsx";
import { PlacePlaylistDialog } from "./place-playlist-dialog.tsx";
import "./entry-browser.css";
import "../vault.css";

const SORT_OPTIONS: readonly { value: `${EntrySort}:${SortOrder}`; label: string }[] = [
  { value: "name:asc", label: "По названию, А–Я" },
  { value: "name:desc", label: "По названию, Я–А" },
  { value: "size:desc", label: "Сначала большие" },
  { value: "size:asc", label: "Сначала маленькие" },
  { value: "createdDate:desc", label: "Сначала новые" },
  { value: "createdDate:asc", label: "Сначала старые" },
  { value: "modifiedDate:desc", label: "Недавно изменённые" },
  { value: "modifiedDate:asc", label: "Давно изменённые" },
];

const POSITION_OPTION = { value: "position:asc", label: "По порядку в версии" } as const;

/** The search box of a listing: it searches 300 ms after typing stops, or on Enter. */
function ListingSearch({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(query);
  const sentRef = useRef(query);
  const searchRef = useRef(onSearch);
  searchRef.current = onSearch;
  const send = (value: string) => {
    sentRef.current = value.trim();
    searchRef.current(value);
  };
  // A search changed from outside (back button, a link) shows in the box;
  // the echo of what was typed does not overwrite newer typing.
  useEffect(() => {
    if (query !== sentRef.current) {
      sentRef.current = query;
      setText(query);
    }
  }, [query]);
  useEffect(() => {
    if (text.trim() === sentRef.current) return;
    const timer = setTimeout(() => {
      sentRef.current = text.trim();
      searchRef.current(text);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <search className="list-toolbar__search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send(text);
        }}
      >
        <Icon name="search" className="list-toolbar__icon" />
        <input
          className="input list-toolbar__input"
          type="search"
          placeholder="Поиск по названию"
          aria-label="Поиск в папке"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}

function descriptionOf(entry: LibraryEntry): string {
  const partition = PARTITION_LABELS[entry.partitionType];
  if (entry.entryType === "partition") {
    return entry.partitionType === "tracks"
      ? "Загруженные треки, разложенные по папкам."
      : "Папки и плейлисты с их версиями.";
  }
  return `${ENTRY_TYPE_LABELS[entry.entryType]} раздела «${partition}» · треков: ${entry.tracksCount} · ${formatDuration(entry.tracksDuration)}`;
}

interface EntryBrowserProps {
  entryId: string;
}

/**
 * The library screen at one folder or partition root (SPEC.md §4
 * Library): breadcrumbs from its path, its children a page of 12 at a time
 * sorted by name, search, rename, move and copy, delete to the trash;
 * files dropped on a Tracks folder (or chosen with 'Загрузить треки') are
 * uploaded one by one and added to it. A playlist or a version named here
 * opens in the playlist editor, its one view.
 */
export function EntryBrowser({ entryId }: EntryBrowserProps) {
  const { params, setPage, setSort, setQuery } = useListingParams();
  const listing = useEntries({
    entryId,
    page: params.page,
    sortBy: params.sortBy,
    order: params.order,
    query: params.query,
  });
  const transfer = useEntryTransfer();
  const uploads = useUploadQueue();
  const rename = useRenameEntry();
  const makeFolder = useMakeFolder();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [renaming, setRenaming] = useState<LibraryEntry | null>(null);
  const [moving, setMoving] = useState<LibraryEntry[] | null>(null);
  const [creatingFolder, setCreatingFolder] = useState(false);
  const [placingPlaylist, setPlacingPlaylist] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const listed = listing.data?.entry;
  const rows = listing.data?.data ?? [];
  const drop = useDropTarget(listed ?? null, transfer.handleDrop);
  // A folder of Playlists may take in the playlists that lost their place (make-playlist).
  const holdsPlaylists =
    listed?.partitionType === "playlists" &&
    (listed.entryType === "folder" || listed.entryType === "partition");
  const unplaced = useUnplacedPlaylists(holdsPlaylists);
  const unplacedPlaylists = holdsPlaylists ? (unplaced.data?.data ?? []) : [];

  // A new place, page or search starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever what is listed changes.
  useEffect(() => setSelected(new Set()), [entryId, params.page, params.query]);

  // A page past the end (rows deleted or moved away) goes back to the last one.
  useEffect(() => {
    const totalPages = listing.data?.totalPages ?? 0;
    if (listing.data && params.page > 0 && params.page >= totalPages) {
      setPage(Math.max(0, totalPages - 1));
    }
  }, [listing.data, params.page, setPage]);

  if (listing.isError && !listing.data) {
    return (
      <Page title="Библиотека">
        <EmptyState icon="folder" title="Не удалось открыть папку">
          {errorText(listing.error)}{" "}
          <Link to={partitionHref("playlists")}>К разделу «Плейлисты»</Link>
        </EmptyState>
      </Page>
    );
  }

  if (!listed) {
    return (
      <Page title="Библиотека" description={<Skeleton width="240px" />}>
        <div className="table-wrap" aria-busy="true">
          <div className="table__loading">
            <Skeleton width="60%" />
            <Skeleton width="80%" />
            <Skeleton width="70%" />
          </div>
        </div>
      </Page>
    );
  }

  // A playlist and its versions have one view, the playlist editor (decision, see docs).
  const playlistId =
    listed.entryType === "playlist"
      ? listed.playlistId
      : listed.entryType === "version"
        ? (listing.data?.path.at(-1)?.playlistId ?? null)
        : null;
  if (playlistId) {
    const version = listed.entryType === "version" ? listed.entryId : undefined;
    return (
      <Navigate
        to={pathTo("Playlist", { id: playlistId }, { [LIBRARY_PARAMS.version]: version })}
        replace
      />
    );
  }

  const deleteEntries = async (entries: LibraryEntry[]) => {
    if (entries.length === 0) return;
    await transfer.trash(
      listed.entryId,
      entries.map((entry) => entry.entryId),
    );
    setSelected(new Set());
  };

  const takesFiles = acceptsFiles(listed);
  const sortBy: EntrySort = params.sortBy ?? (listed.entryType === "version" ? "position" : "name");
  const order: SortOrder = params.sortBy ? params.order : "asc";
  const selectedRows = rows.filter((row) => selected.has(row.entryId));

  const actions: ReactNode[] = [];
  if (takesFiles) {
    actions.push(
      <Button key="upload" icon="upload" onClick={() => fileInputRef.current?.click()}>
        Загрузить треки
      </Button>,
    );
  }
  if (listed.partitionType === "tracks") {
    actions.push(
      <Button
        key="folder"
        variant="secondary"
        icon="folder"
        onClick={() => setCreatingFolder(true)}
      >
        Новая папка
      </Button>,
    );
  }
  if (unplacedPlaylists.length > 0) {
    actions.push(
      <Button
        key="place-playlist"
        variant="secondary"
        icon="playlists"
        title={`Плейлистов без места в библиотеке: ${unplaced.data?.total ?? unplacedPlaylists.length}`}
        onClick={() => setPlacingPlaylist(true)}
      >
        Разместить плейлист
      </Button>,
    );
  }
  if (listed.entryType === "partition" && listed.partitionType === "tracks") {
    actions.push(
      <Link key="songs" className="button button--ghost button--md" to={pathTo("AddAudios")}>
        <Icon name="music" />
        Все треки библиотеки
      </Link>,
    );
  }
  const emptyState = params.query ? (
    <EmptyState icon="search" title={MESSAGES.nothingFound}>
      По запросу «{params.query}» здесь ничего нет.
    </EmptyState>
  ) : (
    <EmptyState
      icon={takesFiles ? "upload" : listed.entryType === "playlist" ? "version" : "folder"}
      title="Здесь пока пусто"
    >
      {emptyHintOf(listed)}
    </EmptyState>
  );

  return (
    <Page
      title={listed.name}
      description={descriptionOf(listed)}
      actions={actions.length > 0 ? actions : undefined}
    >
      <Breadcrumbs path={listing.data?.path ?? []} current={listed} onDrop={transfer.handleDrop} />
      <div className="list-toolbar">
        <ListingSearch query={params.query} onSearch={setQuery} />
        <label className="list-toolbar__sort">
          <span className="field__label">Сортировка</span>
          <select
            className="input"
            value={`${sortBy}:${order}`}
            onChange={(event) => {
              const [nextSort, nextOrder] = event.target.value.split(":") as [EntrySort, SortOrder];
              setSort(nextSort, nextOrder);
            }}
          >
            {listed.entryType === "version" && (
              <option value={POSITION_OPTION.value}>{POSITION_OPTION.label}</option>
            )}
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {selectedRows.length > 0 && (
          <div className="list-toolbar__selection">
            <span>Выбрано: {selectedRows.length}</span>
            <Button variant="secondary" icon="move" onClick={() => setMoving(selectedRows)}>
              Переместить
            </Button>
            <Button variant="danger" icon="trash" onClick={() => void deleteEntries(selectedRows)}>
              Удалить
            </Button>
          </div>
        )}
      </div>
      <div
        className={`drop-zone${drop.over ? " is-drop-target" : ""}${takesFiles ? " drop-zone--files" : ""}`}
        aria-busy={listing.isFetching}
        {...drop.props}
      >
        <EntriesTable
          listed={listed}
          rows={rows}
          loading={listing.isPending}
          sortBy={sortBy}
          order={order}
          onSort={setSort}
          selected={selected}
          onSelect={setSelected}
          onDrop={transfer.handleDrop}
          actions={{
            onRename: setRenaming,
            onMove: setMoving,
            onDelete: (entries) => void deleteEntries(entries),
          }}
          empty={emptyState}
        />
        {drop.over && (
          <div className="drop-zone__overlay" aria-hidden="true">
            <Icon name="upload" size={28} />
            {takesFiles
              ? "Отпустите, чтобы загрузить или перенести сюда"
              : "Отпустите, чтобы перенести сюда"}
          </div>
        )}
      </div>
      <div className="table-footer">
        <span className="muted">Всего: {listing.data?.total ?? 0}</span>
        <Pagination
          page={params.page}
          totalPages={listing.data?.totalPages ?? 0}
          onChange={setPage}
        />
      </div>
      <p className="library-hint">
        <Icon name="move" size={16} />
        {takesFiles ? "Перетащите файлы с компьютера на таблицу, чтобы загрузить их сюда. " : ""}
        Строки перетаскиваются на папку в таблице, в пути или в меню слева — так они переносятся; с
        зажатой Ctrl или Alt — копируются.
      </p>
      <AudioFilePicker
        inputRef={fileInputRef}
        label="Файлы треков"
        onFiles={(files) => uploads.add(files, { entryId: listed.entryId, name: listed.name })}
      />
      {renaming && (
        <NameDialog
          title="Переименовать"
          label="Новое название"
          initialName={renaming.name}
          submitLabel="Сохранить"
          onSubmit={async (name) => {
            await rename.mutateAsync({
              parentId: renaming.parentId ?? listed.entryId,
              entryId: renaming.entryId,
              name,
            });
            toast.success("Название изменено");
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      {creatingFolder && (
        <NameDialog
          title="Новая папка"
          label="Название папки"
          submitLabel="Создать"
          onSubmit={async (name) => {
            await makeFolder.mutateAsync({ parentId: listed.entryId, name });
            toast.success("Папка создана");
          }}
          onClose={() => setCreatingFolder(false)}
        />
      )}
      {placingPlaylist && (
        <PlacePlaylistDialog
          folder={listed}
          playlists={unplacedPlaylists}
          onClose={() => setPlacingPlaylist(false)}
        />
      )}
      {moving && (
        <MoveDialog
          entries={moving}
          onTransfer={async (operation, targetId) => {
            await transfer.transfer(
              operation,
              targetId,
              moving.map((entry) => entry.entryId),
            );
            setSelected(new Set());
          }}
          onClose={() => setMoving(null)}
        />
      )}
      {transfer.modal}
    </Page>
  );
}
