import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songs } from "../../../db/schema.ts";
import { type AllowedClient, allowedClient } from "../../../test/allowed-music.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import {
  AUDIO_FIXTURES,
  audioFixture,
  storedKeys,
  temporaryUploads,
  uploadFile,
} from "../../../test/library.ts";
import { addPlayer } from "../../../test/venues.ts";

/**
 * Songs through the real API: upload of every accepted format with its
 * tags, one stored file per content, refused uploads that leave nothing
 * behind, meta, covers, removal and the list. Streaming is songs.file.test.ts.
 */

let server: TestServer;
let manager: SignedInUser;
/** A client allowed to hear every song these tests upload (issue 13's allowed rule). */
let client: AllowedClient;

beforeAll(async () => {
  // A small upload limit, so that "too large" needs no 200 MB file.
  server = await startTestServer({ MAX_UPLOAD_MB: "0.05" });
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  client = await allowedClient(server, []);
});

afterAll(async () => {
  await server?.close();
});

const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

/** Uploads a song; one the library takes is put where the client may hear it. */
async function upload(data: Uint8Array, filename: string, token = manager.token) {
  const answer = await uploadFile(server, "/music/song/add", data, { token, filename });
  if (answer.status === 201) {
    const placed = await call(server, "POST", `/vault/${client.versionEntryId}/make-song`, {
      token: manager.token,
      body: { songIds: [answer.body.song.id] },
    });
    expect(placed.status).toBe(200);
  }
  return answer;
}

async function songCount(): Promise<number> {
  const [row] = await server.app.db.select({ value: count() }).from(songs);
  return row?.value ?? 0;
}

/** What the server holds now: rows, stored audio and covers, temporary files. */
async function holdings() {
  return {
    rows: await songCount(),
    files: await storedKeys(server),
    temporary: temporaryUploads(server),
  };
}

describe("upload", () => {
  it("accepts every format, reading format, duration, bitrate and tags", async () => {
    const expected: Record<string, object> = {
      "tone.mp3": {
        format: "mp3",
        title: "Ёлочка",
        artists: ["Хор Весна"],
        album: "Зимние песни",
        genre: { id: expect.any(String), name: "Поп" },
        year: 2019,
        hasCover: true,
      },
      "tone.opus": { format: "opus", title: "Morning Light", artists: ["Nordic Strings"] },
      "tone.ogg": { format: "ogg", title: "Evening Walk", album: "Dusk" },
      "tone.flac": { format: "flac", title: "Clear Water", artists: ["Река"] },
      // No tags at all: the title comes from the file's name.
      "tone.wav": { format: "wav", title: "tone", artists: [], album: null, genre: null },
      "tone.m4a": { format: "m4a", title: "Cafe Jazz", year: 2018, hasCover: false },
    };
    for (const name of AUDIO_FIXTURES) {
      const data = audioFixture(name);
      const answer = await upload(data, name);
      expect(answer.status, name).toBe(201);
      expect(answer.body.alreadyInLibrary, name).toBe(false);
      const song = answer.body.song;
      expect(song, name).toMatchObject({
        ...expected[name],
        sizeBytes: data.length,
        loudness: { status: "pending" },
        playCount: 0,
      });
      expect(song.durationMs, name).toBeGreaterThan(900);
      expect(song.durationMs, name).toBeLessThan(3200);
      expect(song.bitrate, name).toBeGreaterThan(0);
    }
    // Two songs of genre Ambient share one genre.
    const list = await call(server, "GET", "/music/song?limit=50", { token: client.token });
    const ambient = list.body.data.filter(
      (song: { genre?: { name: string } }) => song.genre?.name === "Ambient",
    );
    expect(ambient).toHaveLength(2);
    expect(ambient[0].genre.id).toBe(ambient[1].genre.id);
  });

  it("stores identical content once and answers the song already there", async () => {
    const data = audioFixture("tone.mp3");
    const first = await upload(data, "first.mp3");
    const before = await holdings();
    const again = await upload(data, "copy of it.mp3");
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ alreadyInLibrary: true, song: { id: first.body.song.id } });
    expect(await holdings()).toEqual(before);
  });

  it("refuses what is not accepted audio and leaves nothing behind", async () => {
    const before = await holdings();
    const wav = audioFixture("tone.wav");
    const cases: Array<[string, Uint8Array, number, string]> = [
      [
        "text.mp3",
        Buffer.from("just some text, not audio at all\n".repeat(20)),
        415,
        "unsupported-file",
      ],
      ["empty.mp3", new Uint8Array(0), 400, "unreadable-file"],
      ["noise.mp3", randomBytes(20_000), 415, "unsupported-file"],
      [
        "picture.png",
        Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
        415,
        "unsupported-file",
      ],
      // A WAVE header whose data is cut off: no duration can be read.
      ["cut.wav", wav.subarray(0, 40), 400, "unreadable-file"],
      ["huge.wav", Buffer.concat([wav, wav]), 413, "payload-too-large"],
    ];
    for (const [name, data, status, type] of cases) {
      const answer = await upload(data, name);
      expect({ name, status: answer.status, type: answer.body?.type }).toEqual({
        name,
        status,
        type,
      });
      expect(answer.body.reason, name).toMatch(/[а-я]/i);
    }
    expect((await upload(Buffer.concat([wav, wav]), "huge.wav")).body.reason).toBe(
      "Файл больше 0,05 МБ",
    );
    expect(await holdings()).toEqual(before);
  });

  it("asks for a file in the field 'file'", async () => {
    const before = await holdings();
    const wrongField = await uploadFile(server, "/music/song/add", audioFixture("tone.ogg"), {
      token: manager.token,
      field: "audio",
      filename: "tone.ogg",
    });
    expect(wrongField).toMatchObject({
      status: 400,
      body: { type: "validation-error", reason: "Прикрепите файл" },
    });
    const json = await call(server, "POST", "/music/song/add", {
      token: manager.token,
      body: { file: "tone.ogg" },
    });
    expect(json).toMatchObject({ status: 400, body: { type: "validation-error" } });
    expect(await holdings()).toEqual(before);
  });

  it("is for content managers only, and a refused upload is not stored even for a moment", async () => {
    const before = await holdings();
    const data = audioFixture("tone.ogg");
    expect((await upload(data, "tone.ogg", client.token)).status).toBe(403);
    expect((await uploadFile(server, "/music/song/add", data, { filename: "x.ogg" })).status).toBe(
      401,
    );
    expect(await holdings()).toEqual(before);
  });
});

describe("meta", () => {
  let songId: string;

  beforeAll(async () => {
    const answer = await upload(audioFixture("tone.flac"), "tone.flac");
    songId = answer.body.song.id;
  });

  it("is read by those who may hear the song and changed by content managers", async () => {
    const read = await call(server, "GET", `/music/song/${songId}/meta`, { token: client.token });
    expect(read).toMatchObject({ status: 200, body: { id: songId, title: "Clear Water" } });

    const changed = await call(server, "POST", `/music/song/${songId}/meta/change`, {
      token: manager.token,
      body: {
        title: "Чистая вода",
        artists: ["Река", "Ручей"],
        album: "Вода",
        year: 2020,
        obsceneLexicon: true,
        isrc: "ru-a12-20-00001",
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: "Чистая вода",
      artists: ["Река", "Ручей"],
      album: "Вода",
      year: 2020,
      obsceneLexicon: true,
      isrc: "RUA122000001",
      // Left out: unchanged.
      format: "flac",
    });
    const cleared = await call(server, "POST", `/music/song/${songId}/meta/change`, {
      token: manager.token,
      body: { album: null, isrc: null },
    });
    expect(cleared.body).toMatchObject({ album: null, isrc: null, title: "Чистая вода" });
  });

  it("refuses bad input, unknown catalog entries, other roles and unknown songs, changing nothing", async () => {
    // The song's loudness is measured in the background: what changes nothing is compared after it.
    await server.app.modules.library.loudness.idle();
    const before = (
      await call(server, "GET", `/music/song/${songId}/meta`, { token: client.token })
    ).body;
    const change = (body: unknown, token = manager.token, id = songId) =>
      call(server, "POST", `/music/song/${id}/meta/change`, { token, body });
    const refusals = [
      [await change({ title: "" }), 400, "validation-error"],
      [await change({ title: "x".repeat(201) }), 400, "validation-error"],
      [await change({ isrc: "not an isrc" }), 400, "validation-error"],
      [await change({ year: 99999 }), 400, "validation-error"],
      [
        await change({ artists: Array.from({ length: 21 }, (_, index) => `A${index}`) }),
        400,
        "validation-error",
      ],
      [await change({ title: "Ok", playCount: 100 }), 400, "validation-error"],
      [await change({ genreId: unknownId }), 400, "validation-error"],
      [await change({ authorId: "not-a-uuid" }), 400, "validation-error"],
      [await change({ title: "Чужое" }, client.token), 403, "forbidden"],
      [await change({ title: "Нет такого" }, manager.token, unknownId), 404, "not-found"],
      [await change({ title: "Битый id" }, manager.token, "123"), 400, "validation-error"],
    ] as const;
    for (const [answer, status, type] of refusals) {
      expect({ status: answer.status, type: answer.body.type }).toEqual({ status, type });
    }
    const unknownGenre = refusals[6][0];
    expect(unknownGenre.body.reason).toBe("Жанр не найден в каталоге");
    const after = (await call(server, "GET", `/music/song/${songId}/meta`, { token: client.token }))
      .body;
    expect(after).toEqual(before);
    expect(
      (await call(server, "GET", `/music/song/${unknownId}/meta`, { token: client.token })).status,
    ).toBe(404);
    expect((await call(server, "GET", `/music/song/${songId}/meta`)).status).toBe(401);
  });
});

describe("cover", () => {
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
    "hex",
  );

  it("is the picture from the tags, replaced by an uploaded image", async () => {
    const mp3 = (await upload(audioFixture("tone.mp3"), "tone.mp3")).body.song;
    const cover = await fetch(`${server.url}/api/v1/music/song/${mp3.id}/avatar-file`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/jpeg");
    const etag = cover.headers.get("etag") ?? "";
    expect(Buffer.from(await cover.arrayBuffer()).subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
    const revalidated = await fetch(`${server.url}/api/v1/music/song/${mp3.id}/avatar-file`, {
      headers: { authorization: `Bearer ${client.token}`, "if-none-match": etag },
    });
    expect(revalidated.status).toBe(304);

    const changed = await uploadFile(server, `/music/song/${mp3.id}/avatar-file/change`, png, {
      token: manager.token,
      filename: "cover.png",
      type: "image/png",
    });
    expect(changed).toMatchObject({ status: 200, body: { id: mp3.id, hasCover: true } });
    const after = await fetch(
      `${server.url}/api/v1/music/song/${mp3.id}/avatar-file?access_token=${client.token}`,
      { headers: { "if-none-match": etag } },
    );
    expect(after.status).toBe(200);
    expect(after.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await after.arrayBuffer())).toEqual(png);
    // The jpeg from the tags is no song's cover now: it is gone from storage.
    expect((await storedKeys(server, "covers/")).length).toBe(1);
  });

  it("answers 404 for a song without one, and refuses what is not an image", async () => {
    const ogg = (await upload(audioFixture("tone.ogg"), "tone.ogg")).body.song;
    const none = await call(server, "GET", `/music/song/${ogg.id}/avatar-file`, {
      token: client.token,
    });
    expect(none).toMatchObject({
      status: 404,
      body: { type: "not-found", reason: "У трека нет обложки" },
    });
    const before = await holdings();
    const text = await uploadFile(
      server,
      `/music/song/${ogg.id}/avatar-file/change`,
      Buffer.from("<svg/>"),
      {
        token: manager.token,
        filename: "cover.svg",
      },
    );
    expect(text).toMatchObject({ status: 415, body: { type: "unsupported-file" } });
    const byClient = await uploadFile(server, `/music/song/${ogg.id}/avatar-file/change`, png, {
      token: client.token,
      filename: "cover.png",
    });
    expect(byClient.status).toBe(403);
    const unknown = await uploadFile(server, `/music/song/${unknownId}/avatar-file/change`, png, {
      token: manager.token,
      filename: "cover.png",
    });
    expect(unknown.status).toBe(404);
    expect(await holdings()).toEqual(before);
  });
});

describe("removal and the list", () => {
  it("takes a song out of lists for everyone but content managers; the same file brings it back", async () => {
    const data = audioFixture("tone.opus");
    const song = (await upload(data, "tone.opus")).body.song;
    expect(
      (await call(server, "POST", `/music/song/${song.id}/remove`, { token: client.token })).status,
    ).toBe(403);
    const removed = await call(server, "POST", `/music/song/${song.id}/remove`, {
      token: manager.token,
    });
    expect(removed).toEqual({ status: 200, body: { ok: true } });

    const listed = await call(server, "GET", "/music/song?limit=100", { token: client.token });
    expect(listed.body.data.map((item: { id: string }) => item.id)).not.toContain(song.id);
    expect(
      (await call(server, "GET", `/music/song/${song.id}/meta`, { token: client.token })).status,
    ).toBe(404);
    expect(
      (await call(server, "GET", `/music/song/${song.id}/file`, { token: client.token })).status,
    ).toBe(404);
    expect(
      (await call(server, "GET", `/music/song/${song.id}/meta`, { token: manager.token })).status,
    ).toBe(200);

    const back = await upload(data, "tone again.opus");
    expect(back.body).toMatchObject({ alreadyInLibrary: true, song: { id: song.id } });
    expect(
      (await call(server, "GET", `/music/song/${song.id}/meta`, { token: client.token })).status,
    ).toBe(200);
    expect(
      (await call(server, "POST", `/music/song/${unknownId}/remove`, { token: manager.token }))
        .status,
    ).toBe(404);
  });

  it("pages, orders and filters by album and artist", async () => {
    const page = await call(server, "GET", "/music/song?limit=2&offset=0&orderBy=lastAdded", {
      token: client.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.totalPages).toBe(Math.ceil(page.body.total / 2));
    const dates = page.body.data.map((song: { createdAt: string }) => song.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const byAlbum = await call(
      server,
      "GET",
      `/music/song?albumName=${encodeURIComponent("зимние ПЕСНИ")}`,
      {
        token: client.token,
      },
    );
    expect(byAlbum.body.data.map((song: { title: string }) => song.title)).toEqual(["Ёлочка"]);
    const byArtist = await call(
      server,
      "GET",
      `/music/song?artistName=${encodeURIComponent("Nordic Strings")}`,
      {
        token: client.token,
      },
    );
    expect(byArtist.body.data.map((song: { title: string }) => song.title).sort()).toEqual([
      "Evening Walk",
      "Morning Light",
    ]);
    const popular = await call(server, "GET", "/music/song?orderBy=popular", {
      token: client.token,
    });
    expect(popular.status).toBe(200);

    for (const bad of [
      "limit=0",
      "limit=501",
      "offset=-1",
      "orderBy=random",
      `albumName=${"x".repeat(201)}`,
      "playerId=not-a-player",
    ]) {
      const answer = await call(server, "GET", `/music/song?${bad}`, { token: client.token });
      expect({ bad, status: answer.status, type: answer.body.type }).toEqual({
        bad,
        status: 400,
        type: "validation-error",
      });
    }
    expect((await call(server, "GET", "/music/song")).status).toBe(401);
  });

  it("filters by a player: its playlists' current versions, and 'Плеер не найден' for one that is not the caller's", async () => {
    // No such player.
    const unknownPlayer = await call(server, "GET", `/music/song?playerId=${unknownId}`, {
      token: client.token,
    });
    expect(unknownPlayer.status).toBe(404);
    expect(unknownPlayer.body).toMatchObject({ type: "not-found", reason: "Плеер не найден" });

    // The songs of the playlists a player of the client plays.
    const post = (path: string, body: unknown) =>
      call(server, "POST", path, { token: manager.token, body });
    const listed = await call(server, "GET", "/music/song?limit=3", { token: client.token });
    const [first, second, third] = listed.body.data as Array<{ id: string; title: string }>;
    const made = await post("/music/playlist/add", { name: "Плеер в кафе" });
    const old = await post(`/vault/${made.body.entryId}/make-version`, {});
    await post(`/vault/${old.body.entryId}/make-song`, { songIds: [third?.id] });
    const current = await post(`/vault/${made.body.entryId}/make-version`, {});
    await post(`/vault/${current.body.entryId}/make-song`, {
      songIds: [first?.id, second?.id],
    });
    const playlistId = made.body.id as string;
    const changed = await post(`/music/playlist/${playlistId}/change`, {
      currentVersionId: current.body.entryId,
    });
    expect(changed.status).toBe(200);
    // The player's owner may play the playlist (a personal grant under their tariff).
    const clientManager = await createSignedInUser(server, { role: "role-client-manager" });
    const granted = await call(
      server,
      "POST",
      `/tariff/user/${client.id}/${client.tariffId}/playlist/add`,
      { token: clientManager.token, body: { playlistId } },
    );
    expect(granted.status).toBe(200);
    const playerId = await addPlayer(server, client, {
      establishmentId: client.establishmentId,
      playlistIds: [playlistId],
    });
    const played = await call(server, "GET", `/music/song?playerId=${playerId}`, {
      token: client.token,
    });
    expect(played.status).toBe(200);
    expect(played.body.data.map((song: { id: string }) => song.id).sort()).toEqual(
      [first?.id, second?.id].sort(),
    );
    expect(played.body.total).toBe(2);
  });
});
