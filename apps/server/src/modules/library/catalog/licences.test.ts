import { licenceDayOf } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedClient } from "../../../test/allowed-music.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { storedKeys, uploadFile } from "../../../test/library.ts";
import { connect, nextOfType } from "../../../test/socket-client.ts";
import { id3v2, mp3With } from "../../../test/tagged-audio.ts";
import { addPlayer, deviceTokenFor } from "../../../test/venues.ts";
import { pdfDocument, pngImage } from "./document-fixtures.ts";

/**
 * A copyright holder's licences through the real API (issue 32): recorded
 * with contract number, territory and period, their signed document kept,
 * the ones ending soon listed — and a holder whose every licence ended has
 * its songs taken out of what venues play, staff still hearing them.
 */

let server: TestServer;
let manager: SignedInUser;
let support: SignedInUser;
let client: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  support = await createSignedInUser(server, { role: "role-support" });
  client = await createSignedInUser(server, { role: "role-client" });
});

afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;
/** The Moscow day `days` from today. */
const day = (days: number) => licenceDayOf(Date.now() + days * DAY);
const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

async function holder(name: string): Promise<string> {
  const answer = await call(server, "POST", "/music/copyright-holder/add", {
    token: manager.token,
    body: { name: `${name} ${Date.now()}` },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const licenceCall = (path: string, body?: unknown, token = manager.token) =>
  call(server, "POST", path, { token, body });

async function licence(holderId: string, startsOn: string, endsOn: string | null) {
  const answer = await licenceCall(`/music/copyright-holder/${holderId}/licence/add`, {
    contractNumber: "№ 17/2026-Л",
    territory: "Российская Федерация",
    startsOn,
    endsOn,
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe("a holder's licences", () => {
  it("are recorded, listed latest first, corrected and removed", async () => {
    const id = await holder("Лейбл «Договор»");
    const old = await licence(id, "2025-01-01", "2025-12-31");
    const current = await licence(id, "2026-01-01", null);
    expect(current).toMatchObject({
      holderId: id,
      contractNumber: "№ 17/2026-Л",
      territory: "Российская Федерация",
      startsOn: "2026-01-01",
      endsOn: null,
      document: null,
    });
    const listed = await call(server, "GET", `/music/copyright-holder/${id}/licence`, {
      token: support.token,
    });
    expect(listed.body.map((one: { id: string }) => one.id)).toEqual([current.id, old.id]);

    const changed = await licenceCall(
      `/music/copyright-holder/${id}/licence/${current.id}/change`,
      { endsOn: "2026-12-31", territory: "  РФ   и СНГ " },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ endsOn: "2026-12-31", territory: "РФ и СНГ" });

    const removed = await licenceCall(`/music/copyright-holder/${id}/licence/${old.id}/remove`);
    expect(removed.status).toBe(200);
    const after = await call(server, "GET", `/music/copyright-holder/${id}/licence`, {
      token: manager.token,
    });
    expect(after.body).toHaveLength(1);
  });

  it("keep their signed document, replaced by another, and its file goes with the licence", async () => {
    const id = await holder("Лейбл «Скан»");
    const one = await licence(id, "2026-01-01", null);
    const path = `/music/copyright-holder/${id}/licence/${one.id}`;
    const attached = await uploadFile(server, `${path}/document/change`, pdfDocument(), {
      token: manager.token,
      filename: "договор.pdf",
    });
    expect(attached.status).toBe(200);
    expect(attached.body.document).toEqual({
      fileName: "договор.pdf",
      contentType: "application/pdf",
      sizeBytes: pdfDocument().length,
    });
    const download = await fetch(
      `${server.url}/api/v1${path}/document?access_token=${encodeURIComponent(support.token)}`,
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdfDocument());

    const before = await storedKeys(server, "attachments");
    const replaced = await uploadFile(server, `${path}/document/change`, pngImage(), {
      token: manager.token,
      filename: "скан.png",
    });
    expect(replaced.body.document.contentType).toBe("image/png");
    const after = await storedKeys(server, "attachments");
    expect(after.length).toBe(before.length);

    await licenceCall(`${path}/remove`);
    expect((await storedKeys(server, "attachments")).length).toBe(before.length - 1);
  });

  it("refuse bad input with a clear error and change nothing", async () => {
    const id = await holder("Лейбл «Ошибки»");
    const one = await licence(id, "2026-01-01", "2026-12-31");
    const other = await holder("Чужой лейбл");
    const add = (body: unknown, token = manager.token, holderId = id) =>
      licenceCall(`/music/copyright-holder/${holderId}/licence/add`, body, token);
    const fields = { contractNumber: "1", territory: "РФ", startsOn: "2026-01-01", endsOn: null };
    const cases = [
      [await add({ ...fields, startsOn: "2026-02-30" }), 400, "validation-error"],
      [await add({ ...fields, endsOn: "2025-12-31" }), 400, "validation-error"],
      [await add({ ...fields, contractNumber: "x".repeat(101) }), 400, "validation-error"],
      [await add({ ...fields, territory: "   " }), 400, "validation-error"],
      [await add({ ...fields, extra: true }), 400, "validation-error"],
      [await add({ contractNumber: "1" }), 400, "validation-error"],
      [await add(fields, support.token), 403, "forbidden"],
      [await add(fields, manager.token, unknownId), 404, "not-found"],
      [
        await licenceCall(`/music/copyright-holder/${id}/licence/${one.id}/change`, {
          startsOn: "2027-01-01",
        }),
        400,
        "validation-error",
      ],
      [
        await licenceCall(`/music/copyright-holder/${other}/licence/${one.id}/change`, {
          territory: "Чужое",
        }),
        404,
        "not-found",
      ],
      [
        await licenceCall(`/music/copyright-holder/${other}/licence/${one.id}/remove`),
        404,
        "not-found",
      ],
      [
        await call(server, "GET", `/music/copyright-holder/${id}/licence`, { token: client.token }),
        403,
        "forbidden",
      ],
    ] as const;
    for (const [answer, status, type] of cases) {
      expect({ status: answer.status, type: answer.body.type }).toEqual({ status, type });
    }
    expect(cases[8][0].body.reason).toBe("Конец срока лицензии раньше начала");
    const unsupported = await uploadFile(
      server,
      `/music/copyright-holder/${id}/licence/${one.id}/document/change`,
      Buffer.from("просто текст"),
      { token: manager.token, filename: "договор.txt" },
    );
    expect(unsupported.status).toBe(415);
    const listed = await call(server, "GET", `/music/copyright-holder/${id}/licence`, {
      token: manager.token,
    });
    expect(listed.body).toEqual([one]);
  });

  it("that end within 30 days are listed soonest first, with the holder's songs and what follows", async () => {
    const ending = await holder("Лейбл «Срок»");
    const soon = await licence(ending, day(-300), day(5));
    const continued = await holder("Лейбл «Продление»");
    const renewed = await licence(continued, day(-300), day(12));
    await licence(continued, day(13), null);
    await licence(await holder("Лейбл «Далеко»"), day(-10), day(90));
    const answer = await call(server, "GET", "/music/copyright-licence/ending", {
      token: manager.token,
    });
    expect(answer.status).toBe(200);
    const mine = answer.body.filter((one: { licence: { id: string } }) =>
      [soon.id, renewed.id].includes(one.licence.id),
    );
    expect(
      mine.map((one: { licence: { id: string }; followedBy: boolean; songCount: number }) => [
        one.licence.id,
        one.followedBy,
        one.songCount,
      ]),
    ).toEqual([
      [soon.id, false, 0],
      [renewed.id, true, 0],
    ]);
    const bad = await call(server, "GET", "/music/copyright-licence/ending?days=9999", {
      token: manager.token,
    });
    expect(bad.status).toBe(400);
  });
});

/**
 * A song of its own holder, on a playlist of a licensed client's venue whose
 * player has it: `planSongs` reads what the device's plan holds of it.
 */
async function songAtVenue(title: string, publisher: string) {
  const tag = id3v2(
    { title: `${title} ${Date.now()}`, publisher: `${publisher} ${Date.now()}` },
    { version: 4, marked: 3, encoding: "utf8" },
  );
  const upload = await uploadFile(server, "/music/song/add", mp3With({ v2: tag }), {
    token: manager.token,
    filename: "licensed.mp3",
  });
  const song = upload.body.song;
  const listener = await allowedClient(server, [song.id]);
  const playerId = await addPlayer(server, listener, { playlistIds: [listener.playlistId] });
  const device = await deviceTokenFor(server, listener, listener.establishmentId);
  const planSongs = async (): Promise<{ id: string; playableUntil?: string }[]> =>
    (
      await call(server, "GET", `/music/player/${playerId}/plan`, { token: device })
    ).body.playlists.flatMap((playlist: { songs: { id: string }[] }) => playlist.songs);
  return { song, listener, playerId, device, planSongs };
}

describe("a song whose holder's licence ended", () => {
  it("leaves what venues play and hear, staff still hearing it, until a licence covers today", async () => {
    const venue = await songAtVenue("Песня по лицензии", "Лейбл «Истёк»");
    const { song, listener, playerId } = venue;
    const planSongs = async () => (await venue.planSongs()).map((one) => one.id);
    const hears = async (token: string) =>
      (await call(server, "GET", `/music/song/${song.id}/meta`, { token })).status;
    expect(await planSongs()).toContain(song.id);
    expect(await hears(listener.token)).toBe(200);

    // Its only licence ended yesterday: no venue plays it, the owner does not hear it.
    const ended = await licence(song.copyrightHolder.id, day(-100), day(-1));
    expect(await planSongs()).not.toContain(song.id);
    expect(await hears(listener.token)).toBe(404);
    expect(await hears(manager.token)).toBe(200);
    // Nor is it offered in the owner's list of songs; staff still find it.
    const listed = async (token: string, query: string) => {
      const answer = await call(server, "GET", `/music/song?limit=100${query}`, { token });
      expect(answer.status).toBe(200);
      return answer.body.data.map((one: { id: string }) => one.id);
    };
    expect(await listed(listener.token, `&playerId=${playerId}`)).not.toContain(song.id);
    expect(await listed(listener.token, "")).not.toContain(song.id);
    expect(await listed(manager.token, "")).toContain(song.id);
    // Staff see it marked in the list.
    const managersList = await call(server, "GET", "/music/song?limit=100", {
      token: manager.token,
    });
    expect(
      managersList.body.data.find((one: { id: string }) => one.id === song.id)?.licence,
    ).toEqual({ barred: true, lastDay: null });
    // Nor found by the owner's search, nor suggested.
    const found = async (token: string) => {
      const text = encodeURIComponent(song.title);
      const songs = await call(server, "GET", `/music/song/search?text=${text}&limit=20`, {
        token,
      });
      const suggested = await call(server, "GET", `/music/common-search?text=${text}&limit=20`, {
        token,
      });
      expect([songs.status, suggested.status]).toEqual([200, 200]);
      return [
        ...songs.body.data.map((one: { id: string }) => one.id),
        ...suggested.body.data
          .filter((one: { category: string }) => one.category === "songs")
          .map((one: { id: string }) => one.id),
      ];
    };
    expect(await found(listener.token)).not.toContain(song.id);
    expect(await found(manager.token)).toContain(song.id);

    // Extended to today: it plays again.
    await licenceCall(
      `/music/copyright-holder/${song.copyrightHolder.id}/licence/${ended.id}/change`,
      {
        endsOn: day(0),
      },
    );
    expect(await planSongs()).toContain(song.id);
    expect(await hears(listener.token)).toBe(200);
    expect(await listed(listener.token, `&playerId=${playerId}`)).toContain(song.id);
    expect(await found(listener.token)).toContain(song.id);
  });

  it("is marked in the playlist editor before it falls out, and a device's plan carries its end", async () => {
    const venue = await songAtVenue("Песня до срока", "Лейбл «Срок»");
    const { song, listener } = venue;
    const planSong = async () => (await venue.planSongs()).find((one) => one.id === song.id);
    const trackOf = async (token: string) =>
      (
        await call(server, "GET", `/music/playlist/${listener.playlistId}`, { token })
      ).body.tracks.find((track: { song: { id: string } }) => track.song.id === song.id);

    // A licence without an end: nothing to mark, nothing for the device to stop.
    const open = await licence(song.copyrightHolder.id, day(-30), null);
    expect((await trackOf(manager.token)).licence).toBeUndefined();
    expect((await planSong())?.playableUntil).toBeUndefined();

    // It ends in ten days: the editor says until when, the plan when to stop (Moscow midnight).
    const path = `/music/copyright-holder/${song.copyrightHolder.id}/licence/${open.id}/change`;
    await licenceCall(path, { endsOn: day(10) });
    expect((await trackOf(manager.token)).licence).toEqual({ barred: false, lastDay: day(10) });
    expect((await trackOf(listener.token)).licence).toBeUndefined();
    expect((await planSong())?.playableUntil).toBe(
      new Date(Date.parse(`${day(11)}T00:00:00+03:00`)).toISOString(),
    );

    // A licence that follows without a gap moves the end on.
    await licence(song.copyrightHolder.id, day(11), day(40));
    expect((await trackOf(manager.token)).licence).toEqual({ barred: false, lastDay: day(40) });

    // Both ended: the editor shows it barred; the owner's view of the playlist leaves it out.
    await licenceCall(path, { endsOn: day(-1) });
    const later = (
      await call(server, "GET", `/music/copyright-holder/${song.copyrightHolder.id}/licence`, {
        token: manager.token,
      })
    ).body.find((one: { id: string }) => one.id !== open.id);
    await licenceCall(
      `/music/copyright-holder/${song.copyrightHolder.id}/licence/${later.id}/remove`,
    );
    expect((await trackOf(manager.token)).licence).toEqual({ barred: true, lastDay: null });
    expect(await trackOf(listener.token)).toBeUndefined();
    expect(await planSong()).toBeUndefined();
  });

  it("tells a connected player when its playlist's songs change, so that it reads its plan again", async () => {
    const venue = await songAtVenue("Песня в эфире", "Лейбл «Эфир»");
    const { song, listener, playerId } = venue;
    await call(server, "POST", `/music/player/${playerId}/fallback`, {
      token: listener.token,
      body: { playlistId: listener.playlistId },
    });
    const device = await connect(server, venue.device, { playerId });
    try {
      expect(await nextOfType(device, "status")).toMatchObject({
        schedule: { playlistId: listener.playlistId },
      });
      // The same playlist plays on, but without the song: news to a device whose plan has it.
      await licence(song.copyrightHolder.id, day(-10), day(-1));
      expect(await nextOfType(device, "status")).toMatchObject({
        schedule: { playlistId: listener.playlistId },
      });
      expect(await venue.planSongs()).toEqual([]);
    } finally {
      device.socket.close();
    }
  });
});
