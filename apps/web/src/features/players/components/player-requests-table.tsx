import type { PlayerRequest } from "@fonika/shared";
import { useState } from "react";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDateTime, formatPhone } from "../../../lib/format.ts";
import { usePlayerRequests } from "../api/list-player-requests.ts";
import { PLAYER_REQUEST_KIND_LABELS } from "../player-texts.ts";
import "../players.css";

const COLUMNS: readonly Column<PlayerRequest>[] = [
  {
    key: "createdAt",
    header: "Получена",
    width: "9em",
    render: (request) => formatDateTime(request.createdAt),
  },
  {
    key: "kind",
    header: "Заявка",
    render: (request) =>
      request.kind === "purchase"
        ? `${PLAYER_REQUEST_KIND_LABELS.purchase}, ${request.quantity ?? 1} шт.`
        : `${PLAYER_REQUEST_KIND_LABELS.leave}${request.playerName ? ` «${request.playerName}»` : ""}`,
  },
  { key: "client", header: "Клиент", render: (request) => request.clientName || "—" },
  {
    key: "contact",
    header: "Контакт",
    render: (request) => (
      <span className="players-table__contact">
        {[request.name, request.company].filter(Boolean).join(", ") || "—"}
        {request.phone && <span>{formatPhone(request.phone)}</span>}
        {request.email && <span>{request.email}</span>}
      </span>
    ),
  },
  { key: "address", header: "Адрес", render: (request) => request.address ?? "—" },
  { key: "comment", header: "Комментарий", render: (request) => request.comment ?? "—" },
];

/** Clients' requests to buy a box player or stop a player's service, newest first. */
export function PlayerRequestsTable() {
  const [page, setPage] = useState(0);
  const requests = usePlayerRequests(page);
  return (
    <div className="players-table" aria-busy={requests.isFetching}>
      <DataTable
        cards
        caption="Заявки по плеерам"
        columns={COLUMNS}
        rows={requests.data?.data ?? []}
        rowKey={(request) => request.id}
        loading={requests.isPending}
        empty={
          requests.isError ? (
            <EmptyState icon="enquiries" title="Не удалось загрузить заявки">
              {errorText(requests.error)}
            </EmptyState>
          ) : (
            <EmptyState icon="enquiries" title="Заявок пока нет">
              Здесь появятся заявки клиентов на покупку бокс-плеера и на отключение плеера.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{requests.data ? `Всего: ${requests.data.total}` : ""}</span>
        <Pagination page={page} totalPages={requests.data?.totalPages ?? 0} onChange={setPage} />
      </div>
    </div>
  );
}
