import { type LibraryEntry, PARTITION_IDS } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { useBigScreen } from "../../../components/layouts/use-media-query.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { IconButton } from "../../../components/ui/icon-button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { SelectableTable } from "../../../components/ui/selectable-table.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDate, formatSizeMb, truncateName } from "../../../lib/format.ts";
import { useDeleteEntriesForever } from "../api/delete-entries-forever.ts";
import { useEntries } from "../api/list-entries.ts";
import { useRestoreEntry } from "../api/restore-entry.ts";
import {
  displayNameOf,
  EMPTY_HINTS,
  ENTRY_TYPE_LABELS,
  nameLimitOf,
  PARTITION_LABELS,
} from "../entry-texts.ts";
import { useListingParams } from "../hooks/use-listing-params.ts";

/**
 * Whether deleting this for good may leave a playlist without a place (the
 * server keeps a playlist a tariff holds): a playlist in a tariff, or a
 * folder of Playlists, whose playlists the trash does not list.
 */
function mayKeepPlaylists(entry: LibraryEntry): boolean {
  if (entry.entryType === "playlist") return (entry.tariffs?.length ?? 0) > 0;
  return entry.entryType === "folder" && entry.originPartitionType === "playlists";
}

/**
 * The trash (SPEC.md §4): what was deleted, newest first by default, each
 * restorable to where it was or deletable for good (after a confirmation);
 * 'Корзина пуста' when there is nothing.
 */
export function TrashBrowser() {
  const { params, setPage } = useListingParams();
  const listing = useEntries({
    entryId: PARTITION_IDS.deleted,
    page: params.page,
    sortBy: params.sortBy,
    order: params.order,
  });
  const restore = useRestoreEntry();
  const deleteForever = useDeleteEntriesForever();
  const bigScreen = useBigScreen();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<LibraryEntry[] | null>(null);
  const rows = listing.data?.data ?? [];
  const selectedRows = rows.filter((row) => selected.has(row.entryId));

  const restoreEntries = async (entries: LibraryEntry[]) => {
    let restored = 0;
    for (const entry of entries) {
      try {
        await restore.mutateAsync(entry.entryId);
        restored += 1;
      } catch (error) {
        toast.error(`${displayNameOf(entry)}: ${errorText(error)}`);
      }
    }
    if (restored > 0) toast.success(`Восстановлено: ${restored}`);
    setSelected(new Set());
  };

  const removeForever = async (entries: LibraryEntry[]) => {
    try {
      const result = await deleteForever.mutateAsync(entries.map((entry) => entry.entryId));
      const failed = result.failedEntries.length;
      if (entries.length - failed > 0)
        toast.success(`Удалено навсегда: ${entries.length - failed}`);
      for (const entry of result.failedEntries) toast.error(`${entry.name ?? ""}: ${entry.reason}`);
    } catch (error) {
      toast.error(errorText(error));
    }
    setSelected(new Set());
    setConfirming(null);
  };

  return (
    <Page
      title="Корзина"
      description="Удалённые папки, плейлисты, версии и треки. Их можно восстановить или удалить навсегда."
    >
      {selectedRows.length > 0 && (
        <div className="list-toolbar">
          <div className="list-toolbar__selection">
            <span>Выбрано: {selectedRows.length}</span>
            <Button
              variant="secondary"
              icon="restore"
              busy={restore.isPending}
              onClick={() => void restoreEntries(selectedRows)}
            >
              Восстановить
            </Button>
            <Button variant="danger" icon="trash" onClick={() => setConfirming(selectedRows)}>
              Удалить навсегда
            </Button>
          </div>
        </div>
      )}
      <SelectableTable
        caption="Корзина"
        columns={[
          {
            key: "name",
            header: "Название",
            className: "entries-table__name",
            render: (entry) => (
              <span title={displayNameOf(entry)}>
                {truncateName(displayNameOf(entry), nameLimitOf(entry.entryType, bigScreen))}
              </span>
            ),
          },
          { key: "type", header: "Тип", render: (entry) => ENTRY_TYPE_LABELS[entry.entryType] },
          {
            key: "origin",
            header: "Откуда",
            render: (entry) =>
              entry.originPartitionType ? PARTITION_LABELS[entry.originPartitionType] : "—",
          },
          {
            key: "deleted",
            header: "Удалён",
            className: "nowrap",
            render: (entry) => formatDate(entry.deletedDate ?? entry.modifiedDate),
          },
          {
            key: "size",
            header: "Размер",
            className: "nowrap",
            render: (entry) => formatSizeMb(entry.size),
          },
          {
            key: "actions",
            header: "Действия",
            className: "entries-table__actions",
            headerClassName: "entries-table__actions",
            render: (entry) => (
              <div className="row-actions">
                <IconButton
                  icon="restore"
                  label={`Восстановить «${displayNameOf(entry)}»`}
                  title="Восстановить"
                  onClick={() => void restoreEntries([entry])}
                />
                <IconButton
                  icon="trash"
                  label={`Удалить навсегда «${displayNameOf(entry)}»`}
                  title="Удалить навсегда"
                  onClick={() => setConfirming([entry])}
                  danger
                />
              </div>
            ),
          },
        ]}
        rows={rows}
        rowKey={(entry) => entry.entryId}
        rowName={displayNameOf}
        selected={selected}
        onSelect={setSelected}
        loading={listing.isPending}
        busy={listing.isFetching}
        empty={
          listing.isError ? (
            <EmptyState icon="trash" title="Не удалось открыть корзину">
              {errorText(listing.error)}
            </EmptyState>
          ) : (
            <EmptyState icon="trash" title={EMPTY_HINTS.trash}>
              Удалённые объекты библиотеки будут храниться здесь.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">Всего: {listing.data?.total ?? 0}</span>
        <Pagination
          page={params.page}
          totalPages={listing.data?.totalPages ?? 0}
          onChange={setPage}
        />
      </div>
      {confirming && (
        <Modal
          title="Удалить навсегда?"
          onClose={() => setConfirming(null)}
          footer={
            <>
              <Button
                variant="danger"
                busy={deleteForever.isPending}
                onClick={() => void removeForever(confirming)}
              >
                Удалить навсегда
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(null)}>
                Отмена
              </Button>
            </>
          }
        >
          <p className="modal__lead">
            {confirming.length === 1
              ? `«${displayNameOf(confirming[0] as LibraryEntry)}» будет удалён без возможности восстановления.`
              : `Объекты (${confirming.length}) будут удалены без возможности восстановления.`}{" "}
            Загруженные треки останутся в библиотеке.
          </p>
          {confirming.some(mayKeepPlaylists) && (
            <p className="muted">
              Плейлист, который входит в тариф, останется без места: тарифы и плееры его не
              потеряют, а вернуть его можно кнопкой «Разместить плейлист» в папке плейлистов.
            </p>
          )}
        </Modal>
      )}
    </Page>
  );
}
