import {
  ENQUIRY_STATE_LABELS,
  ENQUIRY_TOPIC_LABELS,
  type EnquiryState,
  type EnquirySummary,
} from "@fonika/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { type ChipTone, StatusChip } from "../../../components/ui/status-chip.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import type { EnquiriesPage } from "../api/list-enquiries.ts";
import { ENQUIRY_TEXTS } from "../support-texts.ts";
import "../support.css";

const STATE_TONES: Record<EnquiryState, ChipTone | undefined> = {
  new: "pending",
  "in-progress": "active",
  "waiting-client": "pending",
  resolved: undefined,
  closed: undefined,
};

/** An enquiry's state as a chip. */
export function EnquiryStateChip({ state }: { state: EnquiryState }) {
  return <StatusChip label={ENQUIRY_STATE_LABELS[state]} tone={STATE_TONES[state]} />;
}

function columnsFor(
  staff: boolean,
  enquiryPath: (enquiry: EnquirySummary) => string,
): Column<EnquirySummary>[] {
  const columns: (Column<EnquirySummary> | false)[] = [
    {
      key: "number",
      header: "№",
      width: "5em",
      render: (enquiry) => (
        <span className="enquiries-table__number">
          {enquiry.number}
          {enquiry.unread > 0 && (
            <span
              className="enquiries-table__unread"
              role="img"
              aria-label={ENQUIRY_TEXTS.unread(enquiry.unread)}
              title={ENQUIRY_TEXTS.unread(enquiry.unread)}
            />
          )}
        </span>
      ),
    },
    {
      key: "subject",
      header: "Обращение",
      render: (enquiry) => (
        <span>
          <Link
            to={enquiryPath(enquiry)}
            className={`enquiries-table__subject${enquiry.unread > 0 ? " is-unread" : ""}`}
          >
            {enquiry.subject}
          </Link>
          <span className="enquiries-table__sub">{ENQUIRY_TOPIC_LABELS[enquiry.topic]}</span>
        </span>
      ),
    },
    {
      key: "state",
      header: "Статус",
      width: "11em",
      render: (enquiry) => <EnquiryStateChip state={enquiry.state} />,
    },
    staff && {
      key: "client",
      header: ENQUIRY_TEXTS.client,
      render: (enquiry) => enquiry.client.name,
    },
    {
      key: "where",
      header: "Заведение и плеер",
      render: (enquiry) =>
        enquiry.establishmentName || enquiry.playerName ? (
          <span>
            {enquiry.establishmentName ?? "—"}
            {enquiry.playerName && (
              <span className="enquiries-table__sub">{enquiry.playerName}</span>
            )}
          </span>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: "updated",
      header: "Обновлено",
      width: "10em",
      render: (enquiry) => formatDateTime(enquiry.updatedAt),
    },
  ];
  return columns.filter((column): column is Column<EnquirySummary> => column !== false);
}

interface EnquiriesTableProps {
  page: EnquiriesPage | undefined;
  loading: boolean;
  staff: boolean;
  /** Counts from 0. */
  pageNumber: number;
  onPageChange: (page: number) => void;
  enquiryPath: (enquiry: EnquirySummary) => string;
  /** What shows while there are no rows (none yet, none matching, failed). */
  empty: ReactNode;
}

/** The enquiries, a page at a time; below 1024 px each row becomes a card. */
export function EnquiriesTable({
  page,
  loading,
  staff,
  pageNumber,
  onPageChange,
  enquiryPath,
  empty,
}: EnquiriesTableProps) {
  return (
    <div className="enquiries-table">
      <DataTable
        cards
        caption="Обращения"
        columns={columnsFor(staff, enquiryPath)}
        rows={page?.data ?? []}
        rowKey={(enquiry) => enquiry.id}
        rowClassName={(enquiry) =>
          enquiry.unread > 0 ? "enquiries-table__row--unread" : undefined
        }
        loading={loading}
        empty={empty}
      />
      <div className="table-footer">
        <span className="muted">{page ? `Всего: ${page.total}` : ""}</span>
        <Pagination page={pageNumber} totalPages={page?.totalPages ?? 0} onChange={onPageChange} />
      </div>
    </div>
  );
}
