import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { HISTORY_TEXTS } from "../history-texts.ts";
import type { useHistoryFilter } from "../hooks/use-history-filter.ts";
import "../history.css";

interface HistoryFilterProps {
  state: ReturnType<typeof useHistoryFilter>;
  /** Makes the report's address with a fresh token; absent: no report link. */
  reportUrl?: (period: { from: string; to: string }) => string;
  /** The report across all venues (staff), beside the venue's one. */
  allVenuesReportUrl?: (period: { from: string; to: string }) => string;
  /** Whose days the dates are, shown under the fields. */
  zoneHint: string;
}

/**
 * The period of a history (two venue days, inclusive) and the royalty
 * report's download link. The link's address is made when it is followed,
 * so the access token in it is fresh.
 */
export function HistoryFilter({
  state,
  reportUrl,
  allVenuesReportUrl,
  zoneHint,
}: HistoryFilterProps) {
  const { filter, periodError, reportPeriod } = state;
  // The token in the address lives minutes: the link is made anew when followed.
  const link = (make: (period: { from: string; to: string }) => string, text: string) => (
    <a
      href={make(reportPeriod)}
      download
      onClick={(event) => {
        event.currentTarget.href = make(reportPeriod);
      }}
    >
      {text}
    </a>
  );
  return (
    <div className="history-filter">
      <Field id="history-from" label="С даты" hint={zoneHint}>
        <input
          id="history-from"
          className="input"
          type="date"
          value={filter.from ?? ""}
          onChange={(event) => state.setPeriod({ from: event.target.value || undefined })}
        />
      </Field>
      <Field id="history-to" label="По дату">
        <input
          id="history-to"
          className="input"
          type="date"
          value={filter.to ?? ""}
          onChange={(event) => state.setPeriod({ to: event.target.value || undefined })}
        />
      </Field>
      <div className="history-filter__actions">
        {(filter.from || filter.to) && (
          <Button variant="ghost" onClick={state.reset}>
            {HISTORY_TEXTS.reset}
          </Button>
        )}
        {reportUrl && !periodError && link(reportUrl, HISTORY_TEXTS.reportLink)}
        {allVenuesReportUrl &&
          !periodError &&
          link(allVenuesReportUrl, HISTORY_TEXTS.allVenuesReportLink)}
      </div>
      {periodError && (
        <p className="history-filter__error" role="alert">
          {periodError}
        </p>
      )}
    </div>
  );
}
