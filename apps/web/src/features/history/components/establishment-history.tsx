import { useApiClient } from "../../../lib/app-services.ts";
import { timeZoneLabel } from "../../../lib/time-zones.ts";
import { useEstablishmentHistory } from "../api/get-establishment-history.ts";
import { establishmentReportUrl } from "../api/report-urls.ts";
import { HISTORY_TEXTS } from "../history-texts.ts";
import { useHistoryFilter } from "../hooks/use-history-filter.ts";
import { HistoryFilter } from "./history-filter.tsx";
import { HistoryTable } from "./history-table.tsx";

/** An establishment's broadcast history across its players, with its royalty report. */
export function EstablishmentHistory({ establishmentId }: { establishmentId: string }) {
  const api = useApiClient();
  const state = useHistoryFilter();
  const history = useEstablishmentHistory(
    establishmentId,
    state.filter,
    state.periodError === null,
  );
  return (
    <>
      {history.data && <p className="muted">{history.data.establishmentName}</p>}
      <HistoryFilter
        state={state}
        zoneHint={
          history.data
            ? `Дни по времени заведения: ${timeZoneLabel(history.data.timeZone)}`
            : "Дни по времени заведения"
        }
        reports={[
          {
            text: HISTORY_TEXTS.reportLink,
            url: (period) => establishmentReportUrl(api, establishmentId, period),
          },
          {
            text: HISTORY_TEXTS.societyReportLink,
            url: (period) => establishmentReportUrl(api, establishmentId, period, "society"),
          },
        ]}
      />
      <HistoryTable
        caption="История эфира заведения"
        history={history}
        page={state.filter.page}
        onPage={state.setPage}
        showPlayer
        filtered={Boolean(state.filter.from || state.filter.to)}
      />
    </>
  );
}
