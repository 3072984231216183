/**
 * The royalty report's file format, decided once (docs/decisions.md):
 * UTF-8 with a byte-order mark so that Excel reads Cyrillic, `;` between
 * fields as Russian Excel expects, CRLF between records (RFC 4180), and a
 * field quoted when it holds the separator, a quote or a line break.
 */

export const BYTE_ORDER_MARK = "\uFEFF";
export const SEPARATOR = ";";
const NEEDS_QUOTES = /[;"\r\n]/;

/** One field as the file writes it. */
export function csvField(value: string | number): string {
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export function csvLine(fields: ReadonlyArray<string | number>): string {
  return `${fields.map(csvField).join(SEPARATOR)}\r\n`;
}

/** Seconds as `ЧЧ:ММ:СС`, as royalty societies' forms write durations. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const part = (value: number) => String(value).padStart(2, "0");
  return `${part(Math.floor(seconds / 3600))}:${part(Math.floor((seconds % 3600) / 60))}:${part(seconds % 60)}`;
}
