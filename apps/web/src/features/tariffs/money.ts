/**
 * A price typed in a form: spaces allowed, a comma or a dot before kopecks.
 * Null when the field is empty, NaN when it is not a number at all.
 */
export function parseRoubles(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f₽]/g, "").replace(",", ".");
  if (compact === "") return null;
  return /^\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

/** A price as a form field holds it: '1490', '99,5'. */
export function roublesFieldValue(value: number): string {
  return String(value).replace(".", ",");
}
