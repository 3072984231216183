import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plays, songs } from "../../db/schema.ts";
import {
  createEstablishment,
  createSignedInUser,
  type SignedInUser,
} from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { audioFixture, uploadFile } from "../../test/library.ts";
import { readSpreadsheetCsv, runsAsFormula } from "../../test/spreadsheet.ts";
import {
  createVenueStaff,
  licenseVenueSince,
  playlistOf,
  type VenueStaff,
} from "../../test/venues.ts";

let server: TestServer;
let admin: SignedInUser;
let support: SignedInUser;
let contentManager: SignedInUser;
let owner: SignedInUser;
let stranger: SignedInUser;
let establishmentId: string;
let playerId: string;
let strangerEstablishmentId: string;
let strangerPlayerId: string;
let songA: string;
let songB: string;
const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";
let staff: VenueStaff;
/** A playlist of both songs: the venues below are licensed for it since the year began. */
let licensedPlaylist: string;

/** Licenses a venue for both songs since 1 January: the plays filed below are of this year. */
const license = (user: SignedInUser, venueId: string) =>
  licenseVenueSince(
    server,
    staff,
    user,
    venueId,
    [licensedPlaylist],
    new Date("2026-01-01T00:00:00Z"),
  );
const VENUE_NAME = 'Кафе «Ёлка»; зал "А"';
const VENUE_ADDRESS = "Москва,\nТестовая, 1";

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });

/** Reads a report as the browser's download link does: the token in the query. */
async function download(path: string, token: string) {
  const separator = path.includes("?") ? "&" : "?";
  const response = await fetch(
    `${server.url}/api/v1${path}${separator}access_token=${encodeURIComponent(token)}`,
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

async function upload(name: string): Promise<string> {
  const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
    token: contentManager.token,
    filename: name,
  });
  expect(uploaded.status).toBe(201);
  return uploaded.body.song.id;
}

async function playerIn(user: SignedInUser): Promise<string> {
  const added = await post("/music/player/add", user.token, {
    name: "Зал",
    type: "web",
    address: "Москва, Тверская, 7",
  });
  expect(added.status).toBe(201);
  return added.body.id;
}

const start = (playId: string, songId: string, startedAt: string, player = playerId) =>
  server.app.modules.history.recordStarted({
    playId,
    playerId: player,
    songId,
    playlistId: null,
    fallback: false,
    startedAt: new Date(startedAt),
  });

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  support = await createSignedInUser(server, { role: "role-support" });
  contentManager = await createSignedInUser(server, { role: "role-content-manager" });
  owner = await createSignedInUser(server, { role: "role-client" });
  stranger = await createSignedInUser(server, { role: "role-client" });
  establishmentId = await createEstablishment(server, owner.id, {
    name: VENUE_NAME,
    address: VENUE_ADDRESS,
    timeZone: "Europe/Moscow",
  });
  strangerEstablishmentId = await createEstablishment(server, stranger.id, {
    name: "Бар «Чужой»",
    timeZone: "Asia/Vladivostok",
  });
  playerId = await playerIn(owner);
  strangerPlayerId = await playerIn(stranger);
  songA = await upload("tone.mp3");
  songB = await upload("tone.ogg");
  staff = await createVenueStaff(server);
  licensedPlaylist = (await playlistOf(server, staff.contentManager, [songA, songB])).id;
  await license(owner, establishmentId);
  await license(stranger, strangerEstablishmentId);
  // Songs of ten minutes: the plays below last minutes, and a play counts at most its song's length.
  await server.app.db
    .update(songs)
    .set({ durationMs: 600_000 })
    .where(inArray(songs.id, [songA, songB]));
  const author = await post("/music/author/add", contentManager.token, { name: "Автор; Первый" });
  const lyricist = await post("/music/author/add", contentManager.token, { name: "Анна Вторая" });
  const holder = await post("/music/copyright-holder/add", contentManager.token, {
    name: 'ООО "Права"',
  });
  const changed = await post(`/music/song/${songA}/meta/change`, contentManager.token, {
    title: 'Песня; "Первая"',
    artists: ["Иван", "Пётр"],
    authorIds: [author.body.id, lyricist.body.id],
    copyrightHolderId: holder.body.id,
  });
  expect(changed.status).toBe(200);

  // The owner's venue (Moscow, UTC+3): two plays of A on 2 March, one of B on 3 March.
  await start("a-1", songA, "2026-03-01T22:30:00Z"); // 01:30 on 2 March in Moscow
  await server.app.modules.history.recordEnded("a-1", new Date("2026-03-01T22:33:00Z"), "finished");
  await start("a-2", songA, "2026-03-02T10:00:00Z");
  await server.app.modules.history.recordEnded("a-2", new Date("2026-03-02T10:01:00Z"), "skipped");
  await server.app.modules.history.recordStarted({
    playId: "b-1",
    playerId,
    songId: songB,
    playlistId: null,
    fallback: true,
    startedAt: new Date("2026-03-03T09:00:00Z"),
  });
  // The stranger's venue (Vladivostok).
  await start("s-1", songA, "2026-03-02T01:00:00Z", strangerPlayerId);
  await server.app.modules.history.recordEnded("s-1", new Date("2026-03-02T01:02:00Z"), "offline");
});

afterAll(async () => {
  await server?.close();
});

describe("recording plays", () => {
  it("is idempotent by play id: a resent start or end changes nothing", async () => {
    await start("a-1", songB, "2026-03-05T00:00:00Z");
    await server.app.modules.history.recordEnded(
      "a-1",
      new Date("2026-03-05T00:10:00Z"),
      "stopped",
    );
    const answer = await get(
      `/music/player/${playerId}/history?from=2026-03-02&to=2026-03-02`,
      owner.token,
    );
    expect(answer.status).toBe(200);
    const first = answer.body.data.find((play: { id: string }) => play.id === "a-1");
    expect(first).toMatchObject({
      songId: songA,
      title: 'Песня; "Первая"',
      artists: ["Иван", "Пётр"],
      startedAt: "2026-03-01T22:30:00.000Z",
      endedAt: "2026-03-01T22:33:00.000Z",
      durationSeconds: 180,
      ending: "finished",
      fallback: false,
      timeZone: "Europe/Moscow",
      playerName: "Зал",
    });
  });

  it("keeps an end that arrives before its start and joins them", async () => {
    await server.app.modules.history.recordEnded(
      "late-1",
      new Date("2026-04-01T10:05:00Z"),
      "offline",
    );
    let answer = await get(
      `/music/player/${playerId}/history?from=2026-04-01&to=2026-04-01`,
      owner.token,
    );
    expect(answer.body.total).toBe(0);
    await start("late-1", songB, "2026-04-01T10:00:00Z");
    answer = await get(
      `/music/player/${playerId}/history?from=2026-04-01&to=2026-04-01`,
      owner.token,
    );
    expect(answer.body.data).toEqual([
      expect.objectContaining({ id: "late-1", durationSeconds: 300, ending: "offline" }),
    ]);
  });

  it("lets a device's own later report set right an end the server guessed offline, once", async () => {
    const at = (time: string) => new Date(`2026-04-02T${time}Z`);
    // A venue of its own: the lists the other tests read stay as they are.
    const cafe = await createSignedInUser(server, { role: "role-client" });
    await license(cafe, await createEstablishment(server, cafe.id, { name: "Кафе «Связь»" }));
    const cafePlayerId = await playerIn(cafe);
    await start("out-1", songA, "2026-04-02T10:00:00Z", cafePlayerId);
    // The device went away: the server ended the play offline.
    await server.app.modules.history.recordEnded("out-1", at("10:01:00"), "offline");
    // Back on line, the web player sends what it kept: it played to the end.
    await server.app.modules.history.recordEnded("out-1", at("10:04:00"), "finished");
    // Neither a resend nor another guess changes it after that.
    await server.app.modules.history.recordEnded("out-1", at("10:09:00"), "skipped");
    await server.app.modules.history.recordEnded("out-1", at("10:10:00"), "offline");
    const answer = await get(
      `/music/player/${cafePlayerId}/history?from=2026-04-02&to=2026-04-02`,
      cafe.token,
    );
    expect(answer.body.data).toEqual([
      expect.objectContaining({ id: "out-1", durationSeconds: 240, ending: "finished" }),
    ]);
  });

  it("ignores a start for an unknown player or with ids that name nothing", async () => {
    await start("ghost-1", songA, "2026-05-01T10:00:00Z", unknownId);
    await start("ghost-2", "not-a-uuid", "2026-05-01T10:00:00Z");
    await start("", songA, "2026-05-01T10:00:00Z");
    const stored = await server.app.db.select({ id: plays.id }).from(plays);
    const ids = stored.map((row) => row.id);
    expect(ids).not.toContain("ghost-1");
    expect(ids).not.toContain("ghost-2");
    expect(ids).not.toContain("");
  });
});

describe("a player's history", () => {
  it("answers the owner and staff, newest first, periods in the venue's days", async () => {
    for (const user of [owner, admin, support]) {
      const answer = await get(
        `/music/player/${playerId}/history?from=2026-03-02&to=2026-03-03`,
        user.token,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((play: { id: string }) => play.id)).toEqual([
        "b-1",
        "a-2",
        "a-1",
      ]);
      expect(answer.body.total).toBe(3);
    }
    // 22:30 UTC on 1 March is already 2 March in Moscow.
    const first = await get(
      `/music/player/${playerId}/history?from=2026-03-01&to=2026-03-01`,
      owner.token,
    );
    expect(first.body.total).toBe(0);
    const paged = await get(
      `/music/player/${playerId}/history?from=2026-03-02&to=2026-03-03&count=2&page=1`,
      owner.token,
    );
    expect(paged.body).toMatchObject({ total: 3, totalPages: 2 });
    expect(paged.body.data.map((play: { id: string }) => play.id)).toEqual(["a-1"]);
    const playing = await get(
      `/music/player/${playerId}/history?from=2026-03-03&to=2026-03-03`,
      owner.token,
    );
    expect(playing.body.data[0]).toMatchObject({
      endedAt: null,
      durationSeconds: null,
      ending: null,
      fallback: true,
    });
  });

  it("refuses bad input with 400", async () => {
    for (const query of [
      "from=2026-02-30",
      "from=2026-3-01",
      "from=2026-03-05&to=2026-03-01",
      "from=2025-01-01&to=2026-03-01",
      "count=0",
      "count=501",
      "page=-1",
    ]) {
      const answer = await get(`/music/player/${playerId}/history?${query}`, owner.token);
      expect(answer.status, query).toBe(400);
      expect(answer.body.type).toBe("validation-error");
    }
    expect((await get("/music/player/not-a-uuid/history", owner.token)).status).toBe(400);
  });

  it("hides other clients' and unknown players (404) and refuses roles without clients (403)", async () => {
    expect((await get(`/music/player/${strangerPlayerId}/history`, owner.token)).status).toBe(404);
    expect((await get(`/music/player/${unknownId}/history`, owner.token)).status).toBe(404);
    const refused = await get(`/music/player/${playerId}/history`, contentManager.token);
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe("forbidden");
    expect((await call(server, "GET", `/music/player/${playerId}/history`)).status).toBe(401);
  });
});

describe("broadcast-history-info", () => {
  it("answers play ids newest first, `type` keeping those that ended so", async () => {
    const all = await get(`/music/player/${playerId}/broadcast-history-info?limit=2`, owner.token);
    expect(all.status).toBe(200);
    expect(all.body.broadcastIds).toEqual(["late-1", "b-1"]);
    const skipped = await get(
      `/music/player/${playerId}/broadcast-history-info?type=skipped`,
      owner.token,
    );
    expect(skipped.body).toEqual({ broadcastIds: ["a-2"], total: 1 });
    const offset = await get(
      `/music/player/${playerId}/broadcast-history-info?offset=3`,
      owner.token,
    );
    expect(offset.body.broadcastIds).toEqual(["a-1"]);
  });

  it("refuses bad input, foreign players and other roles", async () => {
    for (const query of ["limit=0", "limit=501", "offset=-1", "type=paused"]) {
      const answer = await get(
        `/music/player/${playerId}/broadcast-history-info?${query}`,
        owner.token,
      );
      expect(answer.status, query).toBe(400);
    }
    expect(
      (await get(`/music/player/${strangerPlayerId}/broadcast-history-info`, owner.token)).status,
    ).toBe(404);
    expect(
      (await get(`/music/player/${playerId}/broadcast-history-info`, contentManager.token)).status,
    ).toBe(403);
  });
});

describe("an establishment's history", () => {
  it("answers the venue's plays across its players, with its zone and name", async () => {
    const answer = await get(
      `/history/establishment/${establishmentId}?from=2026-03-02&to=2026-03-03`,
      owner.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      total: 3,
      timeZone: "Europe/Moscow",
      establishmentName: VENUE_NAME,
    });
    const staff = await get(`/history/establishment/${strangerEstablishmentId}`, support.token);
    expect(staff.body.data.map((play: { id: string }) => play.id)).toEqual(["s-1"]);
  });

  it("refuses bad input, foreign or unknown venues and other roles", async () => {
    expect(
      (await get(`/history/establishment/${establishmentId}?to=2026-13-01`, owner.token)).status,
    ).toBe(400);
    expect(
      (await get(`/history/establishment/${strangerEstablishmentId}`, owner.token)).status,
    ).toBe(404);
    expect((await get(`/history/establishment/${unknownId}`, admin.token)).status).toBe(404);
    expect(
      (await get(`/history/establishment/${establishmentId}`, contentManager.token)).status,
    ).toBe(403);
  });
});

describe("royalty reports (CSV)", () => {
  const period = "from=2026-03-01&to=2026-03-31";

  it("streams a UTF-8 file with a BOM, `;` between fields, quoting what needs it, and correct totals", async () => {
    const { response, bytes, text } = await download(
      `/history/establishment/${establishmentId}/report.csv?${period}`,
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Название;Исполнитель;Авторы;Правообладатель;Длительность;Количество исполнений;Всего секунд;Заведение;Адрес",
    );
    const quotedVenue = `"Кафе «Ёлка»; зал ""А"""`;
    const quotedAddress = `"Москва,\nТестовая, 1"`;
    const rows = lines.slice(1).filter((line) => line !== "");
    // Song A: played twice in the venue (180 s + 60 s); song B: once, still playing (0 s counted).
    expect(rows.join("\r\n")).toContain(
      `"Песня; ""Первая""";Иван, Пётр;"Автор; Первый, Анна Вторая";"ООО ""Права""";00:10:00;`,
    );
    const rowA = rows.find((row) => row.startsWith('"Песня'));
    expect(rowA).toMatch(
      /^"Песня; ""Первая""";Иван, Пётр;"Автор; Первый, Анна Вторая";"ООО ""Права""";00:10:00;2;240;/,
    );
    expect(rowA?.endsWith(`;2;240;${quotedVenue};${quotedAddress}`)).toBe(true);
    expect(rows).toHaveLength(2);
    expect(text).toContain(`;1;0;${quotedVenue};${quotedAddress}\r\n`);
    expect(text).toContain(`;2;240;${quotedVenue};${quotedAddress}\r\n`);
    expect(text).not.toContain("Чужой");
  });

  it("answers staff across all venues, one line per song and venue", async () => {
    const { response, text } = await download(`/history/report.csv?${period}`, admin.token);
    expect(response.status).toBe(200);
    expect(text).toContain(`;1;120;Бар «Чужой»;Москва, Тестовая, 1\r\n`);
    expect(text).toContain(`;2;240;`);
  });

  it("reads a long period in pages: every (venue, song) of a big history is in the file once", async () => {
    const bigVenue = await createEstablishment(server, owner.id, { name: "Большой зал" });
    const songIds = Array.from({ length: 1_203 }, () => randomUUID());
    await server.app.db.insert(plays).values(
      songIds.map((songId, index) => ({
        id: `big-${index}`,
        playerId,
        userId: owner.id,
        establishmentId: bigVenue,
        songId,
        startedAt: new Date("2026-06-10T10:00:00Z"),
        endedAt: new Date("2026-06-10T10:00:07Z"),
        ending: "finished",
      })),
    );
    const { text } = await download(
      `/history/establishment/${bigVenue}/report.csv?from=2026-06-01&to=2026-06-30`,
      owner.token,
    );
    const rows = text
      .split("\r\n")
      .slice(1)
      .filter((line) => line !== "");
    expect(rows).toHaveLength(1_203);
    expect(new Set(rows).size).toBe(1);
    expect(rows[0]).toBe(";;;;;1;7;Большой зал;Москва, Тестовая, 1");
  });

  it("refuses bad input, foreign venues and other roles before writing anything", async () => {
    for (const query of [
      "from=2026-03-01",
      "to=2026-03-01",
      "from=2026-03-05&to=2026-03-01",
      "from=x&to=y",
    ]) {
      const { response } = await download(
        `/history/establishment/${establishmentId}/report.csv?${query}`,
        owner.token,
      );
      expect(response.status, query).toBe(400);
    }
    expect(
      (
        await download(
          `/history/establishment/${strangerEstablishmentId}/report.csv?${period}`,
          owner.token,
        )
      ).response.status,
    ).toBe(404);
    expect(
      (
        await download(
          `/history/establishment/${establishmentId}/report.csv?${period}`,
          contentManager.token,
        )
      ).response.status,
    ).toBe(403);
    expect((await download(`/history/report.csv?${period}`, owner.token)).response.status).toBe(
      403,
    );
    const anonymous = await fetch(`${server.url}/api/v1/history/report.csv?${period}`);
    expect(anonymous.status).toBe(401);
  });

  it("writes no cell a spreadsheet would run as a formula, in a venue's report and the staff-wide one", async () => {
    const hostileVenues = [
      { name: '=HYPERLINK("http://x","y")', address: "+1+1" },
      { name: "@SUM(A1)", address: "-2+3" },
      { name: "\tвкладка", address: "\rвозврат" },
    ];
    const venueIds = await Promise.all(
      hostileVenues.map((venue) => createEstablishment(server, owner.id, venue)),
    );
    const song = await upload("tone.mp3");
    const author = await post("/music/author/add", contentManager.token, { name: "-Автор" });
    const holder = await post("/music/copyright-holder/add", contentManager.token, {
      name: "+Права",
    });
    const changed = await post(`/music/song/${song}/meta/change`, contentManager.token, {
      title: "=1+1",
      artists: ["@исполнитель"],
      authorId: author.body.id,
      copyrightHolderId: holder.body.id,
    });
    expect(changed.status).toBe(200);
    await server.app.db.insert(plays).values(
      venueIds.map((venueId, index) => ({
        id: `formula-${index}`,
        playerId,
        userId: owner.id,
        establishmentId: venueId,
        songId: song,
        startedAt: new Date("2026-09-10T10:00:00Z"),
        endedAt: new Date("2026-09-10T10:00:07Z"),
        ending: "finished",
      })),
    );
    const september = "from=2026-09-01&to=2026-09-30";
    const expectedRow = (venue: { name: string; address: string }) => [
      "'=1+1",
      "'@исполнитель",
      "'-Автор",
      "'+Права",
      expect.stringMatching(/^\d\d:\d\d:\d\d$/),
      "1",
      "7",
      `'${venue.name}`,
      `'${venue.address}`,
    ];

    const files = [
      ...venueIds.map((venueId) => ({
        path: `/history/establishment/${venueId}/report.csv?${september}`,
        token: owner.token,
      })),
      { path: `/history/report.csv?${september}`, token: admin.token },
    ];
    for (const [index, file] of files.entries()) {
      const { response, text } = await download(file.path, file.token);
      expect(response.status, file.path).toBe(200);
      const [header, ...rows] = readSpreadsheetCsv(text);
      expect(header, file.path).toHaveLength(9);
      const cells = rows.flat();
      expect(
        cells.filter(runsAsFormula),
        `${file.path}: cells Excel would run as formulas`,
      ).toEqual([]);
      const venues = index < hostileVenues.length ? [hostileVenues[index]] : hostileVenues;
      for (const venue of venues) {
        expect(rows, file.path).toContainEqual(expectedRow(venue as (typeof hostileVenues)[0]));
      }
    }
  });
});
