import { daysBetween, HISTORY, historyDateSchema } from "@fonika/shared";
import { useMemo } from "react";
import { pageOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";
import { HISTORY_TEXTS } from "../history-texts.ts";

/** A history list's period and page, as the API takes them. */
export interface HistoryFilter {
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

const dayOf = (value: string | null) =>
  value && historyDateSchema.safeParse(value).success ? value : undefined;

/** Today's date `YYYY-MM-DD` on the viewer's clock. */
function today(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The period and page of a history screen, kept in the address bar
 * (`?from=2026-03-01&to=2026-03-31&page=2`) so a link shares them. A
 * report needs both ends: without them it covers this month to today.
 */
export function useHistoryFilter(now: Date = new Date()) {
  const [searchParams, update] = useUpdateSearchParams();
  const from = dayOf(searchParams.get("from"));
  const to = dayOf(searchParams.get("to"));
  const page = pageOf(searchParams.get("page"));
  const filter = useMemo<HistoryFilter>(() => ({ from, to, page }), [from, to, page]);
  const todayText = today(now);
  const reportPeriod = {
    from: from ?? (to ? to : `${todayText.slice(0, 8)}01`),
    to: to ?? (from && from > todayText ? from : todayText),
  };
  const days = daysBetween(reportPeriod.from, reportPeriod.to);
  const periodError =
    days < 0
      ? HISTORY_TEXTS.periodReversed
      : days >= HISTORY.maxPeriodDays
        ? HISTORY_TEXTS.periodTooLong
        : null;
  return {
    filter,
    /** Why the chosen period cannot be asked for; null when it can. */
    periodError,
    reportPeriod,
    setPeriod: (change: { from?: string; to?: string }) => update({ ...change, page: undefined }),
    setPage: (next: number) => update({ page: next > 0 ? String(next + 1) : undefined }),
    reset: () => update({ from: undefined, to: undefined, page: undefined }),
  };
}
