/**
 * "14:05" on the establishment's wall clock, with the day ("14:05, 3 декабря")
 * when the silence began on another day than `now`.
 */
export function formatSilentSince(iso: string, timeZone?: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const zone = timeZone ? { timeZone } : {};
  const time = new Intl.DateTimeFormat("ru-RU", {
    ...zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  const dayOf = new Intl.DateTimeFormat("ru-RU", { ...zone, day: "numeric", month: "long" });
  const day = dayOf.format(at);
  return day === dayOf.format(now) ? time : `${time}, ${day}`;
}
