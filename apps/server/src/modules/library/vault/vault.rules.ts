/**
 * The name a newcomer gets when its own is taken among its siblings
 * (policy `both`): 'Name (2)', 'Name (3)'… the first one free.
 */
export function numberedName(name: string, taken: ReadonlySet<string>): string {
  const base = name.replace(/ \(\d+\)$/, "");
  for (let number = 2; ; number++) {
    const candidate = `${base} (${number})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
