import { describe, expect, it } from "vitest";
import { filterTimeZones, localTimeIn, timeZoneLabel, timeZoneOptions } from "./time-zones.ts";

const winter = new Date("2024-01-15T12:00:00.000Z");

describe("time zones as people read them", () => {
  it("names a zone by its city in Russian with its offset of the moment", () => {
    expect(timeZoneLabel("Europe/Moscow", winter)).toBe("Москва (UTC+3)");
    expect(timeZoneLabel("Asia/Novosibirsk", winter)).toBe("Новосибирск (UTC+7)");
    expect(timeZoneLabel("Asia/Kolkata", winter)).toBe("Kolkata (UTC+5:30)");
    expect(timeZoneLabel("America/Argentina/Buenos_Aires", winter)).toBe("Buenos Aires (UTC−3)");
    expect(timeZoneLabel("Europe/Berlin", new Date("2024-07-15T12:00:00.000Z"))).toBe(
      "Берлин (UTC+2)",
    );
    expect(localTimeIn("Asia/Vladivostok", winter)).toBe("22:00");
  });

  it("lists every zone once, Russia's before the rest, and finds them by city, name or offset", () => {
    const options = timeZoneOptions([], winter);
    const values = options.map((option) => option.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.indexOf("Europe/Moscow")).toBeLessThan(values.indexOf("Africa/Abidjan"));
    expect(filterTimeZones(options, "новосиб").map((option) => option.value)).toEqual([
      "Asia/Novosibirsk",
    ]);
    expect(filterTimeZones(options, "buenos aires").map((option) => option.value)).toEqual([
      "America/Buenos_Aires",
    ]);
    expect(filterTimeZones(options, "utc+3").map((option) => option.value)).toContain(
      "Europe/Moscow",
    );
  });
});
