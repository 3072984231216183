import type { Lead } from "@fonika/shared";
import { useState } from "react";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDateTime, formatPhone } from "../../../lib/format.ts";
import { useLeads } from "../api/list-leads.ts";

const STATUS_LABELS: Record<Lead["status"], string> = {
  stored: "Сохранена",
  pending: "Ожидает отправки",
  forwarded: "Передана в amoCRM",
  failing: "Ошибка отправки",
};

const COLUMNS: readonly Column<Lead>[] = [
  { key: "name", header: "Имя", render: (lead) => lead.name },
  {
    key: "phone",
    header: "Телефон",
    render: (lead) => <span className="nowrap">{formatPhone(lead.phone)}</span>,
    width: "13em",
  },
  { key: "company", header: "Компания", render: (lead) => lead.company },
  {
    key: "createdAt",
    header: "Дата",
    render: (lead) => <span className="nowrap">{formatDateTime(lead.createdAt)}</span>,
    width: "10em",
  },
  {
    key: "status",
    header: "Статус пересылки",
    width: "13em",
    render: (lead) => (
      <span
        className={`chip chip--${lead.status}`}
        title={lead.lastError ? `Попыток: ${lead.attempts}. ${lead.lastError}` : undefined}
      >
        {STATUS_LABELS[lead.status]}
      </span>
    ),
  },
];

/** Leads from the landing page, a page at a time. */
export function LeadsTable() {
  const [page, setPage] = useState(0);
  const leads = useLeads(page);
  return (
    <>
      <DataTable
        caption="Заявки с сайта"
        columns={COLUMNS}
        rows={leads.data?.data ?? []}
        rowKey={(lead) => lead.id}
        loading={leads.isPending}
        empty={
          leads.isError ? (
            <EmptyState icon="integrations" title="Не удалось загрузить заявки">
              {errorText(leads.error)}
            </EmptyState>
          ) : (
            <EmptyState icon="integrations" title="Заявок пока нет">
              Заявки с формы на главной странице появятся здесь.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{leads.data ? `Всего заявок: ${leads.data.total}` : ""}</span>
        <Pagination page={page} totalPages={leads.data?.totalPages ?? 0} onChange={setPage} />
      </div>
    </>
  );
}
