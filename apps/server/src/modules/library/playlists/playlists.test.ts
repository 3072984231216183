import { PARTITION_IDS } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AllowedClient, allowedClient } from "../../../test/allowed-music.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, storedKeys, uploadFile } from "../../../test/library.ts";

/**
 * Playlists through the real API: made by content managers, found by
 * clients (by name, tag, song, artist, album), covers and previews,
 * allowed playlists, favourites and ratings; bad input changes nothing.
 */

let server: TestServer;
let manager: SignedInUser;
let client: SignedInUser;
/** A client who may open the playlists granted to them (issue 13's allowed rule). */
let listener: AllowedClient;
let clientManager: SignedInUser;
let otherClient: SignedInUser;
let admin: SignedInUser;
const songs: Array<{ id: string; title: string; artists: string[]; album: string | null }> = [];
const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";
const png = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
  "hex",
);

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, body: unknown, token = manager.token): Promise<Answer> =>
  call(server, "POST", path, { token, body });
const get = (path: string, token = manager.token): Promise<Answer> =>
  call(server, "GET", path, { token });

/** Grants the listener a playlist personally, under their tariff. */
async function allowListener(playlistId: string): Promise<void> {
  const granted = await post(
    `/tariff/user/${listener.id}/${listener.tariffId}/playlist/add`,
    { playlistId },
    clientManager.token,
  );
  expect(granted.status).toBe(200);
}

/** A playlist with one version holding the given songs. */
async function playlistWith(name: string, songIds: string[], extra: object = {}) {
  const made = await post("/music/playlist/add", { name, ...extra });
  expect(made.status).toBe(201);
  const version = await post(`/vault/${made.body.entryId}/make-version`, {});
  await post(`/vault/${version.body.entryId}/make-song`, { songIds });
  return { ...made.body, versionId: version.body.entryId } as {
    id: string;
    entryId: string;
    versionId: string;
  };
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  client = await createSignedInUser(server, { role: "role-client" });
  otherClient = await createSignedInUser(server, { role: "role-client" });
  admin = await createSignedInUser(server, { role: "role-admin" });
  clientManager = await createSignedInUser(server, { role: "role-client-manager" });
  listener = await allowedClient(server, []);
  for (const name of AUDIO_FIXTURES) {
    const answer = await uploadFile(server, "/music/song/add", audioFixture(name), {
      token: manager.token,
      filename: name,
    });
    songs.push(answer.body.song);
  }
});

afterAll(async () => {
  await server?.close();
});

describe("making and changing playlists", () => {
  it("makes a playlist in a folder, with tags, for content managers only", async () => {
    const folder = await post(`/vault/${PARTITION_IDS.playlists}/make-folder`, { name: "Кафе" });
    const made = await post("/music/playlist/add", {
      name: "Вечер в кафе",
      description: "Спокойно",
      tags: ["Джаз", "джаз", "Вечер"],
      folderId: folder.body.entryId,
    });
    expect(made).toMatchObject({
      status: 201,
      body: { name: "Вечер в кафе", tags: ["Джаз", "Вечер"], deleted: false, tracksCount: 0 },
    });
    const listed = await get(`/vault/${folder.body.entryId}/ls`);
    expect(listed.body.data.map((entry: { playlistId: string }) => entry.playlistId)).toEqual([
      made.body.id,
    ]);

    const refusals: Array<[Answer, number, string]> = [
      [
        await post("/music/playlist/add", { name: "вечер В кафе", folderId: folder.body.entryId }),
        400,
        "duplicate-entry-error",
      ],
      [await post("/music/playlist/add", { name: "Клиентский" }, client.token), 403, "forbidden"],
      [await post("/music/playlist/add", { name: "Нигде", folderId: unknownId }), 404, "not-found"],
      [
        await post("/music/playlist/add", { name: "В треках", folderId: PARTITION_IDS.tracks }),
        400,
        "composition-error",
      ],
      [await post("/music/playlist/add", { name: "" }), 400, "validation-error"],
      [
        await post("/music/playlist/add", {
          name: "Теги",
          tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
        }),
        400,
        "validation-error",
      ],
    ];
    for (const [answer, status, type] of refusals) {
      expect({ status: answer.status, type: answer.body.type }).toEqual({ status, type });
    }
    expect(refusals[0]?.[0].body.reason).toBe("Плейлист с таким названием уже существует");
    // Nothing was made by the refused calls.
    const all = await get("/music/playlist/all?limit=500");
    expect(all.body.data.map((playlist: { name: string }) => playlist.name)).not.toContain(
      "Клиентский",
    );
    expect(
      all.body.data.filter((playlist: { name: string }) => /вечер в кафе/i.test(playlist.name)),
    ).toHaveLength(1);
  });

  it("changes name, description, tags and the current version; refuses a foreign version", async () => {
    const made = await playlistWith("Изменяемый", [songs[0]?.id as string]);
    const second = await post(`/vault/${made.entryId}/make-version`, { name: "Зима" });
    const changed = await post(`/music/playlist/${made.id}/change`, {
      name: "Изменённый",
      description: null,
      tags: ["Зима"],
      currentVersionId: second.body.entryId,
    });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        name: "Изменённый",
        description: null,
        tags: ["Зима"],
        currentVersionId: second.body.entryId,
        tracksCount: 0,
      },
    });
    const other = await playlistWith("Чужой", [songs[1]?.id as string]);
    const refusals: Array<[Answer, number, string]> = [
      [
        await post(`/music/playlist/${made.id}/change`, { currentVersionId: other.versionId }),
        400,
        "validation-error",
      ],
      [
        await post(`/music/playlist/${made.id}/change`, { name: "Чужой" }),
        400,
        "duplicate-entry-error",
      ],
      [await post(`/music/playlist/${made.id}/change`, { colour: "red" }), 400, "validation-error"],
      [
        await post(`/music/playlist/${made.id}/change`, { name: "Клиент" }, client.token),
        403,
        "forbidden",
      ],
      [await post(`/music/playlist/${unknownId}/change`, { name: "Нет" }), 404, "not-found"],
    ];
    for (const [answer, status, type] of refusals) {
      expect({ status: answer.status, type: answer.body.type }).toEqual({ status, type });
    }
    expect((await get(`/music/playlist/${made.id}`)).body).toMatchObject({
      name: "Изменённый",
      currentVersionId: second.body.entryId,
    });
  });

  it("keeps a cover and a preview track, refusing what they cannot be", async () => {
    const made = await playlistWith("С обложкой", [songs[2]?.id as string]);
    const cover = await uploadFile(server, `/music/playlist/${made.id}/avatar-file/change`, png, {
      token: manager.token,
      filename: "cover.png",
    });
    expect(cover).toMatchObject({ status: 200, body: { hasCover: true } });
    // A client it is not allowed to is answered as if there were none.
    const refused = await fetch(
      `${server.url}/api/v1/music/playlist/${made.id}/avatar-file?access_token=${client.token}`,
    );
    expect(refused.status).toBe(404);
    await allowListener(made.id);
    const image = await fetch(
      `${server.url}/api/v1/music/playlist/${made.id}/avatar-file?access_token=${listener.token}`,
    );
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);

    const preview = await uploadFile(
      server,
      `/music/playlist/${made.id}/summary-track-file/change`,
      audioFixture("tone.ogg"),
      {
        token: manager.token,
        filename: "preview.ogg",
      },
    );
    expect(preview).toMatchObject({ status: 200, body: { hasSummaryTrack: true } });
    const range = await fetch(`${server.url}/api/v1/music/playlist/${made.id}/summary-track-file`, {
      headers: { authorization: `Bearer ${listener.token}`, range: "bytes=0-3" },
    });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).toString("latin1")).toBe("OggS");

    const before = await storedKeys(server);
    const notImage = await uploadFile(
      server,
      `/music/playlist/${made.id}/avatar-file/change`,
      audioFixture("tone.ogg"),
      {
        token: manager.token,
        filename: "cover.png",
      },
    );
    expect(notImage).toMatchObject({ status: 415, body: { type: "unsupported-file" } });
    const notAudio = await uploadFile(
      server,
      `/music/playlist/${made.id}/summary-track-file/change`,
      png,
      {
        token: manager.token,
        filename: "preview.mp3",
      },
    );
    expect(notAudio).toMatchObject({ status: 415, body: { type: "unsupported-file" } });
    const byClient = await uploadFile(
      server,
      `/music/playlist/${made.id}/avatar-file/change`,
      png,
      {
        token: client.token,
        filename: "cover.png",
      },
    );
    expect(byClient.status).toBe(403);
    expect(await storedKeys(server)).toEqual(before);
    const none = await playlistWith("Без обложки", [songs[2]?.id as string]);
    await allowListener(none.id);
    expect(
      (await get(`/music/playlist/${none.id}/avatar-file`, listener.token)).body,
    ).toMatchObject({
      type: "not-found",
      reason: "У плейлиста нет обложки",
    });
  });

  it("removes a playlist to the trash: clients no longer find it", async () => {
    const made = await playlistWith("Удаляемый", [songs[3]?.id as string]);
    expect((await post(`/music/playlist/${made.id}/remove`, {}, client.token)).status).toBe(403);
    expect((await post(`/music/playlist/${made.id}/remove`, {})).body).toEqual({ ok: true });
    expect((await get(`/music/playlist/${made.id}`, client.token)).status).toBe(404);
    expect((await get(`/music/playlist/${made.id}?includeDeleted=true`, client.token)).status).toBe(
      404,
    );
    expect((await get(`/music/playlist/${made.id}?includeDeleted=true`)).body.deleted).toBe(true);
    const trash = await get(`/vault/${PARTITION_IDS.deleted}/ls?count=500`);
    expect(trash.body.data.map((entry: { playlistId: string }) => entry.playlistId)).toContain(
      made.id,
    );
  });
});

describe("finding playlists", () => {
  it("filters by name, tag, song, artist and album; clients see only what they may play", async () => {
    const [mp3, opus] = songs;
    const winter = await playlistWith("Зимний вечер", [mp3?.id as string], { tags: ["Праздник"] });
    const dawn = await playlistWith("Рассвет", [opus?.id as string], { tags: ["Утро"] });
    const empty = await post("/music/playlist/add", { name: "Пустой зимний" });
    const other = await playlistWith("Зимний чужой", [mp3?.id as string]);
    await allowListener(winter.id);
    await allowListener(dawn.id);
    await allowListener(empty.body.id);

    const names = async (query: string, token = listener.token) =>
      (await get(`/music/playlist/all?limit=500&${query}`, token)).body.data.map(
        (playlist: { id: string }) => playlist.id,
      );
    expect(await names("text=зимн")).toEqual([winter.id]);
    expect(await names("text=зимн", manager.token)).toEqual(
      expect.arrayContaining([winter.id, empty.body.id, other.id]),
    );
    // A client without a licence lists nothing: the list agrees with what opens.
    expect(await names("text=зимн", client.token)).toEqual([]);
    expect(await names("tag=праздник")).toEqual([winter.id]);
    expect(await names(`song=${encodeURIComponent("ёлочка")}`)).toEqual([winter.id]);
    // Earlier tests made other playlists of Nordic Strings' songs too.
    const byArtist = await names(`artist=${encodeURIComponent("nordic strings")}`);
    expect(byArtist).toContain(dawn.id);
    expect(byArtist).not.toContain(winter.id);
    expect(await names(`album=${encodeURIComponent("Зимние песни")}`)).toEqual([winter.id]);
    for (const bad of ["limit=0", "limit=501", "offset=-1", `text=${"x".repeat(201)}`]) {
      expect((await get(`/music/playlist/all?${bad}`, client.token)).status, bad).toBe(400);
    }
  });

  it("answers a user's allowed playlists, to the user and staff only", async () => {
    // A client without a subscription may play nothing, however many playlists
    // can be played; what a tariff allows is proved in players.test.ts.
    const allowed = await get(
      `/music/playlist/${client.id}/allowed?fields=songCount&limit=500`,
      client.token,
    );
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ data: [], total: 0, totalPages: 0 });
    // Nor does the library's list show it a playlist it could not open.
    expect((await get("/music/playlist/all?limit=500", client.token)).body.total).toBe(0);
    expect((await get(`/music/playlist/${client.id}/allowed`, admin.token)).status).toBe(200);
    expect((await get(`/music/playlist/${client.id}/allowed`, otherClient.token)).status).toBe(403);
  });
});

describe("favourites and ratings", () => {
  it("keeps a user's favourites, their own only, of playlists they may open", async () => {
    const made = await playlistWith("Любимый", [songs[4]?.id as string]);
    const notTheirs = await playlistWith("Не их", [songs[4]?.id as string]);
    await allowListener(made.id);
    const client = listener;
    const favourites = `/music/favourite-playlist/${client.id}`;
    expect((await post(`${favourites}/add`, { playlistId: made.id }, client.token)).body).toEqual({
      ok: true,
    });
    expect((await post(`${favourites}/add`, { playlistId: made.id }, client.token)).status).toBe(
      200,
    );
    expect(
      (await post(`${favourites}/add`, { playlistId: notTheirs.id }, client.token)).status,
    ).toBe(404);
    const listed = await get(favourites, client.token);
    expect(listed.body).toMatchObject({ total: 1, data: [{ id: made.id }] });
    expect((await get(favourites, otherClient.token)).status).toBe(403);
    expect(
      (await post(`${favourites}/add`, { playlistId: made.id }, otherClient.token)).status,
    ).toBe(403);
    expect((await post(`${favourites}/add`, { playlistId: unknownId }, client.token)).status).toBe(
      404,
    );
    expect((await post(`${favourites}/add`, { playlistId: "nope" }, client.token)).status).toBe(
      400,
    );

    await post(`/music/playlist/${made.id}/remove`, {});
    expect((await get(favourites, client.token)).body.total).toBe(0);
    await post("/vault/restore", { restoreEntryId: made.entryId });
    expect((await get(favourites, client.token)).body.total).toBe(1);
    await post(`${favourites}/remove`, { playlistId: made.id }, client.token);
    expect((await get(favourites, client.token)).body.total).toBe(0);
  });

  it("rates a song from 1 to 5 and answers the average; a song the rater may not hear is refused", async () => {
    const songId = songs[5]?.id as string;
    const rated = await playlistWith("Оценки", [songId]);
    await allowListener(rated.id);
    const client = listener;
    const otherClient = await allowedClient(server, [songId]);
    // A song outside the rater's licence is refused as its meta is.
    expect((await post(`/music/setrating/${songs[0]?.id}/3`, {}, otherClient.token)).status).toBe(
      404,
    );
    expect((await post(`/music/setrating/${songId}/5`, {}, client.token)).body).toEqual({
      songId,
      rating: 5,
      averageRating: 5,
    });
    expect(
      (await post(`/music/setrating/${songId}/2`, {}, otherClient.token)).body.averageRating,
    ).toBe(3.5);
    expect((await post(`/music/setrating/${songId}/4`, {}, client.token)).body.averageRating).toBe(
      3,
    );
    expect((await post(`/music/setrating/${songId}/6`, {}, client.token)).status).toBe(400);
    expect((await post(`/music/setrating/${songId}/0`, {}, client.token)).status).toBe(400);
    expect((await post(`/music/setrating/${unknownId}/3`, {}, client.token)).status).toBe(404);
  });
});
