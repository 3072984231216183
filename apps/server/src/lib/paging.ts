/** CONTRACT.md's paged answer. */
export interface Page<T> {
  data: T[];
  total: number;
  totalPages: number;
}

/** Builds the paged answer of every list: `size` is the page's count or limit. */
export function toPage<T>(data: T[], total: number, size: number): Page<T> {
  return { data, total, totalPages: size > 0 ? Math.ceil(total / size) : 0 };
}
