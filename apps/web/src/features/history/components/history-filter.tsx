import { Button } from "../../../components/ui/button.tsx";
import { DateField } from "../../../components/ui/date-field.tsx";
import type { ReportLink } from "../api/report-urls.ts";
import { HISTORY_TEXTS } from "../history-texts.ts";
import type { useHistoryFilter } from "../hooks/use-history-filter.ts";
import "../history.css";

interface HistoryFilterProps {
  state: ReturnType<typeof useHistoryFilter>;
  /** The reports of the period, each a link whose address is made with a fresh token. */
  reports?: readonly ReportLink[];
  /** Whose days the dates are, shown under the fields. */
  zoneHint: string;
}

/**
 * The period of a history (two venue days, inclusive) and the royalty
 * report's download link. The link's address is made when it is followed,
 * so the access token in it is fresh.
 */
export function HistoryFilter({ state, reports = [], zoneHint }: HistoryFilterProps) {
  const { filter, periodError, reportPeriod } = state;
  // The token in the address lives minutes: the link is made anew when followed.
  const link = ({ url: make, text }: ReportLink) => (
    <a
      key={text}
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
      <DateField
        id="history-from"
        label="С даты"
        hint={zoneHint}
        value={filter.from ?? ""}
        onChange={(value) => state.setPeriod({ from: value || undefined })}
      />
      <DateField
        id="history-to"
        label="По дату"
        value={filter.to ?? ""}
        onChange={(value) => state.setPeriod({ to: value || undefined })}
      />
      <div className="history-filter__actions">
        {(filter.from || filter.to) && (
          <Button variant="ghost" onClick={state.reset}>
            {HISTORY_TEXTS.reset}
          </Button>
        )}
        {!periodError && reports.map(link)}
      </div>
      {periodError && (
        <p className="history-filter__error" role="alert">
          {periodError}
        </p>
      )}
    </div>
  );
}
