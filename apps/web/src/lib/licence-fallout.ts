import { dayAfter, LICENCES, licenceDayOf, type SongLicence } from "@fonika/shared";
import { formatCount, formatDay } from "./format.ts";

/** How a track stands with its copyright holder's licence (issue 32), when it is at risk. */
export type TrackFallout = { kind: "barred" } | { kind: "ending"; lastDay: string };

/** What carries a song's licence as the server tells staff: a playlist's track, a listed song. */
interface Licensed {
  licence?: SongLicence | undefined;
}

/**
 * Whether a track is out of what venues play (`barred`), or falls out
 * within the days the catalog warns of (30): the server tells staff the
 * last day its holder's licences cover; a later end is no news yet.
 */
export function falloutOf({ licence }: Licensed, nowMs: number): TrackFallout | null {
  if (!licence) return null;
  if (licence.barred) return { kind: "barred" };
  const horizon = dayAfter(licenceDayOf(nowMs), LICENCES.endingWithinDays);
  return licence.lastDay && licence.lastDay <= horizon
    ? { kind: "ending", lastDay: licence.lastDay }
    : null;
}

/** The row's line: what happens to the track and why. */
export function falloutText(fallout: TrackFallout, holder: string | undefined): string {
  const whose = holder ? ` «${holder}»` : "";
  return fallout.kind === "barred"
    ? `Не звучит: у правообладателя${whose} нет действующей лицензии`
    : `Звучит по ${formatDay(fallout.lastDay)}: кончается лицензия правообладателя${whose}`;
}

const TRACKS = ["трек", "трека", "треков"] as const;
const plural = new Intl.PluralRules("ru-RU");
/** The verb that agrees with a count: one track «выпадет», 21 too, 3 «выпадут». */
const agreeing = (count: number, one: string, more: string) =>
  plural.select(count) === "one" ? one : more;

/** The version's summary: how many tracks are out and how many fall out soon; null when none. */
export function falloutSummary(tracks: readonly Licensed[], nowMs: number): string | null {
  let barred = 0;
  let ending = 0;
  for (const track of tracks) {
    const fallout = falloutOf(track, nowMs);
    if (fallout?.kind === "barred") barred++;
    else if (fallout) ending++;
  }
  const parts = [
    barred > 0
      ? `${agreeing(barred, "не звучит", "не звучат")} ${formatCount(barred, TRACKS)}: нет лицензии правообладателя`
      : "",
    ending > 0
      ? `${formatCount(ending, TRACKS)} ${agreeing(ending, "выпадет", "выпадут")} в ближайшие ${LICENCES.endingWithinDays} дней: кончается лицензия`
      : "",
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join("; ");
  return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
}
