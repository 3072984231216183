import { ESTABLISHMENTS, RUSSIAN_ZONES } from "@fonika/shared";
import { CAPITAL_NAMES, CITY_NAMES } from "./time-zone-names.ts";

/**
 * IANA time zones as Russian speakers read them: Russia's zones by their
 * cities first, then every other zone the runtime knows under a Russian
 * name, each with its offset of the moment ("Екатеринбург (UTC+5)").
 */

const RUSSIA = "Россия";
const CYRILLIC = /[А-Яа-яЁё]/;

export interface TimeZoneOption {
  value: string;
  /** The Russian name: "Екатеринбург", "Берлин, Германия", "Чикаго". */
  name: string;
  /** "Екатеринбург (UTC+5)": the name with the offset of the moment. */
  label: string;
  /** What else tells the zone apart: "Россия · Asia/Yekaterinburg". */
  detail: string;
  /** The label, the IANA name, the country or region and the offset, normalized for matching. */
  search: string;
}

/** The offset of `zone` at `at` as "UTC+3", "UTC+5:30", "UTC-3"… */
export function utcOffsetOf(zone: string, at: Date = new Date()): string {
  const offset = (zoneNameOf(zone, "shortOffset", "en-US", at) ?? "GMT").replace(/^GMT/, "");
  return `UTC${offset || "+0"}`;
}

/** The offset in minutes east of UTC, for ordering. */
function offsetMinutes(offset: string): number {
  const found = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/.exec(offset);
  if (!found) return 0;
  const minutes = Number(found[2]) * 60 + Number(found[3] ?? 0);
  return found[1] === "-" ? -minutes : minutes;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** One formatter per zone, style and locale: making one costs far more than using it. */
function formatterOf(zone: string, style: string, locale: string): Intl.DateTimeFormat | null {
  const key = `${zone} ${style} ${locale}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat(locale, {
        timeZone: zone,
        timeZoneName: style as Intl.DateTimeFormatOptions["timeZoneName"],
      });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The runtime's name of `zone` in the given style, or null when it does not know the zone. */
function zoneNameOf(
  zone: string,
  style: "shortGeneric" | "longGeneric" | "shortOffset",
  locale = "ru",
  at: Date = new Date(),
): string | null {
  const formatter = formatterOf(zone, style, locale);
  return formatter?.formatToParts(at).find((piece) => piece.type === "timeZoneName")?.value ?? null;
}

/** A Russian name from Intl, or null when the runtime gives none in Russian. */
function russianIntlName(zone: string, style: "shortGeneric" | "longGeneric"): string | null {
  const name = zoneNameOf(zone, style);
  return name && CYRILLIC.test(name) ? name : null;
}

interface ZoneNames {
  name: string;
  /** The country or region when the name does not say it. */
  region: string | null;
}

const namesCache = new Map<string, ZoneNames>();

/**
 * The Russian name of a zone: Russia's by our list; another by its city
 * (our list, where Intl has only English) with the country Intl names;
 * failing those, Intl's Russian region ("Центральная Америка") with the
 * zone's own city; the zone's city alone only when Intl knows no Russian.
 */
function namesOf(zone: string): ZoneNames {
  const cached = namesCache.get(zone);
  if (cached) return cached;
  const russian = RUSSIAN_ZONES[zone];
  let names: ZoneNames;
  if (russian) {
    names = { name: russian, region: RUSSIA };
  } else {
    const city = CITY_NAMES[zone] ?? CAPITAL_NAMES[zone] ?? null;
    const country = russianIntlName(zone, "shortGeneric");
    const region =
      russianIntlName(zone, "longGeneric")?.replace(/, стандартное время$/, "") ?? null;
    if (city) names = { name: country && country !== city ? `${city}, ${country}` : city, region };
    else if (country) names = { name: country, region };
    else if (region) names = { name: `${region}, ${cityOfId(zone)}`, region: null };
    else names = { name: cityOfId(zone), region: null };
  }
  namesCache.set(zone, names);
  return names;
}

/** "Buenos Aires" for America/Argentina/Buenos_Aires: the last part of an IANA name. */
function cityOfId(zone: string): string {
  return (zone.split("/").pop() ?? zone).replace(/_/g, " ");
}

/** "Москва" for Europe/Moscow, "Берлин, Германия" for Europe/Berlin: a zone's Russian name. */
export function cityOf(zone: string): string {
  return namesOf(zone).name;
}

/** "Москва (UTC+3)": how a time zone is shown everywhere in the app. */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  return `${cityOf(zone)} (${utcOffsetOf(zone, at).replace("-", "−")})`;
}

/** The wall-clock time in `zone` ("14:05"), or null when the runtime does not know it. */
export function localTimeIn(zone: string, at: Date = new Date()): string | null {
  try {
    return new Intl.DateTimeFormat("ru-RU", {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
    }).format(at);
  } catch {
    return null;
  }
}

/** The browser's own zone, when the runtime reports one. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The zone a new establishment starts in: the browser's own when it is one
 * of Russia's (a client in Yekaterinburg adds a venue in Yekaterinburg),
 * otherwise the shared default, Europe/Moscow (CONTRACT.md).
 */
export function newEstablishmentTimeZone(browserZone: string | null = browserTimeZone()): string {
  return browserZone && browserZone in RUSSIAN_ZONES ? browserZone : ESTABLISHMENTS.defaultTimeZone;
}

/**
 * Lower case, ё as е, the minus sign and underscores as people type them:
 * "Петропавловск-Камчатский" and "петропавловск камчатский" match alike.
 */
export function normalizeZoneText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/−/g, "-")
    .replace(/_/g, " ")
    .replace(/(\p{L})-(?=\p{L})/gu, "$1 ")
    .replace(/\s+/g, " ")
    .trim();
}

function allZones(): string[] {
  const supported =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return supported.length > 0 ? supported : [ESTABLISHMENTS.defaultTimeZone];
}

interface RankedOption extends TimeZoneOption {
  minutes: number;
}

function optionOf(zone: string, at: Date): RankedOption {
  const offset = utcOffsetOf(zone, at);
  const { name, region } = namesOf(zone);
  const label = `${name} (${offset.replace("-", "−")})`;
  const detail = region && !name.includes(region) ? `${region} · ${zone}` : zone;
  return {
    value: zone,
    name,
    label,
    detail,
    search: normalizeZoneText(`${label} ${detail} ${offset}`),
    minutes: offsetMinutes(offset),
  };
}

const plain = ({ minutes: _minutes, ...option }: RankedOption): TimeZoneOption => option;

const byOffsetThenName = (left: RankedOption, right: RankedOption) =>
  left.minutes - right.minutes || left.name.localeCompare(right.name, "ru");

/**
 * Every zone the runtime knows, each once: Russia's first (west to east,
 * in `RUSSIAN_ZONES` order within an offset), then the rest by offset and
 * name. `extra` (a stored zone the runtime lists under another name, such
 * as Asia/Kolkata for Asia/Calcutta) is kept too.
 */
export function timeZoneOptions(
  extra: readonly string[] = [],
  at: Date = new Date(),
): TimeZoneOption[] {
  const known = new Set(allZones());
  for (const zone of extra) known.add(zone);
  const russianOrder = Object.keys(RUSSIAN_ZONES);
  const russian = russianOrder
    .filter((zone) => known.has(zone))
    .map((zone) => optionOf(zone, at))
    .sort(
      (left, right) =>
        left.minutes - right.minutes ||
        russianOrder.indexOf(left.value) - russianOrder.indexOf(right.value),
    );
  const rest = [...known]
    .filter((zone) => !(zone in RUSSIAN_ZONES))
    .map((zone) => optionOf(zone, at))
    .sort(byOffsetThenName);
  return [...russian, ...rest].map(plain);
}

/** How well an option answers `text`: 0 its name exactly, 1 its name's start, 2 a word's start, 3 anywhere. */
function rankOf(option: TimeZoneOption, text: string): number {
  const name = normalizeZoneText(option.name);
  if (name === text) return 0;
  if (name.startsWith(text)) return 1;
  if (option.search.startsWith(text) || option.search.includes(` ${text}`)) return 2;
  return 3;
}

/**
 * The options whose label, IANA name, region or offset hold every word of
 * `text`, the best first: the name itself, then names that begin so, then
 * the rest in list order.
 */
export function filterTimeZones(
  options: readonly TimeZoneOption[],
  text: string,
): TimeZoneOption[] {
  const typed = normalizeZoneText(text);
  const words = typed.split(" ").filter(Boolean);
  if (words.length === 0) return [...options];
  return options
    .filter((option) => words.every((word) => option.search.includes(word)))
    .map((option, index) => ({ option, index, rank: rankOf(option, typed) }))
    .sort((left, right) => left.rank - right.rank || left.index - right.index)
    .map(({ option }) => option);
}

/** What typed text names: one zone, several, or none. */
export type ZoneMatch =
  | { kind: "one"; option: TimeZoneOption }
  | { kind: "several"; count: number }
  | { kind: "none" };

/**
 * The zone `text` names without doubt (docs/decisions.md, "The venue's time
 * zone field"): the only match; else the one option whose name, label or
 * IANA name is exactly the text; else the only one whose name begins with
 * it ("Екат" → Екатеринбург). Anything else is not a choice.
 */
export function matchTimeZone(options: readonly TimeZoneOption[], text: string): ZoneMatch {
  const typed = normalizeZoneText(text);
  const found = filterTimeZones(options, typed);
  const only = (candidates: TimeZoneOption[]): ZoneMatch | null => {
    const [first] = candidates;
    return candidates.length === 1 && first ? { kind: "one", option: first } : null;
  };
  if (found.length === 0) return { kind: "none" };
  return (
    only(found) ??
    only(
      found.filter(
        (option) =>
          normalizeZoneText(option.name) === typed ||
          normalizeZoneText(option.label) === typed ||
          normalizeZoneText(option.value) === typed,
      ),
    ) ??
    only(found.filter((option) => normalizeZoneText(option.name).startsWith(typed))) ?? {
      kind: "several",
      count: found.length,
    }
  );
}
