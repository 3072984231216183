import { RUSSIAN_ZONE_CITIES, RUSSIAN_ZONES } from "./russian-time-zones.ts";

/**
 * The words of a text as the rule compares them: lower case, ё as е, split
 * at anything that is not a letter or a digit ("г.Екатеринбург," →
 * ["г", "екатеринбург"], "Санкт-Петербург" → ["санкт", "петербург"]).
 */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

interface CityName {
  words: readonly string[];
  zone: string;
}

/** Every city name of every zone, by its first word, the longest names first. */
const CITIES_BY_FIRST_WORD: ReadonlyMap<string, readonly CityName[]> = (() => {
  const byFirstWord = new Map<string, CityName[]>();
  for (const [zone, city] of Object.entries(RUSSIAN_ZONES)) {
    for (const name of [city, ...(RUSSIAN_ZONE_CITIES[zone] ?? [])]) {
      const words = wordsOf(name);
      const [first] = words;
      if (!first) continue;
      const names = byFirstWord.get(first) ?? [];
      names.push({ words, zone });
      byFirstWord.set(first, names);
    }
  }
  for (const names of byFirstWord.values()) {
    names.sort((left, right) => right.words.length - left.words.length);
  }
  return byFirstWord;
})();

/** The words that say the next one is the city: «г. Пермь», «город Пермь». */
const CITY_MARKERS: ReadonlySet<string> = new Set(["г", "гор", "город"]);

/** The city name that starts at `index` of `words`, the longest one there. */
function cityAt(words: readonly string[], index: number): CityName | null {
  const candidates = CITIES_BY_FIRST_WORD.get(words[index] ?? "") ?? [];
  return (
    candidates.find((city) => city.words.every((word, offset) => words[index + offset] === word)) ??
    null
  );
}

/**
 * The IANA time zone of Russia that a venue's address names by its city,
 * or null when it names none we know (then the zone stays as it was).
 *
 * Cities are matched as whole words, in any case, ё or е, with any
 * punctuation around them: «г. Екатеринбург», «ЕКАТЕРИНБУРГ,», «Екб» all
 * give Asia/Yekaterinburg; «Екатеринбургская» or a half-typed «Екатерин»
 * give nothing. A city marked «г.» or «город» wins over other cities the
 * address names; otherwise the first one named does (addresses start with
 * the city, streets and landmarks come after it). The cities and their
 * forms are data: `RUSSIAN_ZONES` and `RUSSIAN_ZONE_CITIES`.
 */
export function timeZoneOfAddress(address: string): string | null {
  const words = wordsOf(address);
  let first: string | null = null;
  let index = 0;
  while (index < words.length) {
    const city = cityAt(words, index);
    if (!city) {
      index += 1;
      continue;
    }
    if (CITY_MARKERS.has(words[index - 1] ?? "")) return city.zone;
    first ??= city.zone;
    index += city.words.length;
  }
  return first;
}
