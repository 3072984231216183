import { ESTABLISHMENTS } from "@fonika/shared";

/**
 * IANA time zones shown to Russian speakers: a city in Russian where the
 * runtime's own names mislead (ICU calls Asia/Novosibirsk "Красноярск"),
 * the offset at this moment, and the zones of Russia and its neighbours
 * before the rest of the world.
 */

/** Russian city names of the zones of Russia, then of neighbours and frequent destinations. */
const CITY_NAMES: Record<string, string> = {
  "Europe/Kaliningrad": "Калининград",
  "Europe/Moscow": "Москва",
  "Europe/Simferopol": "Симферополь",
  "Europe/Kirov": "Киров",
  "Europe/Volgograd": "Волгоград",
  "Europe/Astrakhan": "Астрахань",
  "Europe/Saratov": "Саратов",
  "Europe/Ulyanovsk": "Ульяновск",
  "Europe/Samara": "Самара",
  "Asia/Yekaterinburg": "Екатеринбург",
  "Asia/Omsk": "Омск",
  "Asia/Novosibirsk": "Новосибирск",
  "Asia/Barnaul": "Барнаул",
  "Asia/Tomsk": "Томск",
  "Asia/Novokuznetsk": "Новокузнецк",
  "Asia/Krasnoyarsk": "Красноярск",
  "Asia/Irkutsk": "Иркутск",
  "Asia/Chita": "Чита",
  "Asia/Yakutsk": "Якутск",
  "Asia/Khandyga": "Хандыга",
  "Asia/Vladivostok": "Владивосток",
  "Asia/Ust-Nera": "Усть-Нера",
  "Asia/Magadan": "Магадан",
  "Asia/Sakhalin": "Южно-Сахалинск",
  "Asia/Srednekolymsk": "Среднеколымск",
  "Asia/Kamchatka": "Петропавловск-Камчатский",
  "Asia/Anadyr": "Анадырь",
  "Europe/Minsk": "Минск",
  "Europe/Kiev": "Киев",
  "Europe/Kyiv": "Киев",
  "Europe/Chisinau": "Кишинёв",
  "Europe/Riga": "Рига",
  "Europe/Vilnius": "Вильнюс",
  "Europe/Tallinn": "Таллин",
  "Europe/Helsinki": "Хельсинки",
  "Europe/Warsaw": "Варшава",
  "Europe/Berlin": "Берлин",
  "Europe/Paris": "Париж",
  "Europe/London": "Лондон",
  "Europe/Rome": "Рим",
  "Europe/Madrid": "Мадрид",
  "Europe/Prague": "Прага",
  "Europe/Vienna": "Вена",
  "Europe/Belgrade": "Белград",
  "Europe/Istanbul": "Стамбул",
  "Asia/Tbilisi": "Тбилиси",
  "Asia/Yerevan": "Ереван",
  "Asia/Baku": "Баку",
  "Asia/Almaty": "Алматы",
  "Asia/Qostanay": "Костанай",
  "Asia/Aqtobe": "Актобе",
  "Asia/Aqtau": "Актау",
  "Asia/Atyrau": "Атырау",
  "Asia/Oral": "Уральск",
  "Asia/Qyzylorda": "Кызылорда",
  "Asia/Tashkent": "Ташкент",
  "Asia/Samarkand": "Самарканд",
  "Asia/Bishkek": "Бишкек",
  "Asia/Dushanbe": "Душанбе",
  "Asia/Ashgabat": "Ашхабад",
  "Asia/Ulaanbaatar": "Улан-Батор",
  "Asia/Shanghai": "Шанхай",
  "Asia/Dubai": "Дубай",
  "Asia/Bangkok": "Бангкок",
  "Asia/Tokyo": "Токио",
  "America/New_York": "Нью-Йорк",
  UTC: "Всемирное время",
};

/** Zones listed right after the browser's own, in this order. */
const NEAR_ZONES = Object.keys(CITY_NAMES).filter((zone) => zone !== "Europe/Kyiv");

export interface TimeZoneOption {
  value: string;
  /** "Москва (UTC+3)". */
  label: string;
  /** Lower-case text a search matches: the label, the IANA name, the offset. */
  search: string;
}

/** The offset of `zone` at `at` as "UTC+3", "UTC+5:30", "UTC−3"… */
export function utcOffsetOf(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
      .formatToParts(at)
      .find((piece) => piece.type === "timeZoneName");
    const offset = (part?.value ?? "GMT").replace(/^GMT/, "");
    return `UTC${offset || "+0"}`;
  } catch {
    return "UTC";
  }
}

/** The offset in minutes east of UTC, for ordering. */
function offsetMinutes(offset: string): number {
  const found = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/.exec(offset);
  if (!found) return 0;
  const minutes = Number(found[2]) * 60 + Number(found[3] ?? 0);
  return found[1] === "-" ? -minutes : minutes;
}

/** "Москва" for Europe/Moscow; the zone's last part for one not named here ("Buenos Aires"). */
export function cityOf(zone: string): string {
  const named = CITY_NAMES[zone];
  if (named) return named;
  const last = zone.split("/").pop() ?? zone;
  return last.replace(/_/g, " ");
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
  const label = `${cityOf(zone)} (${offset.replace("-", "−")})`;
  return {
    value: zone,
    label,
    search: `${label} ${zone} ${offset}`.toLowerCase().replace(/_/g, " "),
    minutes: offsetMinutes(offset),
  };
}

const plain = ({ value, label, search }: RankedOption): TimeZoneOption => ({
  value,
  label,
  search,
});

/**
 * Every zone the runtime knows, each once: the browser's own first, then
 * Russia's and its neighbours', then the rest by offset and name. `extra`
 * (a stored zone the runtime lists under another name) is kept too.
 */
export function timeZoneOptions(
  extra: readonly string[] = [],
  at: Date = new Date(),
): TimeZoneOption[] {
  const known = new Set(allZones());
  const own = browserTimeZone();
  const first = [own, ...NEAR_ZONES, ...extra].filter(
    (zone): zone is string => zone !== null && (known.has(zone) || extra.includes(zone)),
  );
  const seen = new Set<string>();
  const ordered: TimeZoneOption[] = [];
  for (const zone of first) {
    if (seen.has(zone)) continue;
    seen.add(zone);
    ordered.push(plain(optionOf(zone, at)));
  }
  const rest = [...known]
    .filter((zone) => !seen.has(zone))
    .map((zone) => optionOf(zone, at))
    .sort(
      (left, right) => left.minutes - right.minutes || left.label.localeCompare(right.label, "ru"),
    )
    .map(plain);
  return [...ordered, ...rest];
}

/** The options whose label, IANA name or offset hold every word of `text`. */
export function filterTimeZones(
  options: readonly TimeZoneOption[],
  text: string,
): TimeZoneOption[] {
  const words = text.toLowerCase().replace(/_/g, " ").split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => words.every((word) => option.search.includes(word)));
}
