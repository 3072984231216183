import { ESTABLISHMENTS, RUSSIAN_ZONES } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import {
  filterTimeZones,
  localTimeIn,
  matchTimeZone,
  newEstablishmentTimeZone,
  timeZoneLabel,
  timeZoneOptions,
} from "./time-zones.ts";

const winter = new Date("2024-01-15T12:00:00.000Z");
const options = timeZoneOptions([], winter);
const valuesOf = (found: readonly { value: string }[]) => found.map((option) => option.value);

describe("time zones as people read them", () => {
  it("names a zone in Russian with its offset of the moment", () => {
    expect(timeZoneLabel("Europe/Moscow", winter)).toBe("Москва (UTC+3)");
    expect(timeZoneLabel("Asia/Yekaterinburg", winter)).toBe("Екатеринбург (UTC+5)");
    // ICU's own Russian name of this zone is "Красноярск".
    expect(timeZoneLabel("Asia/Novosibirsk", winter)).toBe("Новосибирск (UTC+7)");
    expect(timeZoneLabel("Asia/Kamchatka", winter)).toBe("Петропавловск-Камчатский (UTC+12)");
    // Cities that Chromium's Intl names in English only come from our list.
    expect(timeZoneLabel("America/Chicago", winter)).toBe("Чикаго (UTC−6)");
    expect(timeZoneLabel("America/Argentina/Buenos_Aires", winter)).toBe("Буэнос-Айрес (UTC−3)");
    // A country with one zone: Intl's country, with the city people search by.
    expect(timeZoneLabel("Europe/Berlin", new Date("2024-07-15T12:00:00.000Z"))).toBe(
      "Берлин, Германия (UTC+2)",
    );
    expect(timeZoneLabel("Asia/Kolkata", winter)).toBe("Дели, Индия (UTC+5:30)");
    expect(localTimeIn("Asia/Vladivostok", winter)).toBe("22:00");
  });

  it("lists every zone once under a Russian name, Russia's first from west to east", () => {
    const values = valuesOf(options);
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBeGreaterThan(300);
    const russian = Object.keys(RUSSIAN_ZONES);
    expect(values.slice(0, russian.length).sort()).toEqual([...russian].sort());
    expect(options.slice(0, 12).map((option) => option.name)).toEqual([
      "Калининград",
      "Москва",
      "Симферополь",
      "Киров",
      "Волгоград",
      "Самара",
      "Астрахань",
      "Саратов",
      "Ульяновск",
      "Екатеринбург",
      "Омск",
      "Новосибирск",
    ]);
    const unnamed = options.filter((option) => !/[А-Яа-яЁё]/.test(option.name));
    expect(unnamed.map((option) => option.value)).toEqual([]);
    expect(options.find((option) => option.value === "Asia/Yekaterinburg")?.detail).toBe(
      "Россия · Asia/Yekaterinburg",
    );
  });

  it("keeps a stored zone the runtime lists under another name", () => {
    const withAlias = timeZoneOptions(["Asia/Kolkata"], winter);
    expect(valuesOf(withAlias)).toContain("Asia/Kolkata");
  });

  it("finds zones by Russian name, IANA name or offset, the best match first", () => {
    expect(valuesOf(filterTimeZones(options, "Екат"))).toEqual(["Asia/Yekaterinburg"]);
    expect(valuesOf(filterTimeZones(options, "екатеринбург"))).toEqual(["Asia/Yekaterinburg"]);
    expect(valuesOf(filterTimeZones(options, "петропавловск камчатский"))).toEqual([
      "Asia/Kamchatka",
    ]);
    expect(valuesOf(filterTimeZones(options, "asia/yekat"))).toEqual(["Asia/Yekaterinburg"]);
    expect(valuesOf(filterTimeZones(options, "buenos aires"))).toEqual(["America/Buenos_Aires"]);
    const plusFive = filterTimeZones(options, "utc+5");
    expect(plusFive[0]?.value).toBe("Asia/Yekaterinburg");
    expect(plusFive.every((option) => option.label.includes("UTC+5"))).toBe(true);
    // Омск begins with the text: it comes before Оман and Томск, which only hold it.
    expect(valuesOf(filterTimeZones(options, "ом")).slice(0, 1)).toEqual(["Asia/Omsk"]);
    expect(filterTimeZones(options, "UTC−3").length).toBeGreaterThan(3);
    expect(filterTimeZones(options, "Атлантида")).toEqual([]);
  });

  it("takes typed text as a zone only when it names one without doubt", () => {
    const chosen = (text: string) => {
      const match = matchTimeZone(options, text);
      return match.kind === "one" ? match.option.value : match.kind;
    };
    // The only match, or the only name that begins with the text.
    expect(chosen("Екат")).toBe("Asia/Yekaterinburg");
    expect(chosen("Екатеринбург")).toBe("Asia/Yekaterinburg");
    // Several match, one is the name itself (Минск's region is "Москва").
    expect(chosen("москва")).toBe("Europe/Moscow");
    expect(chosen("Самара (UTC+4)")).toBe("Europe/Samara");
    expect(chosen("Asia/Yekaterinburg")).toBe("Asia/Yekaterinburg");
    expect(chosen("Красноярск")).toBe("Asia/Krasnoyarsk");
    // Новосибирск and Новокузнецк both begin so; many zones are UTC+5.
    expect(chosen("Ново")).toBe("several");
    expect(chosen("UTC+5")).toBe("several");
    expect(chosen("Атлантида")).toBe("none");
  });

  it("starts a new establishment in the browser's zone when it is Russia's", () => {
    expect(newEstablishmentTimeZone("Asia/Yekaterinburg")).toBe("Asia/Yekaterinburg");
    expect(newEstablishmentTimeZone("Europe/Kaliningrad")).toBe("Europe/Kaliningrad");
    expect(newEstablishmentTimeZone("Europe/Berlin")).toBe(ESTABLISHMENTS.defaultTimeZone);
    expect(newEstablishmentTimeZone("UTC")).toBe("Europe/Moscow");
    expect(newEstablishmentTimeZone(null)).toBe("Europe/Moscow");
  });
});
