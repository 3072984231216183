import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bytesIn, id3v2, mp3With, type TagValues } from "../../../test/tagged-audio.ts";
import { readAudioFile } from "./audio-file.ts";

/**
 * Who wrote a song and who holds it, as its tags say (issue 32): the
 * composer, lyricist and writer frames are its authors, the publisher or
 * label its copyright holder, else the owner the copyright line names.
 * Text in cp1251 marked as Latin-1 is read again as titles are.
 */

const dir = mkdtempSync(path.join(tmpdir(), "fonika-credits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
async function creditsOf(tags: TagValues, version: 3 | 4 = 3, marked: 0 | 1 | 3 = 1) {
  const file = path.join(dir, `${++files}.mp3`);
  const encoding = marked === 3 ? "utf8" : "win1251";
  writeFileSync(file, mp3With({ v2: id3v2(tags, { version, marked, encoding }) }));
  const audio = await readAudioFile(file, "song.mp3");
  return { authors: audio.authors, copyrightHolder: audio.copyrightHolder };
}

describe("credits read from tags", () => {
  it("takes composers and lyricists as authors, each once, in order, several to a frame", async () => {
    expect(
      await creditsOf({
        composer: "Исаак Дунаевский / Василий Лебедев-Кумач",
        lyricist: "Василий Лебедев-Кумач; Михаил Светлов",
      }),
    ).toEqual({
      authors: ["Исаак Дунаевский", "Василий Лебедев-Кумач", "Михаил Светлов"],
      copyrightHolder: null,
    });
  });

  it("names the publisher as the copyright holder, before the copyright line", async () => {
    expect(await creditsOf({ publisher: "Фирма «Мелодия»", copyright: "℗ 1982 Другие" })).toEqual({
      authors: [],
      copyrightHolder: "Фирма «Мелодия»",
    });
  });

  it("without a publisher, takes the owner from the copyright line, without its mark and year", async () => {
    expect((await creditsOf({ copyright: "℗ 1982 Фирма Мелодия" })).copyrightHolder).toBe(
      "Фирма Мелодия",
    );
    expect((await creditsOf({ copyright: "(C) 2005-2007, Sony Music" })).copyrightHolder).toBe(
      "Sony Music",
    );
    expect((await creditsOf({ copyright: "©" })).copyrightHolder).toBeNull();
  });

  it("repairs cp1251 credits marked as Latin-1, as it does titles", async () => {
    expect(
      await creditsOf({ composer: "Александра Пахмутова", publisher: "Мелодия" }, 3, 0),
    ).toEqual({ authors: ["Александра Пахмутова"], copyrightHolder: "Мелодия" });
    // The bytes really are cp1251: the frame alone would read as mojibake.
    expect(bytesIn("Мелодия", "win1251").toString("latin1")).not.toBe("Мелодия");
  });

  it("keeps at most ten authors", async () => {
    const many = Array.from({ length: 14 }, (_, index) => `Автор ${index + 1}`).join("/");
    expect((await creditsOf({ composer: many }, 4, 3)).authors).toHaveLength(10);
  });
});
