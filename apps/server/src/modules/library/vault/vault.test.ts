import { PARTITION_IDS } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tariffInput } from "../../../test/clients.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, uploadFile } from "../../../test/library.ts";

/**
 * The vault through the real API: partitions, folders (names, depth),
 * playlists and versions, tracks, totals after every operation, trash and
 * restore, move and copy with their policies and composition rules, and
 * failures that are reported per entry and change nothing.
 */

let server: TestServer;
let manager: SignedInUser;
let client: SignedInUser;
/** Makes tariffs, which keep a playlist deleted for good. */
let admin: SignedInUser;
/** Staff who is not a content manager: sees every live playlist and song, never the trash (issue 13). */
let reader: SignedInUser;
/** Six songs, one per fixture, with their sizes and durations. */
const songs: Array<{ id: string; title: string; sizeBytes: number; durationMs: number }> = [];

const { playlists: PLAYLISTS, tracks: TRACKS, deleted: TRASH } = PARTITION_IDS;
const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

beforeAll(async () => {
  server = await startTestServer();
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  client = await createSignedInUser(server, { role: "role-client" });
  admin = await createSignedInUser(server, { role: "role-admin" });
  reader = await createSignedInUser(server, { role: "role-support" });
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

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, body: unknown, token = manager.token): Promise<Answer> =>
  call(server, "POST", path, { token, body });
const get = (path: string, token = manager.token): Promise<Answer> =>
  call(server, "GET", path, { token });

async function folder(parentId: string, name: string): Promise<string> {
  const made = await post(`/vault/${parentId}/make-folder`, { name });
  if (made.status !== 201) throw new Error(`make-folder: ${JSON.stringify(made.body)}`);
  return made.body.entryId;
}

async function playlist(name: string, folderId?: string) {
  const made = await post("/music/playlist/add", { name, ...(folderId ? { folderId } : {}) });
  if (made.status !== 201) throw new Error(`playlist/add: ${JSON.stringify(made.body)}`);
  return made.body as { id: string; entryId: string };
}

async function version(playlistEntryId: string, name?: string): Promise<string> {
  const made = await post(`/vault/${playlistEntryId}/make-version`, name ? { name } : {});
  if (made.status !== 201) throw new Error(`make-version: ${JSON.stringify(made.body)}`);
  return made.body.entryId;
}

async function addSongs(targetId: string, songIds: string[], policy = "nothing") {
  return post(`/vault/${targetId}/make-song?policy=${policy}`, { songIds });
}

async function entry(id: string) {
  const listed = await get(`/vault/${id}/ls?count=1`);
  return listed.body.entry;
}

async function children(id: string) {
  const listed = await get(`/vault/${id}/ls?count=500`);
  return listed.body.data as Array<{ entryId: string; name: string; entryType: string }>;
}

const sum = (picked: typeof songs) => ({
  size: picked.reduce((total, song) => total + song.sizeBytes, 0),
  tracksCount: picked.length,
  tracksDuration: picked.reduce((total, song) => total + song.durationMs, 0),
});

describe("partitions and folders", () => {
  it("has the three partition roots", async () => {
    const partitions = await get("/vault/partition");
    expect(partitions.status).toBe(200);
    expect(
      partitions.body.map((item: { partitionType: string; entryType: string }) => [
        item.partitionType,
        item.entryType,
      ]),
    ).toEqual([
      ["playlists", "partition"],
      ["tracks", "partition"],
      ["deleted", "partition"],
    ]);
  });

  it("makes folders with unique names, at most 4 deep, only where folders may be", async () => {
    const top = await folder(TRACKS, "Джаз");
    const duplicate = await post(`/vault/${TRACKS}/make-folder`, { name: "джаз" });
    expect(duplicate).toMatchObject({
      status: 400,
      body: { type: "duplicate-entry-error", reason: "Папка с таким названием уже существует" },
    });
    const second = await folder(top, "Уровень 2");
    const third = await folder(second, "Уровень 3");
    const fourth = await folder(third, "Уровень 4");
    const fifth = await post(`/vault/${fourth}/make-folder`, { name: "Уровень 5" });
    expect(fifth).toMatchObject({ status: 400, body: { type: "composition-error" } });
    const inTrash = await post(`/vault/${TRASH}/make-folder`, { name: "В корзине" });
    expect(inTrash.body.type).toBe("composition-error");
    expect(await children(fourth)).toEqual([]);

    const listed = await get(`/vault/${third}/ls`);
    expect(listed.body.path.map((item: { name: string }) => item.name)).toEqual([
      "Треки",
      "Джаз",
      "Уровень 2",
    ]);
  });

  it("refuses other roles, unknown and malformed ids, and bad names, changing nothing", async () => {
    const before = await children(TRACKS);
    const refusals: Array<[Answer, number, string]> = [
      [
        await post(`/vault/${TRACKS}/make-folder`, { name: "Клиентская" }, client.token),
        403,
        "forbidden",
      ],
      [await get(`/vault/${TRACKS}/ls`, client.token), 403, "forbidden"],
      [await get("/vault/partition", client.token), 403, "forbidden"],
      [await post(`/vault/${unknownId}/make-folder`, { name: "Нигде" }), 404, "not-found"],
      [await post("/vault/not-an-id/make-folder", { name: "Нигде" }), 400, "validation-error"],
      [await post(`/vault/${TRACKS}/make-folder`, { name: "" }), 400, "validation-error"],
      [
        await post(`/vault/${TRACKS}/make-folder`, { name: "x".repeat(201) }),
        400,
        "validation-error",
      ],
      [await post(`/vault/${TRACKS}/make-folder`, {}), 400, "validation-error"],
      [await get(`/vault/${TRACKS}/ls?count=501`), 400, "validation-error"],
      [await get(`/vault/${TRACKS}/ls?sortBy=colour`), 400, "validation-error"],
    ];
    for (const [answer, status, type] of refusals) {
      expect({ status: answer.status, type: answer.body.type }).toEqual({ status, type });
    }
    expect((await call(server, "GET", `/vault/${TRACKS}/ls`)).status).toBe(401);
    expect(await children(TRACKS)).toEqual(before);
  });
});

describe("playlists, versions and tracks", () => {
  it("keeps totals of every entry above a track, and the first version current", async () => {
    const genre = await folder(PLAYLISTS, "Утро");
    const made = await playlist("Утренний кофе", genre);
    expect(made).toMatchObject({
      entryId: expect.any(String),
      currentVersionId: null,
      versions: [],
    });
    const first = await version(made.entryId);
    const second = await version(made.entryId);
    const versions = await children(made.entryId);
    expect(versions.map((item) => item.name)).toEqual(["Версия 1", "Версия 2"]);
    expect((await entry(first)).isCurrent).toBe(true);
    expect((await entry(second)).isCurrent).toBe(false);

    const picked = songs.slice(0, 3);
    const added = await addSongs(
      first,
      picked.map((song) => song.id),
    );
    expect(added.status).toBe(200);
    expect(added.body.failedEntries).toEqual([]);
    expect(
      added.body.entries.map((item: { entryType: string; name: string }) => [
        item.entryType,
        item.name,
      ]),
    ).toEqual(picked.map((song) => ["track", song.title]));
    for (const id of [first, made.entryId, genre]) {
      expect(await entry(id)).toMatchObject(sum(picked));
    }
    // The same song again: skipped under `nothing`, kept twice under `both`.
    const again = await addSongs(first, [picked[0]?.id as string]);
    expect(again.body.failedEntries).toMatchObject([
      { type: "duplicate-entry-error", reason: "Этот трек здесь уже есть" },
    ]);
    const twice = await addSongs(first, [picked[0]?.id as string], "both");
    expect(twice.body.entries).toHaveLength(1);
    expect(await entry(made.entryId)).toMatchObject(
      sum([...picked, picked[0] as (typeof songs)[number]]),
    );

    const shown = await get(`/music/playlist/${made.id}`, reader.token);
    expect(shown.status).toBe(200);
    expect(shown.body.tracks.map((track: { song: { id: string } }) => track.song.id)).toEqual([
      ...picked.map((song) => song.id),
      picked[0]?.id,
    ]);
  });

  it("adds tracks only to versions and Tracks folders", async () => {
    const made = await playlist("Без версий");
    const onPlaylist = await addSongs(made.entryId, [songs[0]?.id as string]);
    expect(onPlaylist.body.failedEntries[0]).toMatchObject({
      type: "composition-error",
      reason:
        'Вы не можете перенести объект типа "track" в объект типа "playlist" в разделе "playlists"',
    });
    const unknownSong = await addSongs(TRACKS, [unknownId]);
    expect(unknownSong.body.failedEntries).toMatchObject([
      { entryId: unknownId, type: "not-found" },
    ]);
    const versionInTracks = await post(`/vault/${TRACKS}/make-version`, {});
    expect(versionInTracks.body.type).toBe("composition-error");
  });

  it("puts a version's tracks in the order given, and refuses an incomplete order", async () => {
    const made = await playlist("Порядок");
    const first = await version(made.entryId);
    const added = await addSongs(
      first,
      songs.slice(0, 3).map((song) => song.id),
    );
    const ids = added.body.entries.map((item: { entryId: string }) => item.entryId);
    const reversed = [...ids].reverse();
    const ordered = await post(`/vault/${first}/order`, { entryIds: reversed });
    expect(ordered.status).toBe(200);
    expect((await children(first)).map((item) => item.entryId)).toEqual(reversed);
    const partial = await post(`/vault/${first}/order`, { entryIds: reversed.slice(1) });
    expect(partial.body.type).toBe("validation-error");
    expect((await children(first)).map((item) => item.entryId)).toEqual(reversed);
  });
});

describe("trash", () => {
  it("deletes to the trash, restores to where it was, and deletes for good", async () => {
    const made = await playlist("На выброс");
    const first = await version(made.entryId);
    await addSongs(first, [songs[1]?.id as string, songs[2]?.id as string]);
    const rootBefore = await entry(PLAYLISTS);

    const deleted = await post(`/vault/${PLAYLISTS}/delete`, { deleteEntryIds: [made.entryId] });
    expect(deleted.body.failedEntries).toEqual([]);
    expect(deleted.body.entries[0]).toMatchObject({
      partitionType: "deleted",
      originPartitionType: "playlists",
    });
    expect(await entry(PLAYLISTS)).toMatchObject({
      tracksCount: rootBefore.tracksCount - 2,
      size: rootBefore.size - sum(songs.slice(1, 3)).size,
    });
    expect((await children(TRASH)).map((item) => item.entryId)).toContain(made.entryId);
    expect((await get(`/music/playlist/${made.id}`, reader.token)).status).toBe(404);
    expect((await get(`/music/playlist/${made.id}?includeDeleted=true`)).body.deleted).toBe(true);

    const restored = await post("/vault/restore", { restoreEntryId: made.entryId });
    expect(restored).toMatchObject({
      status: 200,
      body: { parentId: PLAYLISTS, partitionType: "playlists" },
    });
    expect(await entry(PLAYLISTS)).toMatchObject({
      tracksCount: rootBefore.tracksCount,
      size: rootBefore.size,
    });
    expect((await get(`/music/playlist/${made.id}`, reader.token)).status).toBe(200);
    const notInTrash = await post("/vault/restore", { restoreEntryId: made.entryId });
    expect(notInTrash.body.type).toBe("validation-error");

    await post(`/vault/${PLAYLISTS}/delete`, { deleteEntryIds: [made.entryId] });
    const trashBefore = await entry(TRASH);
    const forever = await post(`/vault/${TRASH}/delete-forever`, {
      deleteEntryIds: [made.entryId],
    });
    expect(forever.body).toEqual({ entries: [], failedEntries: [] });
    expect(await entry(TRASH)).toMatchObject({ tracksCount: trashBefore.tracksCount - 2 });
    expect((await get(`/music/playlist/${made.id}?includeDeleted=true`)).status).toBe(404);
    // The songs stay in the library.
    expect((await get(`/music/song/${songs[1]?.id}/meta`, reader.token)).status).toBe(200);
  });

  it("keeps a playlist a tariff holds when deleted for good, without a place, to place again", async () => {
    const shelf = await folder(PLAYLISTS, "Полка проданных");
    const sold = await playlist("Проданный", shelf);
    const soldVersion = await version(sold.entryId);
    await addSongs(soldVersion, [songs[0]?.id as string]);
    const unsold = await playlist("Непроданный", shelf);
    const tariff = await post("/tariff/add", tariffInput({ playlistIds: [sold.id] }), admin.token);
    expect(tariff.status).toBe(201);
    await post(`/vault/${PLAYLISTS}/delete`, { deleteEntryIds: [shelf] });
    const forever = await post(`/vault/${TRASH}/delete-forever`, { deleteEntryIds: [shelf] });
    expect(forever.body).toEqual({ entries: [], failedEntries: [] });

    // The one no tariff holds is gone; the sold one stays deleted, without a place or versions.
    expect((await get(`/music/playlist/${unsold.id}?includeDeleted=true`)).status).toBe(404);
    const kept = await get(`/music/playlist/${sold.id}?includeDeleted=true`);
    expect(kept.body).toMatchObject({
      entryId: null,
      deleted: true,
      currentVersionId: null,
      versions: [],
      tariffs: [{ id: tariff.body.id }],
    });
    expect((await get(`/music/playlist/${sold.id}`, reader.token)).status).toBe(404);
    const unplaced = await get("/vault/unplaced-playlists");
    expect(unplaced.status).toBe(200);
    expect(unplaced.body).toMatchObject({ total: 1, totalPages: 1 });
    expect(unplaced.body.data).toEqual([
      {
        playlistId: sold.id,
        name: "Проданный",
        modifiedDate: expect.any(String),
        tariffs: [{ id: tariff.body.id, name: tariff.body.name, active: true }],
      },
    ]);

    // Placed only in a folder of Playlists, once; then live again, and a version plays.
    const inTracks = await post(`/vault/${TRACKS}/make-playlist`, { playlistId: sold.id });
    expect(inTracks).toMatchObject({ status: 400, body: { type: "composition-error" } });
    const target = await folder(PLAYLISTS, "Снова в продаже");
    const placed = await post(`/vault/${target}/make-playlist`, {
      playlistId: sold.id,
      partitionType: "playlists",
    });
    expect(placed).toMatchObject({
      status: 201,
      body: { entryType: "playlist", name: "Проданный", parentId: target, playlistId: sold.id },
    });
    const again = await post(`/vault/${target}/make-playlist`, { playlistId: sold.id });
    expect(again).toMatchObject({ status: 409, body: { type: "conflict" } });
    const unknown = await post(`/vault/${target}/make-playlist`, { playlistId: unknownId });
    expect(unknown).toMatchObject({ status: 404, body: { type: "not-found" } });
    expect((await get("/vault/unplaced-playlists")).body).toEqual({
      data: [],
      total: 0,
      totalPages: 0,
    });
    expect((await children(target)).map((item) => item.entryId)).toEqual([placed.body.entryId]);
    const back = await get(`/music/playlist/${sold.id}`);
    expect(back.body).toMatchObject({ entryId: placed.body.entryId, deleted: false });
    const fresh = await version(placed.body.entryId);
    await addSongs(fresh, [songs[1]?.id as string]);
    const playing = await get(`/music/playlist/${sold.id}`, reader.token);
    expect(playing.body).toMatchObject({ currentVersionId: fresh, tracksCount: 1 });
    expect((await get("/vault/unplaced-playlists", client.token)).status).toBe(403);
    for (const bad of ["?page=-1", "?count=0", "?count=many", `?count=${10_000}`]) {
      const refused = await get(`/vault/unplaced-playlists${bad}`);
      expect(refused).toMatchObject({ status: 400, body: { type: "validation-error" } });
    }
  });

  it("refuses to delete what is not a child, or for good what is not in the trash", async () => {
    const kept = await folder(TRACKS, "Не удалять");
    const notChild = await post(`/vault/${PLAYLISTS}/delete`, { deleteEntryIds: [kept] });
    expect(notChild.body.failedEntries).toMatchObject([{ entryId: kept, type: "not-found" }]);
    const notTrashed = await post(`/vault/${TRASH}/delete-forever`, { deleteEntryIds: [kept] });
    expect(notTrashed.body.failedEntries).toMatchObject([
      { entryId: kept, type: "validation-error" },
    ]);
    const root = await post(`/vault/${TRACKS}/delete`, { deleteEntryIds: [TRACKS] });
    expect(root.body.failedEntries).toHaveLength(1);
    expect((await children(TRACKS)).map((item) => item.entryId)).toContain(kept);
  });
});

describe("move and copy", () => {
  it("moves each entry whole or reports it, obeying composition, depth and names", async () => {
    const source = await folder(TRACKS, "Источник");
    const target = await folder(TRACKS, "Цель");
    const added = await addSongs(
      source,
      songs.slice(3, 5).map((song) => song.id),
    );
    const trackIds = added.body.entries.map((item: { entryId: string }) => item.entryId);
    const sameName = await folder(source, "Общая");
    await folder(target, "Общая");
    const deep = await folder(source, "Глубокая");
    const deeper = await folder(deep, "Глубже");
    await folder(deeper, "Ещё глубже");
    const targetChild = await folder(target, "Вложенная");
    const nested = await folder(targetChild, "Вложенная 2");
    const made = await playlist("Не для треков");

    const moved = await post(`/vault/${nested}/mv?policy=nothing`, {
      entryIds: [trackIds[0], sameName, deep, made.entryId, target],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.entries.map((item: { entryId: string }) => item.entryId)).toEqual([
      trackIds[0],
      sameName,
    ]);
    expect(moved.body.failedEntries).toEqual([
      expect.objectContaining({ entryId: deep, type: "composition-error" }),
      expect.objectContaining({
        entryId: made.entryId,
        type: "composition-error",
        reason:
          'Вы не можете перенести объект типа "playlist" в объект типа "folder" в разделе "tracks"',
      }),
      expect.objectContaining({ entryId: target, type: "composition-error" }),
    ]);
    expect(await entry(source)).toMatchObject(sum(songs.slice(4, 5)));
    expect(await entry(nested)).toMatchObject(sum(songs.slice(3, 4)));
    expect(await entry(target)).toMatchObject(sum(songs.slice(3, 4)));

    // A name taken in the target: nothing → reported; both → numbered; overwrite → the old one to the trash.
    const clash = await folder(source, "Общая");
    const skipped = await post(`/vault/${target}/mv?policy=nothing`, { entryIds: [clash] });
    expect(skipped.body.failedEntries).toMatchObject([
      { type: "duplicate-entry-error", reason: "Папка с таким названием уже существует" },
    ]);
    const both = await post(`/vault/${target}/mv?policy=both`, { entryIds: [clash] });
    expect(both.body.entries[0].name).toBe("Общая (2)");
    const third = await folder(source, "общая");
    const overwritten = await post(`/vault/${target}/mv?policy=overwrite`, { entryIds: [third] });
    expect(overwritten.body.entries[0]).toMatchObject({ name: "общая", parentId: target });
    const names = (await children(target)).map((item) => item.name).sort();
    expect(names).toEqual(["Вложенная", "Общая (2)", "общая"]);
  });

  it("refuses with 400 composition-error when no entry may go, keeping 200 for conflicts", async () => {
    const shelf = await folder(TRACKS, "Не для плейлистов");
    const first = await playlist("Не в треки 1");
    const second = await playlist("Не в треки 2");
    const refusal =
      'Вы не можете перенести объект типа "playlist" в объект типа "folder" в разделе "tracks"';
    for (const operation of ["mv", "cp"]) {
      const refused = await post(`/vault/${shelf}/${operation}`, {
        entryIds: [first.entryId, second.entryId],
      });
      expect({ operation, status: refused.status, body: refused.body }).toMatchObject({
        operation,
        status: 400,
        body: { type: "composition-error", reason: refusal },
      });
    }
    const intoItself = await folder(TRACKS, "В себя");
    const inner = await folder(intoItself, "Внутри");
    const itself = await post(`/vault/${inner}/mv`, { entryIds: [intoItself] });
    expect(itself).toMatchObject({
      status: 400,
      body: { type: "composition-error", reason: "Нельзя перенести объект в самого себя" },
    });
    expect(await children(shelf)).toEqual([]);
    expect((await entry(first.entryId)).parentId).toBe(PLAYLISTS);
    // A name conflict among the failures: the modal may still replace or keep both.
    const twin = await folder(TRACKS, "Близнец");
    const other = await folder(shelf, "Близнец");
    const mixed = await post(`/vault/${shelf}/mv`, { entryIds: [first.entryId, twin] });
    expect(mixed.status).toBe(200);
    expect(mixed.body).toMatchObject({
      entries: [],
      failedEntries: [
        { entryId: first.entryId, type: "composition-error", reason: refusal },
        { entryId: twin, type: "duplicate-entry-error" },
      ],
    });
    expect((await children(shelf)).map((item) => item.entryId)).toEqual([other]);
  });

  it("copies playlists with their versions and tracks into new playlists", async () => {
    const made = await playlist("Оригинал");
    const first = await version(made.entryId);
    await addSongs(
      first,
      songs.slice(0, 2).map((song) => song.id),
    );
    const shelf = await folder(PLAYLISTS, "Копии");
    const copied = await post(`/vault/${shelf}/cp?policy=nothing`, { entryIds: [made.entryId] });
    expect(copied.body.failedEntries).toEqual([]);
    const copy = copied.body.entries[0];
    expect(copy).toMatchObject({
      name: "Оригинал",
      entryType: "playlist",
      ...sum(songs.slice(0, 2)),
    });
    expect(copy.playlistId).not.toBe(made.id);
    const copyPlaylist = await get(`/music/playlist/${copy.playlistId}`, reader.token);
    expect(
      copyPlaylist.body.tracks.map((track: { song: { id: string } }) => track.song.id),
    ).toEqual(songs.slice(0, 2).map((song) => song.id));
    expect(copyPlaylist.body.currentVersionId).not.toBe(first);
    // Same folder again: the name is taken, by the copy's own original too.
    const again = await post(`/vault/${shelf}/cp?policy=both`, { entryIds: [made.entryId] });
    expect(again.body.entries[0].name).toBe("Оригинал (2)");
    const intoOwnFolder = await post(`/vault/${PARTITION_IDS.playlists}/cp`, {
      entryIds: [made.entryId],
    });
    expect(intoOwnFolder.body).toMatchObject({
      entries: [],
      failedEntries: [{ entryId: made.entryId, type: "duplicate-entry-error" }],
    });
    const besideItself = await post(`/vault/${PARTITION_IDS.playlists}/cp?policy=overwrite`, {
      entryIds: [made.entryId],
    });
    expect(besideItself.body.entries[0].name).toBe("Оригинал (2)");
    expect((await get(`/music/playlist/${made.id}`)).body.deleted).toBe(false);
    expect(await entry(shelf)).toMatchObject(sum([...songs.slice(0, 2), ...songs.slice(0, 2)]));
    // Tracks of the Tracks partition may be copied into a version.
    const pool = await folder(TRACKS, "Пул");
    const pooled = await addSongs(pool, [songs[5]?.id as string]);
    const intoVersion = await post(`/vault/${first}/cp`, {
      entryIds: [pooled.body.entries[0].entryId],
    });
    expect(intoVersion.body.failedEntries).toEqual([]);
    expect(await entry(first)).toMatchObject(sum([songs[0], songs[1], songs[5]] as typeof songs));
  });

  it("renames with unique names, and a playlist's name follows its entry", async () => {
    const made = await playlist("Старое имя");
    await playlist("Занятое имя");
    const renamed = await post(`/vault/${PLAYLISTS}/edit`, {
      updatedEntryId: made.entryId,
      updatedName: "Новое имя",
    });
    expect(renamed).toMatchObject({ status: 200, body: { name: "Новое имя" } });
    expect((await get(`/music/playlist/${made.id}`, manager.token)).body.name).toBe("Новое имя");
    const taken = await post(`/vault/${PLAYLISTS}/edit`, {
      updatedEntryId: made.entryId,
      updatedName: "занятое ИМЯ",
    });
    expect(taken.body).toMatchObject({
      type: "duplicate-entry-error",
      reason: "Плейлист с таким названием уже существует",
    });
    expect((await get(`/music/playlist/${made.id}`, manager.token)).body.name).toBe("Новое имя");
  });
});

describe("listing", () => {
  it("orders a folder by name, folders first, and follows a song's new title", async () => {
    const shelf = await folder(TRACKS, "Полка");
    await folder(shelf, "Я последняя по алфавиту");
    await addSongs(shelf, [songs[0]?.id as string, songs[3]?.id as string]);
    const names = async (query = "") =>
      (await get(`/vault/${shelf}/ls?sortBy=name${query}`)).body.data.map(
        (entry: { name: string }) => entry.name,
      );
    const before = await names();
    expect(before[0]).toBe("Я последняя по алфавиту");
    expect(before.slice(1)).toEqual([...before.slice(1)].sort((a, b) => a.localeCompare(b)));
    await post(`/music/song/${songs[3]?.id}/meta/change`, { title: "Аа первый трек" });
    expect(await names()).toEqual(["Я последняя по алфавиту", "Аа первый трек", songs[0]?.title]);
    expect(await names("&order=desc")).toEqual([
      "Я последняя по алфавиту",
      songs[0]?.title,
      "Аа первый трек",
    ]);
    expect(await names(`&query=${encodeURIComponent("первый")}`)).toEqual(["Аа первый трек"]);
    // Found by artist too, in search's normal form ('ё' is 'е'), and after the artists change.
    expect(await names(`&query=${encodeURIComponent("хор весна")}`)).toEqual([songs[0]?.title]);
    expect(await names(`&query=${encodeURIComponent("ЕЛОЧ")}`)).toEqual(["Ёлочка"]);
    await post(`/music/song/${songs[0]?.id}/meta/change`, { artists: ["Квартет Ёжик"] });
    expect(await names(`&query=${encodeURIComponent("хор весна")}`)).toEqual([]);
    expect(await names(`&query=${encodeURIComponent("квартет ежик")}`)).toEqual([songs[0]?.title]);
    // A copy keeps what it is found by.
    const copyShelf = await folder(TRACKS, "Копия полки");
    expect((await post(`/vault/${copyShelf}/cp`, { entryIds: [shelf] })).status).toBe(200);
    const [copied] = await children(copyShelf);
    const found = await get(`/vault/${copied?.entryId}/ls?query=${encodeURIComponent("квартет")}`);
    expect(found.body.data.map((item: { name: string }) => item.name)).toEqual([songs[0]?.title]);
    await post(`/music/song/${songs[0]?.id}/meta/change`, { artists: ["Хор Весна"] });
  });

  it("pages across folders and tracks in every order, counting both", async () => {
    const shelf = await folder(TRACKS, "Страницы");
    await folder(shelf, "Б папка");
    await folder(shelf, "А папка");
    const picked = songs.slice(0, 3);
    await addSongs(
      shelf,
      picked.map((song) => song.id),
    );
    const titles = picked.map((song) => song.title as string);
    const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());
    const sizes = [...picked].sort((a, b) => a.sizeBytes - b.sizeBytes).map((song) => song.title);
    const page = async (query: string) => {
      const answer = await get(`/vault/${shelf}/ls?${query}`);
      expect(answer.body.total, query).toBe(5);
      return answer.body.data.map((item: { name: string }) => item.name);
    };
    const all = ["А папка", "Б папка", ...[...titles].sort(byName)];
    expect(await page("sortBy=name&count=2&page=0")).toEqual(all.slice(0, 2));
    expect(await page("sortBy=name&count=2&page=1")).toEqual(all.slice(2, 4));
    expect(await page("sortBy=name&count=2&page=2")).toEqual(all.slice(4));
    expect(await page("sortBy=name&count=3&page=0")).toEqual(all.slice(0, 3));
    expect(await page("sortBy=name&count=3&page=1")).toEqual(all.slice(3));
    // Descending: folders still first, each part reversed.
    expect(await page("sortBy=name&order=desc&count=3&page=0")).toEqual([
      "Б папка",
      "А папка",
      all[4],
    ]);
    expect(await page("sortBy=size&count=5&page=0")).toEqual(
      expect.arrayContaining(["А папка", "Б папка"]),
    );
    expect((await page("sortBy=size&count=5&page=0")).slice(2)).toEqual(sizes);
    expect((await page("sortBy=size&order=desc&count=5&page=0")).slice(2)).toEqual(
      [...sizes].reverse(),
    );
    expect(await page("sortBy=name&count=2&page=9")).toEqual([]);
  });
});

describe("tree", () => {
  it("gives folders, playlists and versions below an entry, without tracks", async () => {
    const tree = await get(`/vault/${PLAYLISTS}/tree`);
    expect(tree.status).toBe(200);
    const types = new Set<string>();
    const visit = (node: { entryType: string; children: unknown[] }) => {
      types.add(node.entryType);
      for (const child of node.children) visit(child as typeof node);
    };
    visit(tree.body);
    expect(types).toEqual(new Set(["partition", "folder", "playlist", "version"]));
  });
});
