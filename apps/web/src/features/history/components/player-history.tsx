import { useApiClient } from "../../../lib/app-services.ts";
import { usePlayerHistory } from "../api/get-player-history.ts";
import {
  allVenuesReportUrl,
  copyrightHoldersReportUrl,
  establishmentReportUrl,
  type ReportLink,
} from "../api/report-urls.ts";
import { HISTORY_TEXTS } from "../history-texts.ts";
import { useHistoryFilter } from "../hooks/use-history-filter.ts";
import { HistoryFilter } from "./history-filter.tsx";
import { HistoryTable } from "./history-table.tsx";

interface PlayerHistoryProps {
  playerId: string;
  /** The player's venue, once known: its report is the one to download. */
  establishmentId?: string | undefined;
  /** Also the report across all venues (staff). */
  allVenues?: boolean;
}

/** A player's broadcast history with its period, pages and the venue's royalty report. */
export function PlayerHistory({
  playerId,
  establishmentId,
  allVenues = false,
}: PlayerHistoryProps) {
  const api = useApiClient();
  const state = useHistoryFilter();
  const history = usePlayerHistory(playerId, state.filter, state.periodError === null);
  const reports: ReportLink[] = [];
  if (establishmentId) {
    reports.push(
      {
        text: HISTORY_TEXTS.reportLink,
        url: (period) => establishmentReportUrl(api, establishmentId, period),
      },
      {
        text: HISTORY_TEXTS.societyReportLink,
        url: (period) => establishmentReportUrl(api, establishmentId, period, "society"),
      },
    );
  }
  if (allVenues) {
    reports.push(
      {
        text: HISTORY_TEXTS.allVenuesReportLink,
        url: (period) => allVenuesReportUrl(api, period),
      },
      {
        text: HISTORY_TEXTS.allVenuesSocietyReportLink,
        url: (period) => allVenuesReportUrl(api, period, "society"),
      },
      {
        text: HISTORY_TEXTS.holdersReportLink,
        url: (period) => copyrightHoldersReportUrl(api, period),
      },
    );
  }
  return (
    <>
      <HistoryFilter state={state} zoneHint="Дни по времени заведения" reports={reports} />
      <HistoryTable
        caption="История эфира плеера"
        history={history}
        page={state.filter.page}
        onPage={state.setPage}
        filtered={Boolean(state.filter.from || state.filter.to)}
      />
    </>
  );
}
