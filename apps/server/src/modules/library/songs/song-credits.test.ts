import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { uploadFile } from "../../../test/library.ts";
import { id3v2, mp3With, type TagValues } from "../../../test/tagged-audio.ts";

/**
 * A song's authors and copyright holder through the real API (issue 32):
 * read from its tags at upload into the catalog (an entry of the same name
 * in any letter case is the same entry), credited in order, changed by the
 * content manager — and refused changes that leave the song as it was.
 */

let server: TestServer;
let manager: SignedInUser;
let client: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  client = await createSignedInUser(server, { role: "role-client" });
});

afterAll(async () => {
  await server?.close();
});

let uploads = 0;
/** Uploads an mp3 tagged with `tags` (and a title of its own, so that each is new content). */
async function uploadTagged(tags: TagValues) {
  uploads += 1;
  const tag = id3v2(
    { title: `Песня ${uploads} ${Date.now()}`, ...tags },
    { version: 4, marked: 3, encoding: "utf8" },
  );
  const answer = await uploadFile(server, "/music/song/add", mp3With({ v2: tag }), {
    token: manager.token,
    filename: `credits-${uploads}.mp3`,
  });
  expect(answer.status).toBe(201);
  return answer.body.song;
}

const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);

async function addAuthor(name: string): Promise<string> {
  const answer = await call(server, "POST", "/music/author/add", {
    token: manager.token,
    body: { name },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const change = (songId: string, body: unknown, token = manager.token) =>
  call(server, "POST", `/music/song/${songId}/meta/change`, { token, body });

const meta = async (songId: string) =>
  (await call(server, "GET", `/music/song/${songId}/meta`, { token: manager.token })).body;

/**
 * What a refused change must leave as it was: the song's own fields, not
 * the loudness the worker may measure meanwhile (nor its `updatedAt`).
 */
const credited = async (songId: string) => {
  const { loudness: _loudness, updatedAt: _updatedAt, ...song } = await meta(songId);
  return song;
};

describe("credits at upload", () => {
  it("credits the tags' composers and lyricist in order and names the publisher as holder", async () => {
    const song = await uploadTagged({
      composer: "Ирина Загрузкина/Олег Тегов",
      lyricist: "Олег Тегов",
      publisher: "ООО «Звукозапись»",
    });
    expect(names(song.authors)).toEqual(["Ирина Загрузкина", "Олег Тегов"]);
    expect(song.author).toEqual(song.authors[0]);
    expect(song.copyrightHolder?.name).toBe("ООО «Звукозапись»");

    // The same names in another letter case are the same entries.
    const again = await uploadTagged({
      composer: "ИРИНА ЗАГРУЗКИНА",
      publisher: "ооо «звукозапись»",
    });
    expect(again.authors).toEqual([song.authors[0]]);
    expect(again.copyrightHolder).toEqual(song.copyrightHolder);
    const listed = await call(server, "GET", "/music/author?text=загрузкина", {
      token: manager.token,
    });
    expect(listed.body.data).toEqual([{ ...song.authors[0], songCount: 2 }]);
  });
});

describe("credits changed", () => {
  it("replaces the authors in the order given, takes SPEC's one author, and clears them", async () => {
    const song = await uploadTagged({});
    expect(song.authors).toEqual([]);
    const [first, second] = [await addAuthor("Порядок Первый"), await addAuthor("Порядок Второй")];

    const both = await change(song.id, { authorIds: [second, first] });
    expect(both.status).toBe(200);
    expect(names(both.body.authors)).toEqual(["Порядок Второй", "Порядок Первый"]);
    expect(both.body.author.name).toBe("Порядок Второй");

    const one = await change(song.id, { authorId: first });
    expect(names(one.body.authors)).toEqual(["Порядок Первый"]);

    const other = await change(song.id, { title: "Только название" });
    expect(names(other.body.authors)).toEqual(["Порядок Первый"]);

    const none = await change(song.id, { authorId: null });
    expect(none.body.authors).toEqual([]);
    expect(none.body.author).toBeNull();
  });

  it("takes a removed author off the songs it was credited on", async () => {
    const song = await uploadTagged({ composer: "Уходящий Автор/Остающийся Автор" });
    const leaving = song.authors[0].id;
    const removed = await call(server, "POST", `/music/author/${leaving}/remove`, {
      token: manager.token,
    });
    expect(removed.status).toBe(200);
    expect(names((await meta(song.id)).authors)).toEqual(["Остающийся Автор"]);
  });

  it("refuses bad credits with a clear error and changes nothing", async () => {
    const song = await uploadTagged({ composer: "Неизменный Автор" });
    const known = await addAuthor("Известный Автор");
    const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";
    const before = await credited(song.id);
    const refusals = [
      [await change(song.id, { authorIds: [known], authorId: known }), 400, "validation-error"],
      [await change(song.id, { authorIds: [known, known] }), 400, "validation-error"],
      [await change(song.id, { authorIds: ["not-a-uuid"] }), 400, "validation-error"],
      [await change(song.id, { authorIds: "Известный Автор" }), 400, "validation-error"],
      [
        await change(song.id, {
          authorIds: Array.from({ length: 11 }, (_, index) =>
            unknownId.replace(/.$/, index.toString(16)),
          ),
        }),
        400,
        "validation-error",
      ],
      [await change(song.id, { authorIds: [known, unknownId] }), 400, "validation-error"],
      [await change(song.id, { authorIds: [known] }, client.token), 403, "forbidden"],
      [await change(unknownId, { authorIds: [known] }), 404, "not-found"],
    ] as const;
    for (const [answer, status, type] of refusals) {
      expect({ status: answer.status, type: answer.body.type }).toEqual({ status, type });
    }
    expect(refusals[5][0].body.reason).toBe("Автор не найден в каталоге");
    expect(await credited(song.id)).toEqual(before);
  });
});

describe("credits of many songs at once", () => {
  const creditMany = (body: unknown, token = manager.token) =>
    call(server, "POST", "/music/song/credits/change", { token, body });

  async function addHolder(name: string): Promise<string> {
    const answer = await call(server, "POST", "/music/copyright-holder/add", {
      token: manager.token,
      body: { name },
    });
    expect(answer.status).toBe(201);
    return answer.body.id;
  }

  it("gives an album's tracks the same authors and holder, keeping what is left out", async () => {
    const album = [await uploadTagged({}), await uploadTagged({}), await uploadTagged({})];
    const ids = album.map((song) => song.id);
    const [composer, poet] = [
      await addAuthor("Альбомный Композитор"),
      await addAuthor("Альбомный Поэт"),
    ];
    const holder = await addHolder("Альбомный Лейбл");

    const both = await creditMany({
      songIds: ids,
      authorIds: [composer, poet],
      copyrightHolderId: holder,
    });
    expect(both.status).toBe(200);
    expect(both.body).toEqual({ changed: 3 });
    for (const id of ids) {
      const song = await meta(id);
      expect(names(song.authors)).toEqual(["Альбомный Композитор", "Альбомный Поэт"]);
      expect(song.copyrightHolder?.name).toBe("Альбомный Лейбл");
    }

    // The holder alone: the authors stay; then the authors alone: the holder stays.
    await creditMany({ songIds: [ids[0]], copyrightHolderId: null });
    expect((await meta(ids[0] as string)).copyrightHolder).toBeNull();
    expect((await meta(ids[0] as string)).authors).toHaveLength(2);
    await creditMany({ songIds: [ids[1]], authorIds: [] });
    expect((await meta(ids[1] as string)).authors).toEqual([]);
    expect((await meta(ids[1] as string)).copyrightHolder?.name).toBe("Альбомный Лейбл");

    // The album's performers, alone: the credits stay, and the tracks in the library show them.
    const performers = await creditMany({ songIds: ids, artists: ["Хор", "Оркестр «Восток»"] });
    expect(performers.body).toEqual({ changed: 3 });
    for (const id of ids) {
      const song = await meta(id);
      expect(song.artists).toEqual(["Хор", "Оркестр «Восток»"]);
      expect(song.authors.length + (song.copyrightHolder ? 1 : 0)).toBeGreaterThan(0);
    }
    const found = await call(server, "GET", "/music/song/search?text=Восток&searchFields=artist", {
      token: manager.token,
    });
    expect(found.body.data.map((song: { id: string }) => song.id)).toEqual(
      expect.arrayContaining(ids),
    );
  });

  it("refuses bad input with a clear error and credits none of the songs", async () => {
    const songs = [await uploadTagged({ publisher: "Прежний Лейбл" }), await uploadTagged({})];
    const ids = songs.map((song) => song.id);
    const known = await addAuthor("Пакетный Автор");
    const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";
    const before = await Promise.all(ids.map(credited));
    const refusals = [
      [await creditMany({ songIds: ids }), 400, "validation-error"],
      [await creditMany({ songIds: [], authorIds: [known] }), 400, "validation-error"],
      [await creditMany({ authorIds: [known] }), 400, "validation-error"],
      [
        await creditMany({ songIds: [ids[0], ids[0]], authorIds: [known] }),
        400,
        "validation-error",
      ],
      [
        await creditMany({
          songIds: Array.from({ length: 501 }, (_, index) =>
            unknownId.replace(/...$/, index.toString(16).padStart(3, "0")),
          ),
          authorIds: [known],
        }),
        400,
        "validation-error",
      ],
      [await creditMany({ songIds: ids, authorIds: [known], extra: 1 }), 400, "validation-error"],
      [await creditMany({ songIds: ids, artists: [] }), 400, "validation-error"],
      [await creditMany({ songIds: ids, artists: ["x".repeat(201)] }), 400, "validation-error"],
      [await creditMany({ songIds: ids, copyrightHolderId: unknownId }), 400, "validation-error"],
      [await creditMany({ songIds: [...ids, unknownId], authorIds: [known] }), 404, "not-found"],
      [await creditMany({ songIds: ids, authorIds: [known] }, client.token), 403, "forbidden"],
      [
        await call(server, "POST", "/music/song/credits/change", { body: { songIds: ids } }),
        401,
        "unauthorized",
      ],
    ] as const;
    for (const [answer, status, type] of refusals) {
      expect({ status: answer.status, type: answer.body.type }).toEqual({ status, type });
    }
    expect(refusals[8][0].body.reason).toBe("Правообладатель не найден в каталоге");
    expect(await Promise.all(ids.map(credited))).toEqual(before);
  });
});
