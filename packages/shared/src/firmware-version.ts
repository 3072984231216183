/**
 * Versions of box player firmware (issue 13, player updates): what an admin
 * gives an update and what a box reports when it connects. Semantic
 * versioning's core, `MAJOR.MINOR.PATCH` with an optional pre-release
 * (`1.4.0-beta.2`), no build metadata (it would not order versions) and no
 * leading zeros; the server and the box compare them with `compareVersions`.
 */
export const FIRMWARE_VERSION = {
  maxLength: 64,
  pattern:
    /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?$/,
  /** A version inside a file name: `fonika-box-1.4.2.bin` → 1.4.2. */
  inText:
    /(?:^|[^0-9A-Za-z.])v?((?:0|[1-9]\d{0,8})\.(?:0|[1-9]\d{0,8})\.(?:0|[1-9]\d{0,8})(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)(?![0-9A-Za-z.])/,
} as const;

export function isFirmwareVersion(value: string): boolean {
  return value.length <= FIRMWARE_VERSION.maxLength && FIRMWARE_VERSION.pattern.test(value);
}

/**
 * Orders two valid versions by semantic versioning's precedence: negative
 * when `a` is older, positive when newer, 0 when the same. A release is
 * newer than its pre-releases; pre-release parts compare numbers as
 * numbers, words as ASCII, numbers before words, and a longer list wins a tie.
 */
export function compareVersions(a: string, b: string): number {
  const [coreA = "", preA] = splitVersion(a);
  const [coreB = "", preB] = splitVersion(b);
  const numbersA = coreA.split(".").map(Number);
  const numbersB = coreB.split(".").map(Number);
  for (let index = 0; index < 3; index++) {
    const difference = (numbersA[index] ?? 0) - (numbersB[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (preA === undefined || preB === undefined) {
    if (preA === preB) return 0;
    return preA === undefined ? 1 : -1;
  }
  const partsA = preA.split(".");
  const partsB = preB.split(".");
  for (let index = 0; index < Math.min(partsA.length, partsB.length); index++) {
    const order = comparePart(partsA[index] ?? "", partsB[index] ?? "");
    if (order !== 0) return order;
  }
  return Math.sign(partsA.length - partsB.length);
}

/** The newest of `items` by their version, or undefined for none. */
export function newestByVersion<T extends { version: string }>(items: readonly T[]): T | undefined {
  let newest: T | undefined;
  for (const item of items) {
    if (!newest || compareVersions(item.version, newest.version) > 0) newest = item;
  }
  return newest;
}

/** The first version written in a file name, without a leading `v`; undefined when none. */
export function versionInFileName(fileName: string): string | undefined {
  const found = FIRMWARE_VERSION.inText.exec(withoutExtension(fileName))?.[1];
  return found && isFirmwareVersion(found) ? found : undefined;
}

/** The name an update gets from its file: the file name without its extension, trimmed. */
export function updateNameFromFileName(fileName: string, maxLength: number): string {
  const base = fileName.split(/[\\/]/).at(-1) ?? "";
  return withoutExtension(base).trim().slice(0, maxLength).trim();
}

/** `box-1.2.0.tar.gz` → `box-1.2.0`: word-like extensions only, so that `1.2.0` stays. */
function withoutExtension(fileName: string): string {
  return fileName.replace(/(?:\.[A-Za-z][A-Za-z0-9]{0,7})+$/, "");
}

function splitVersion(version: string): [string, string | undefined] {
  const dash = version.indexOf("-");
  return dash < 0 ? [version, undefined] : [version.slice(0, dash), version.slice(dash + 1)];
}

function comparePart(a: string, b: string): number {
  const numericA = /^\d+$/.test(a);
  const numericB = /^\d+$/.test(b);
  if (numericA && numericB) return Math.sign(Number(a) - Number(b));
  if (numericA !== numericB) return numericA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
