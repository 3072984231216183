import { useApiClient } from "../../../lib/app-services.ts";
import { usePlayerHistory } from "../api/get-player-history.ts";
import { allVenuesReportUrl, establishmentReportUrl } from "../api/report-urls.ts";
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
  return (
    <>
      <HistoryFilter
        state={state}
        zoneHint="Дни по времени заведения"
        {...(establishmentId
          ? { reportUrl: (period) => establishmentReportUrl(api, establishmentId, period) }
          : {})}
        {...(allVenues ? { allVenuesReportUrl: (period) => allVenuesReportUrl(api, period) } : {})}
      />
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
