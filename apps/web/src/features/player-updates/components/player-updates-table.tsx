import { MESSAGES, type PlayerUpdate } from "@fonika/shared";
import { type MouseEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { useApiClient } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDateTime, formatSizeMb } from "../../../lib/format.ts";
import { playerUpdateFileUrl } from "../api/get-player-update-file.ts";
import { usePlayerUpdates } from "../api/list-player-updates.ts";
import "../player-updates.css";

interface PlayerUpdatesTableProps {
  query: string;
  onEdit: (update: PlayerUpdate) => void;
}

/** Player updates, newest upload first, 30 a page; a new search starts from page one. */
export function PlayerUpdatesTable({ query, onEdit }: PlayerUpdatesTableProps) {
  const api = useApiClient();
  const [paging, setPaging] = useState({ query, page: 0 });
  const page = paging.query === query ? paging.page : 0;
  const updates = usePlayerUpdates({ page, query });

  /** The file's address with the token of this moment; none while signed out. */
  const fileUrl = (update: PlayerUpdate): string | undefined => {
    try {
      return playerUpdateFileUrl(api, update.updateId);
    } catch {
      return undefined;
    }
  };
  /** A link followed later needs the token of that moment. */
  const refreshHref = (update: PlayerUpdate) => (event: MouseEvent<HTMLAnchorElement>) => {
    const url = fileUrl(update);
    if (url) event.currentTarget.href = url;
  };

  const columns: readonly Column<PlayerUpdate>[] = [
    {
      key: "name",
      header: "Название",
      render: (update) => (
        <span className="player-updates-table__name">
          <strong>{update.name}</strong>
          <span className="muted">{update.fileName}</span>
        </span>
      ),
    },
    { key: "version", header: "Версия", width: "9em", render: (update) => update.version },
    {
      key: "createdAt",
      header: "Загружено",
      width: "10em",
      render: (update) => formatDateTime(update.createdAt),
    },
    {
      key: "size",
      header: "Размер",
      width: "8em",
      render: (update) => formatSizeMb(update.size),
    },
    {
      key: "actions",
      header: "Действия",
      width: "14em",
      render: (update) => (
        <span className="player-updates-table__actions">
          <Button
            variant="ghost"
            icon="edit"
            aria-label={`Изменить «${update.name}»`}
            onClick={() => onEdit(update)}
          >
            Изменить
          </Button>
          <a
            href={fileUrl(update)}
            download={update.fileName}
            onClick={refreshHref(update)}
            aria-label={`Скачать «${update.name}»`}
          >
            Скачать
          </a>
        </span>
      ),
    },
  ];

  return (
    <div className="player-updates-table" aria-busy={updates.isFetching}>
      <DataTable
        cards
        caption="Обновления плееров"
        columns={columns}
        rows={updates.data?.data ?? []}
        rowKey={(update) => update.updateId}
        loading={updates.isPending}
        empty={
          updates.isError ? (
            <EmptyState icon="updates" title="Не удалось загрузить обновления">
              {errorText(updates.error)}
            </EmptyState>
          ) : query ? (
            <EmptyState icon="search" title={MESSAGES.nothingFound}>
              Измените поиск.
            </EmptyState>
          ) : (
            <EmptyState icon="updates" title="Обновлений пока нет">
              Загрузите файл прошивки выше: бокс-плееры узнают о новой версии, как только
              подключатся.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{updates.data ? `Всего: ${updates.data.total}` : ""}</span>
        <Pagination
          page={page}
          totalPages={updates.data?.totalPages ?? 0}
          onChange={(next) => setPaging({ query, page: next })}
        />
      </div>
    </div>
  );
}
