import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import iconv from "iconv-lite";
import { parseBuffer } from "music-metadata";
import { afterAll, describe, expect, it } from "vitest";
import {
  bytesIn,
  id3v1,
  id3v2,
  mp3With,
  type TagValues,
  wavWith,
} from "../../../test/tagged-audio.ts";
import { readAudioFile } from "./audio-file.ts";
import { repairTagText } from "./tag-text.ts";

/**
 * Tag text read right: cp1251 in Latin-1 places and UTF-8 in WAV INFO are
 * repaired, real Unicode and real Latin-1 names are left alone; and the
 * files Russian catalogs hold (tags written byte by byte) give songs whose
 * text is right.
 */

/** What music-metadata makes of these bytes: one char per byte (ISO-8859-1). */
const asLatin1 = (bytes: Buffer) => bytes.toString("latin1");
/**
 * What a Windows-1252 reading shows of them ("Ð—Ð²Ñ‘…"), with its five
 * undefined bytes kept as the WHATWG reading keeps them (U+0081…).
 */
const asWindows1252 = (bytes: Buffer) =>
  [...bytes]
    .map((byte) => {
      const char = iconv.decode(Buffer.of(byte), "win1252");
      return char === "\uFFFD" ? String.fromCharCode(byte) : char;
    })
    .join("");

describe("repairTagText", () => {
  it("reads cp1251 bytes that were read as Latin-1 as Russian", () => {
    const cases = [
      "Звёздный",
      "Ёлочка",
      "Я",
      "Мумий Тролль - Fantastica",
      "«Ёлка» — №1",
      "ДДТ",
      "Україна",
    ];
    const failures = cases.flatMap((text) => {
      const mojibake = asLatin1(bytesIn(text, "win1251"));
      const repaired = repairTagText(mojibake);
      return repaired === text ? [] : [`${mojibake} → ${repaired}, not ${text}`];
    });
    expect(failures).toEqual([]);
    expect(asLatin1(bytesIn("Звёздный", "win1251"))).toBe("Çâ¸çäíûé");
  });

  it("reads UTF-8 bytes that were read as Latin-1 or Windows-1252 as UTF-8", () => {
    const cases = ["Звёздный путь", "Сплин", "Beyoncé", "Хор «Весна»"];
    const failures = cases.flatMap((text) =>
      [asLatin1, asWindows1252].flatMap((read) => {
        const mojibake = read(Buffer.from(text, "utf8"));
        const repaired = repairTagText(mojibake);
        return repaired === text ? [] : [`${mojibake} → ${repaired}, not ${text}`];
      }),
    );
    expect(failures).toEqual([]);
    expect(asWindows1252(Buffer.from("Звёздный", "utf8"))).toBe("Ð—Ð²Ñ‘Ð·Ð´Ð½Ñ‹Ð¹");
  });

  it("leaves real text alone: Cyrillic, ASCII and western Latin-1 names", () => {
    const cases = [
      "Звёздный",
      "Ёлочка",
      "AC/DC",
      "",
      "Beyoncé",
      "Motörhead",
      "Sigur Rós",
      "Björk",
      "Mötley Crüe",
      "Ólafur Arnalds",
      "MØ",
      "Ça plane pour moi",
      "à la carte",
      "Émilie Simon — À la vie",
      "Track ½",
      "Café del Mar ©",
    ];
    const changed = cases.filter((text) => repairTagText(text) !== text);
    expect(changed).toEqual([]);
  });

  it("is idempotent: a repaired value repairs to itself", () => {
    const samples = [
      asLatin1(bytesIn("Звёздный", "win1251")),
      asLatin1(Buffer.from("Звёздный", "utf8")),
      asLatin1(Buffer.from("Beyoncé", "utf8")),
    ];
    for (const sample of samples) {
      const once = repairTagText(sample);
      expect(repairTagText(once)).toBe(once);
    }
  });
});

describe("tags of real files", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "fonika-tag-text-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  let made = 0;
  const fileOf = (data: Buffer, extension: string) => {
    const filePath = path.join(directory, `file-${++made}.${extension}`);
    writeFileSync(filePath, data);
    return filePath;
  };
  const russian: TagValues = {
    title: "Звёздный",
    artist: "Кино",
    album: "Группа крови",
    genre: "Рок",
  };
  const expectRussian = (audio: Awaited<ReturnType<typeof readAudioFile>>) => {
    expect(audio).toMatchObject({
      title: "Звёздный",
      artists: ["Кино"],
      album: "Группа крови",
    });
  };

  it("an mp3 with only an ID3v1 tag in cp1251", async () => {
    const data = mp3With({ v1: id3v1(russian, "win1251") });
    // Without the repair the tag comes out as mojibake: the file reproduces the problem.
    expect((await parseBuffer(data, { mimeType: "audio/mpeg" })).common.title).toBe("Çâ¸çäíûé");
    const audio = await readAudioFile(fileOf(data, "mp3"), "x.mp3");
    expect(audio.format).toBe("mp3");
    expectRussian(audio);
  });

  it("an mp3 with ID3v2.3 frames marked ISO-8859-1 holding cp1251", async () => {
    const data = mp3With({
      v2: id3v2(russian, { version: 3, marked: 0, encoding: "win1251" }),
    });
    expect((await parseBuffer(data, { mimeType: "audio/mpeg" })).common.artist).toBe("Êèíî");
    const audio = await readAudioFile(fileOf(data, "mp3"), "x.mp3");
    expectRussian(audio);
    expect(audio.genre).toBe("Рок");
  });

  it("a WAV whose LIST/INFO chunk holds UTF-8", async () => {
    const data = wavWith(russian, "utf8");
    expect((await parseBuffer(data, { mimeType: "audio/wav" })).common.title).toBe(
      asLatin1(Buffer.from("Звёздный", "utf8")),
    );
    const audio = await readAudioFile(fileOf(data, "wav"), "x.wav");
    expect(audio.format).toBe("wav");
    expectRussian(audio);
    expect(audio.genre).toBe("Рок");
  });

  it("keeps correct ID3v2 tags: UTF-16 (v2.3) and UTF-8 (v2.4)", async () => {
    const utf16 = mp3With({ v2: id3v2(russian, { version: 3, marked: 1, encoding: "utf16le" }) });
    expectRussian(await readAudioFile(fileOf(utf16, "mp3"), "x.mp3"));
    const western = { title: "Crazy in Love", artist: "Beyoncé", album: "Dangerously in Love" };
    const utf8 = mp3With({ v2: id3v2(western, { version: 4, marked: 3, encoding: "utf8" }) });
    expect(await readAudioFile(fileOf(utf8, "mp3"), "x.mp3")).toMatchObject({
      title: "Crazy in Love",
      artists: ["Beyoncé"],
    });
  });

  it("keeps western names written in real Latin-1 (ID3v1 and ID3v2 encoding 0)", async () => {
    const names = [
      { title: "Ace of Spades", artist: "Motörhead", album: "Ace of Spades" },
      { title: "Svefn-g-englar", artist: "Sigur Rós", album: "Ágætis byrjun" },
      { title: "Crazy in Love", artist: "Beyoncé", album: "Dangerously in Love" },
    ];
    for (const tags of names) {
      const v1 = await readAudioFile(fileOf(mp3With({ v1: id3v1(tags, "latin1") }), "mp3"), "x");
      const v2 = await readAudioFile(
        fileOf(mp3With({ v2: id3v2(tags, { version: 3, marked: 0, encoding: "latin1" }) }), "mp3"),
        "x",
      );
      for (const audio of [v1, v2]) {
        expect(audio).toMatchObject({
          title: tags.title,
          artists: [tags.artist],
          album: tags.album,
        });
      }
    }
  });
});
