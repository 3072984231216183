import { describe, expect, it } from "vitest";
import { RUSSIAN_ZONE_CITIES, RUSSIAN_ZONES } from "./russian-time-zones.ts";
import { timeZoneOfAddress } from "./time-zone-of-address.ts";

/** Each address with the zone the rule gives it: compared as one record, so every miss shows. */
function zonesOf(addresses: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(addresses.map((address) => [address, timeZoneOfAddress(address)]));
}

describe("the time zone a venue's address names", () => {
  it("reads the city as a whole word in any case, with any punctuation around it", () => {
    const yekaterinburg = [
      "Екатеринбург, ул. Малышева, 5",
      "г. Екатеринбург, ул. Малышева, 5",
      "г.Екатеринбург",
      "город Екатеринбург",
      "ЕКАТЕРИНБУРГ",
      "екатеринбург,",
      "Россия, 620014, Свердловская обл., Екатеринбург, ул. Малышева, 5",
      "ул. Малышева, 5, Екатеринбург",
      "Екб, Малышева 5",
    ];
    expect(zonesOf(yekaterinburg)).toEqual(
      Object.fromEntries(yekaterinburg.map((address) => [address, "Asia/Yekaterinburg"])),
    );
  });

  it("knows the big cities of every zone in the forms people write them", () => {
    expect(
      zonesOf([
        "Калининград, Ленинский пр., 1",
        "Москва, Тверская, 7",
        "МСК, Тверская, 7",
        "Санкт-Петербург, Невский пр., 1",
        "С.-Петербург, Невский, 1",
        "СПб, Невский, 1",
        "Питер, Невский, 1",
        "Нижний Новгород, Б. Покровская, 2",
        "Н. Новгород, Б. Покровская, 2",
        "Казань, ул. Баумана, 1",
        "Сочи, Курортный пр., 3",
        "Краснодар, ул. Красная, 1",
        "Ростов-на-Дону, Б. Садовая, 1",
        "Волгоград, пр. Ленина, 1",
        "Севастополь, ул. Большая Морская, 1",
        "Самара, ул. Куйбышева, 1",
        "Ижевск, ул. Пушкинская, 1",
        "Саратов, пр. Кирова, 1",
        "Астрахань, ул. Кирова, 1",
        "Ульяновск, ул. Гончарова, 1",
        "Уфа, пр. Октября, 1",
        "Пермь, Комсомольский пр., 1",
        "Челябинск, ул. Кирова, 1",
        "Тюмень, ул. Республики, 1",
        "Омск, ул. Ленина, 1",
        "Новосибирск, Красный пр., 1",
        "Барнаул, пр. Ленина, 1",
        "Томск, пр. Ленина, 1",
        "Кемерово, Советский пр., 1",
        "Красноярск, пр. Мира, 1",
        "Иркутск, ул. Карла Маркса, 1",
        "Улан-Удэ, ул. Ленина, 1",
        "Чита, ул. Ленина, 1",
        "Якутск, пр. Ленина, 1",
        "Благовещенск, ул. Ленина, 1",
        "Владивосток, Светланская, 1",
        "Хабаровск, ул. Муравьёва-Амурского, 1",
        "Магадан, пр. Ленина, 1",
        "Южно-Сахалинск, Коммунистический пр., 1",
        "Петропавловск-Камчатский, ул. Ленинская, 1",
        "Петропавловск Камчатский, ул. Ленинская, 1",
        "Анадырь, ул. Отке, 1",
      ]),
    ).toEqual({
      "Калининград, Ленинский пр., 1": "Europe/Kaliningrad",
      "Москва, Тверская, 7": "Europe/Moscow",
      "МСК, Тверская, 7": "Europe/Moscow",
      "Санкт-Петербург, Невский пр., 1": "Europe/Moscow",
      "С.-Петербург, Невский, 1": "Europe/Moscow",
      "СПб, Невский, 1": "Europe/Moscow",
      "Питер, Невский, 1": "Europe/Moscow",
      "Нижний Новгород, Б. Покровская, 2": "Europe/Moscow",
      "Н. Новгород, Б. Покровская, 2": "Europe/Moscow",
      "Казань, ул. Баумана, 1": "Europe/Moscow",
      "Сочи, Курортный пр., 3": "Europe/Moscow",
      "Краснодар, ул. Красная, 1": "Europe/Moscow",
      "Ростов-на-Дону, Б. Садовая, 1": "Europe/Moscow",
      "Волгоград, пр. Ленина, 1": "Europe/Volgograd",
      "Севастополь, ул. Большая Морская, 1": "Europe/Simferopol",
      "Самара, ул. Куйбышева, 1": "Europe/Samara",
      "Ижевск, ул. Пушкинская, 1": "Europe/Samara",
      "Саратов, пр. Кирова, 1": "Europe/Saratov",
      "Астрахань, ул. Кирова, 1": "Europe/Astrakhan",
      "Ульяновск, ул. Гончарова, 1": "Europe/Ulyanovsk",
      "Уфа, пр. Октября, 1": "Asia/Yekaterinburg",
      "Пермь, Комсомольский пр., 1": "Asia/Yekaterinburg",
      "Челябинск, ул. Кирова, 1": "Asia/Yekaterinburg",
      "Тюмень, ул. Республики, 1": "Asia/Yekaterinburg",
      "Омск, ул. Ленина, 1": "Asia/Omsk",
      "Новосибирск, Красный пр., 1": "Asia/Novosibirsk",
      "Барнаул, пр. Ленина, 1": "Asia/Barnaul",
      "Томск, пр. Ленина, 1": "Asia/Tomsk",
      "Кемерово, Советский пр., 1": "Asia/Novokuznetsk",
      "Красноярск, пр. Мира, 1": "Asia/Krasnoyarsk",
      "Иркутск, ул. Карла Маркса, 1": "Asia/Irkutsk",
      "Улан-Удэ, ул. Ленина, 1": "Asia/Irkutsk",
      "Чита, ул. Ленина, 1": "Asia/Chita",
      "Якутск, пр. Ленина, 1": "Asia/Yakutsk",
      "Благовещенск, ул. Ленина, 1": "Asia/Yakutsk",
      "Владивосток, Светланская, 1": "Asia/Vladivostok",
      "Хабаровск, ул. Муравьёва-Амурского, 1": "Asia/Vladivostok",
      "Магадан, пр. Ленина, 1": "Asia/Magadan",
      "Южно-Сахалинск, Коммунистический пр., 1": "Asia/Sakhalin",
      "Петропавловск-Камчатский, ул. Ленинская, 1": "Asia/Kamchatka",
      "Петропавловск Камчатский, ул. Ленинская, 1": "Asia/Kamchatka",
      "Анадырь, ул. Отке, 1": "Asia/Anadyr",
    });
  });

  it("names nothing when the address names no city it knows, or only part of one", () => {
    expect(
      zonesOf([
        "",
        "ул. Ленина, 5",
        "Свердловская обл., пос. Заречный",
        "Екатерин",
        "Екатеринбургская ул., 3",
        "Москворецкая наб., 1",
        "Омская ул., 2",
        "Петропавловск, ул. Конституции, 1",
        "Минск, пр. Независимости, 1",
      ]),
    ).toEqual({
      "": null,
      "ул. Ленина, 5": null,
      "Свердловская обл., пос. Заречный": null,
      Екатерин: null,
      "Екатеринбургская ул., 3": null,
      "Москворецкая наб., 1": null,
      "Омская ул., 2": null,
      "Петропавловск, ул. Конституции, 1": null,
      "Минск, пр. Независимости, 1": null,
    });
  });

  it("takes the city marked «г.» when the address names several, else the first one", () => {
    expect(timeZoneOfAddress("ТЦ «Москва», г. Екатеринбург, ул. Малышева, 5")).toBe(
      "Asia/Yekaterinburg",
    );
    expect(timeZoneOfAddress("Екатеринбург, ТЦ «Москва»")).toBe("Asia/Yekaterinburg");
    expect(timeZoneOfAddress("Москва, ул. Новосибирская, 1")).toBe("Europe/Moscow");
  });

  it("keeps its data whole: the zones of Russia only, each name in one zone", () => {
    expect(Object.keys(RUSSIAN_ZONE_CITIES).sort()).toEqual(Object.keys(RUSSIAN_ZONES).sort());
    const unknownToRuntime = Object.keys(RUSSIAN_ZONES).filter((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return false;
      } catch {
        return true;
      }
    });
    expect(unknownToRuntime).toEqual([]);
    // Every name gives its own zone: no name is in two zones or hidden by another.
    const misread: Record<string, string | null> = {};
    for (const [zone, city] of Object.entries(RUSSIAN_ZONES)) {
      for (const name of [city, ...(RUSSIAN_ZONE_CITIES[zone] ?? [])]) {
        const found = timeZoneOfAddress(`г. ${name}, ул. Ленина, 1`);
        if (found !== zone) misread[`${name} (${zone})`] = found;
      }
    }
    expect(misread).toEqual({});
  });
});
