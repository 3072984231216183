import { historyApi, type ReportFormat } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/** A report's period: venue days, inclusive. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/**
 * The address of an establishment's royalty report (CSV) with the access
 * token of this moment: take it when the link is followed, not when drawn.
 */
export function establishmentReportUrl(
  api: ApiClient,
  establishmentId: string,
  period: ReportPeriod,
  format: ReportFormat = "venues",
): string {
  return api.fileUrl(historyApi.establishmentReport, {
    params: { id: establishmentId },
    query: { ...period, format },
  });
}

/** The address of the report across all venues (staff), with the token of this moment. */
export function allVenuesReportUrl(
  api: ApiClient,
  period: ReportPeriod,
  format: ReportFormat = "venues",
): string {
  return api.fileUrl(historyApi.allVenuesReport, { query: { ...period, format } });
}

/** The address of the report per copyright holder (staff), with the token of this moment. */
export function copyrightHoldersReportUrl(api: ApiClient, period: ReportPeriod): string {
  return api.fileUrl(historyApi.copyrightHoldersReport, { query: period });
}

/** A report the history's period downloads: its link's text and its address. */
export interface ReportLink {
  text: string;
  url: (period: ReportPeriod) => string;
}
