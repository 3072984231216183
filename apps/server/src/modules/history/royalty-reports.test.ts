import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plays } from "../../db/schema.ts";
import {
  createEstablishment,
  createSignedInUser,
  type SignedInUser,
} from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/harness.ts";
import { uploadFile } from "../../test/library.ts";
import { id3v2, mp3With, type TagValues } from "../../test/tagged-audio.ts";

/**
 * The reports rights holders and collecting societies ask for (issue 32),
 * through the real API on plays of songs credited from their tags: a
 * society's music-use report per work (one venue's, every venue's), and
 * what each copyright holder's music played, with bad input refused.
 */

let server: TestServer;
let admin: SignedInUser;
let owner: SignedInUser;
let stranger: SignedInUser;
let cafe: string;
let bar: string;
let strangerVenue: string;
const song: Record<"waltz" | "march" | "song" | "bare", string> = {
  waltz: "",
  march: "",
  song: "",
  bare: "",
};
const period = "from=2026-05-01&to=2026-05-31";

async function uploadTagged(tags: TagValues): Promise<string> {
  const tag = id3v2(tags, { version: 4, marked: 3, encoding: "utf8" });
  const answer = await uploadFile(server, "/music/song/add", mp3With({ v2: tag }), {
    token: (await createSignedInUser(server, { role: "role-content-manager" })).token,
    filename: `${tags.title}.mp3`,
  });
  expect(answer.status).toBe(201);
  return answer.body.song.id;
}

let playNumber = 0;
/** Files a finished play of `seconds` at a venue on 10 May 2026 (Moscow). */
const played = (songId: string, venueId: string, userId: string, seconds: number) => {
  playNumber += 1;
  const startedAt = new Date(Date.UTC(2026, 4, 10, 9, 0, playNumber));
  return {
    id: `royalty-${playNumber}`,
    playerId: randomUUID(),
    userId,
    establishmentId: venueId,
    songId,
    startedAt,
    endedAt: new Date(startedAt.getTime() + seconds * 1000),
    ending: "finished",
  };
};

/** Reads a report as the browser's download link does: the token in the query. */
async function download(path: string, token?: string) {
  const query = token ? `&access_token=${encodeURIComponent(token)}` : "";
  const response = await fetch(`${server.url}/api/v1${path}${query}`);
  const text = (await response.text()).replace(/^\uFEFF/, "");
  return { status: response.status, lines: text.split("\r\n").filter((line) => line !== ""), text };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  owner = await createSignedInUser(server, { role: "role-client" });
  stranger = await createSignedInUser(server, { role: "role-client" });
  cafe = await createEstablishment(server, owner.id, {
    name: "Кафе «Вальс»",
    timeZone: "Europe/Moscow",
  });
  bar = await createEstablishment(server, owner.id, {
    name: "Бар «Марш»",
    timeZone: "Europe/Moscow",
  });
  strangerVenue = await createEstablishment(server, stranger.id, { name: "Чужой зал" });
  song.waltz = await uploadTagged({
    title: "Вальс",
    artist: "Оркестр",
    composer: "Композитор Вальса",
    lyricist: "Поэт Вальса",
    publisher: "Мелодия",
  });
  song.march = await uploadTagged({
    title: "Марш",
    artist: "Духовой оркестр",
    publisher: "Мелодия",
  });
  song.song = await uploadTagged({ title: "Песня", artist: "Хор", copyright: "℗ 2001 Арт-Студия" });
  song.bare = await uploadTagged({ title: "Без сведений" });
  await server.app.db
    .insert(plays)
    .values([
      played(song.waltz, cafe, owner.id, 180),
      played(song.waltz, cafe, owner.id, 120),
      played(song.waltz, bar, owner.id, 60),
      played(song.march, bar, owner.id, 100),
      played(song.song, cafe, owner.id, 30),
      played(song.bare, bar, owner.id, 10),
      played(song.waltz, strangerVenue, stranger.id, 200),
    ]);
});

afterAll(async () => {
  await server?.close();
});

describe("a collecting society's music-use report", () => {
  const header =
    "№;Произведение;Авторы музыки и текста;Исполнитель;Изготовитель фонограммы;ISRC;Продолжительность;Количество исполнений;Общее время звучания, сек";

  it("gives one venue's works with their authors, performer, phonogram maker and uses", async () => {
    const report = await download(
      `/history/establishment/${cafe}/report.csv?${period}&format=society`,
      owner.token,
    );
    expect(report.status).toBe(200);
    expect(report.lines[0]).toBe(header);
    // The number and the song's own duration (the fixture's) aside.
    const rows = report.lines
      .slice(1)
      .map((line) => line.replace(/^\d+;/, "").replace(/;\d\d:\d\d:\d\d;/, ";D;"));
    expect(rows.sort()).toEqual([
      "Вальс;Композитор Вальса, Поэт Вальса;Оркестр;Мелодия;;D;2;300",
      "Песня;;Хор;Арт-Студия;;D;1;30",
    ]);
    expect(report.lines.slice(1).map((line) => line.split(";")[0])).toEqual(["1", "2"]);
  });

  it("counts a work's uses across every venue for staff", async () => {
    const report = await download(`/history/report.csv?${period}&format=society`, admin.token);
    expect(report.status).toBe(200);
    const waltz = report.lines.find((line) => line.includes(";Вальс;"));
    expect(waltz).toMatch(/;Мелодия;;\d\d:\d\d:\d\d;4;560$/);
    expect(report.lines).toHaveLength(5);
  });
});

describe("the report per copyright holder", () => {
  it("sums each holder's plays, time, songs and venues, and the plays without a holder last", async () => {
    const report = await download(`/history/copyright-holders-report.csv?${period}`, admin.token);
    expect(report.status).toBe(200);
    expect(report.lines).toEqual([
      "Правообладатель;Количество исполнений;Всего секунд;Время звучания;Треков;Заведений",
      "Арт-Студия;1;30;00:00:30;1;1",
      "Мелодия;5;660;00:11:00;2;3",
      "Без правообладателя;1;10;00:00:10;1;1",
    ]);
  });
});

describe("bad input", () => {
  it("answers a clear error for a bad format, period, role or venue", async () => {
    const cases = [
      [`/history/report.csv?${period}&format=xml`, admin.token, 400],
      [
        `/history/establishment/${cafe}/report.csv?from=2026-05-01&format=society`,
        owner.token,
        400,
      ],
      ["/history/copyright-holders-report.csv?from=2026-05-31&to=2026-05-01", admin.token, 400],
      ["/history/copyright-holders-report.csv?from=2025-01-01&to=2026-05-01", admin.token, 400],
      [`/history/copyright-holders-report.csv?${period}`, owner.token, 403],
      [`/history/report.csv?${period}&format=society`, owner.token, 403],
      [`/history/copyright-holders-report.csv?${period}`, undefined, 401],
      [
        `/history/establishment/${strangerVenue}/report.csv?${period}&format=society`,
        owner.token,
        404,
      ],
    ] as const;
    for (const [path, token, status] of cases) {
      const answer = await download(path, token);
      expect({ path, status: answer.status }).toEqual({ path, status });
      expect(JSON.parse(answer.text).reason).toBeTruthy();
    }
  });
});
