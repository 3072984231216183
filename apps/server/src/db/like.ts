/** LIKE patterns of searched text, for every repository that searches. */

/** Escapes LIKE wildcards so that a searched `%` or `_` means itself (escape is `\`). */
export function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern matching text that contains `value` anywhere. */
export function containsPattern(value: string): string {
  return `%${escapeLikePattern(value)}%`;
}
