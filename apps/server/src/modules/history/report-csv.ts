/**
 * The royalty report's file format, decided once (docs/decisions.md):
 * UTF-8 with a byte-order mark so that Excel reads Cyrillic, `;` between
 * fields as Russian Excel expects, CRLF between records (RFC 4180), and a
 * field quoted when it holds the separator, a quote or a line break.
 *
 * Text fields (song tags, venue names and addresses) are written by
 * clients, and a spreadsheet runs a cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return as a formula — quoted or not. Such a
 * text gets a leading `'` (OWASP, "CSV Injection"), which Excel shows as
 * text. Numbers the report counts itself are written as they are: they
 * are never negative, so they never start with `-`.
 */

export const BYTE_ORDER_MARK = "\uFEFF";
export const SEPARATOR = ";";
const NEEDS_QUOTES = /[;"\r\n]/;
const STARTS_A_FORMULA = /^[=+\-@\t\r]/;

/**
 * One field as the file writes it: a text that a spreadsheet would run as
 * a formula starts with `'`; then it is quoted when it holds `;`, a quote
 * or a line break, quotes doubled. A number is written as it is.
 */
export function csvField(value: string | number): string {
  const text = typeof value === "number" ? String(value) : neutraliseFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export function csvLine(fields: ReadonlyArray<string | number>): string {
  return `${fields.map(csvField).join(SEPARATOR)}\r\n`;
}

function neutraliseFormula(text: string): string {
  return STARTS_A_FORMULA.test(text) ? `'${text}` : text;
}

/** Seconds as `ЧЧ:ММ:СС`, as royalty societies' forms write durations. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const part = (value: number) => String(value).padStart(2, "0");
  return `${part(Math.floor(seconds / 3600))}:${part(Math.floor((seconds % 3600) / 60))}:${part(seconds % 60)}`;
}
