import type { PlayRecord } from "@fonika/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatClock } from "../../../lib/format.ts";
import { HISTORY_TEXTS, PLAY_ENDING_LABELS } from "../history-texts.ts";
import "../history.css";

/** A moment in the venue's zone, as `02.03.2026, 01:30:00`. */
export function formatInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat("ru-RU", {
      timeZone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

function columnsOf(showPlayer: boolean): Column<PlayRecord>[] {
  const columns: Column<PlayRecord>[] = [
    {
      key: "song",
      header: "Трек",
      render: (play) => (
        <span className="history-table__song">
          <strong>{play.title}</strong>
          <span className="muted">{play.artists.join(", ") || "—"}</span>
        </span>
      ),
    },
    {
      key: "playlist",
      header: "Плейлист",
      render: (play) => (
        <>
          {play.playlistName ?? HISTORY_TEXTS.noPlaylist}
          {play.fallback && (
            <>
              {" "}
              <StatusChip label={HISTORY_TEXTS.fallback} tone="pending" />
            </>
          )}
        </>
      ),
    },
  ];
  if (showPlayer) {
    columns.push({ key: "player", header: "Плеер", render: (play) => play.playerName });
  }
  columns.push(
    {
      key: "startedAt",
      header: "Начало",
      render: (play) => (
        <span className="history-table__time">{formatInZone(play.startedAt, play.timeZone)}</span>
      ),
    },
    {
      key: "endedAt",
      header: "Окончание",
      render: (play) =>
        play.endedAt ? (
          <span className="history-table__time">{formatInZone(play.endedAt, play.timeZone)}</span>
        ) : (
          "—"
        ),
    },
    {
      key: "duration",
      header: "Длительность",
      width: "7em",
      render: (play) => (play.durationSeconds === null ? "—" : formatClock(play.durationSeconds)),
    },
    {
      key: "ending",
      header: "Завершение",
      render: (play) =>
        play.ending ? (
          PLAY_ENDING_LABELS[play.ending]
        ) : (
          <StatusChip label={HISTORY_TEXTS.playing} tone="active" />
        ),
    },
  );
  return columns;
}

interface HistoryTableProps {
  history: UseQueryResult<{ data: PlayRecord[]; total: number; totalPages: number }>;
  page: number;
  onPage: (page: number) => void;
  /** Whether the list covers several players (an establishment's). */
  showPlayer?: boolean;
  /** Whether a period is chosen: its empty state differs. */
  filtered: boolean;
  caption: string;
}

/** Plays, newest first, one page at a time; times in each venue's zone. */
export function HistoryTable({
  history,
  page,
  onPage,
  showPlayer = false,
  filtered,
  caption,
}: HistoryTableProps) {
  return (
    <div aria-busy={history.isFetching}>
      <DataTable
        cards
        caption={caption}
        columns={columnsOf(showPlayer)}
        rows={history.data?.data ?? []}
        rowKey={(play) => play.id}
        loading={history.isPending && history.fetchStatus !== "idle"}
        empty={
          history.isError ? (
            <EmptyState icon="history" title={HISTORY_TEXTS.loadFailed}>
              {errorText(history.error)}
            </EmptyState>
          ) : filtered ? (
            <EmptyState icon="history" title={HISTORY_TEXTS.emptyPeriodTitle}>
              {HISTORY_TEXTS.emptyPeriodText}
            </EmptyState>
          ) : (
            <EmptyState icon="history" title={HISTORY_TEXTS.emptyTitle}>
              {HISTORY_TEXTS.emptyText}
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{history.data ? `Всего: ${history.data.total}` : ""}</span>
        <Pagination page={page} totalPages={history.data?.totalPages ?? 0} onChange={onPage} />
      </div>
    </div>
  );
}
