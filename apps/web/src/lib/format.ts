const pad = (value: number) => String(value).padStart(2, "0");

/** SPEC.md §9 dates: dd.MM.yyyy, in the viewer's time zone. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** dd.MM.yyyy HH:mm, in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A phone stored as 11 digits shown as +7 (999) 123-45-67. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, "");
  if (digits.length !== 11) return value;
  return `+${digits[0]} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`;
}

const MINUTE_MS = 60_000;

/**
 * SPEC.md §9 durations: days, hours and minutes ('1 д 2 ч 5 м'), rounded to
 * the nearest minute; parts that are zero are left out, a total of zero is
 * '0 м' and anything shorter than half a minute but not empty is '< 1 м'.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return "0 м";
  const totalMinutes = Math.round(ms / MINUTE_MS);
  if (totalMinutes === 0) return "< 1 м";
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (days) parts.push(`${days} д`);
  if (hours) parts.push(`${hours} ч`);
  if (minutes) parts.push(`${minutes} м`);
  return parts.join(" ");
}

/** SPEC.md §9 sizes: megabytes (2^20 bytes) with two decimals and a comma, '7,06 МБ'. */
export function formatSizeMb(bytes: number): string {
  const megabytes = Math.max(0, bytes) / (1024 * 1024);
  return `${megabytes.toFixed(2).replace(".", ",")} МБ`;
}

/** A playing position: 'm:ss', or 'h:mm:ss' from an hour on. */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = pad(whole % 60);
  return hours ? `${hours}:${pad(minutes)}:${rest}` : `${minutes}:${rest}`;
}

const wholeRoubles = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  maximumFractionDigits: 0,
});
const roublesAndKopecks = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A price in roubles (the API's unit for tariffs and subscriptions): '1 490 ₽', '990,50 ₽'. */
export function formatRoubles(amount: number): string {
  return (Number.isInteger(amount) ? wholeRoubles : roublesAndKopecks).format(amount);
}

/** A calendar day `YYYY-MM-DD` as Russians write it: '31.12.2026'. */
export function formatDay(day: string): string {
  return day.split("-").reverse().join(".");
}

const pluralRules = new Intl.PluralRules("ru-RU");

/** A count with its word in the right Russian form: formatCount(3, ["месяц", "месяца", "месяцев"]) is '3 месяца'. */
export function formatCount(
  count: number,
  [one, few, many]: readonly [string, string, string],
): string {
  const form = pluralRules.select(count);
  return `${count} ${form === "one" ? one : form === "few" ? few : many}`;
}

/**
 * A name cut for display (SPEC.md §9, the lengths in config TRUNCATION):
 * longer than `max` becomes its first `cut` characters and '…'.
 */
export function truncateName(value: string, max: number, cut: number = max): string {
  return value.length > max ? `${value.slice(0, cut)}…` : value;
}
