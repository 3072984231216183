import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PARTITION_IDS } from "@fonika/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../../../db/client.ts";
import { genres, songs } from "../../../db/schema.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { buildQuietApp, call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { uploadFile } from "../../../test/library.ts";
import { bytesIn, id3v1, id3v2, mp3With, wavWith } from "../../../test/tagged-audio.ts";

/**
 * Russian catalogs on a real server and database: an upload and an import
 * of files with cp1251 and UTF-8 tags store the right text and search finds
 * it; songs stored before that (mojibake of both kinds) are repaired once by
 * `repairStoredTags` and `npm run repair-tags`, with their vault tracks and
 * the search following, a dry run changing nothing, and a second run too.
 */

let server: TestServer;
let manager: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ LOUDNESS_WORKER: "off" });
  manager = await createSignedInUser(server, { role: "role-content-manager" });
});

afterAll(async () => {
  await server?.close();
});

/** cp1251 bytes read as Latin-1: what the old code stored of ID3v1 and encoding-0 frames. */
const cp1251Mojibake = (text: string) => bytesIn(text, "win1251").toString("latin1");
/** UTF-8 bytes read as Latin-1: what the old code stored of WAV INFO. */
const utf8Mojibake = (text: string) => Buffer.from(text, "utf8").toString("latin1");

async function searchTitles(text: string): Promise<string[]> {
  const answer = await call(server, "GET", `/music/song/search?text=${encodeURIComponent(text)}`, {
    token: manager.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.data.map((song: { title: string }) => song.title);
}

async function childrenOf(id: string): Promise<Array<{ name: string; songId: string | null }>> {
  const listed = await call(server, "GET", `/vault/${id}/ls?count=500`, { token: manager.token });
  return listed.body.data;
}

async function folderNamed(parentId: string, name: string): Promise<string> {
  const found = (await childrenOf(parentId)).find((entry) => entry.name === name);
  if (!found) throw new Error(`No folder ${name}`);
  return (found as unknown as { entryId: string }).entryId;
}

/** A song row as the code before the repair stored it (its file plays no part here). */
async function storeLegacySong(
  db: Executor,
  text: { title: string; artists: string[]; album: string | null; genreId?: string },
): Promise<string> {
  const hash = randomBytes(32).toString("hex");
  const [row] = await db
    .insert(songs)
    .values({
      contentHash: hash,
      storageKey: `audio/${hash}`,
      format: "mp3",
      sizeBytes: 1000,
      durationMs: 1000,
      ...text,
    })
    .returning({ id: songs.id });
  if (!row) throw new Error("No song row");
  return row.id;
}

describe("upload and import", () => {
  it("an uploaded mp3 with cp1251 in ID3v2 frames marked ISO-8859-1 is stored in Russian and found", async () => {
    const data = mp3With({
      v2: id3v2(
        { title: "Луч солнца золотого", artist: "Муслим Магомаев", album: "Бременские музыканты" },
        { version: 3, marked: 0, encoding: "win1251" },
      ),
    });
    const answer = await uploadFile(server, "/music/song/add", data, {
      token: manager.token,
      filename: "track01.mp3",
    });
    expect(answer.status).toBe(201);
    expect(answer.body.song).toMatchObject({
      title: "Луч солнца золотого",
      artists: ["Муслим Магомаев"],
      album: "Бременские музыканты",
    });
    expect(await searchTitles("солнца")).toEqual(["Луч солнца золотого"]);
  });

  it("an imported catalog of ID3v1 cp1251 mp3s and UTF-8 WAVs becomes tracks named in Russian", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "fonika-russian-catalog-"));
    try {
      mkdirSync(path.join(root, "Сборник"));
      writeFileSync(
        path.join(root, "Сборник", "01.mp3"),
        mp3With({ v1: id3v1({ title: "Группа крови", artist: "Кино" }, "win1251") }),
      );
      writeFileSync(
        path.join(root, "Сборник", "02.wav"),
        wavWith({ title: "Звезда по имени Солнце", artist: "Кино", genre: "Рок" }, "utf8"),
      );
      const report = await server.app.modules.library.importFromDisk({
        directory: root,
        folder: "Импорт",
      });
      expect(report).toMatchObject({ added: 2, failed: 0 });
      const folder = await folderNamed(
        await folderNamed(PARTITION_IDS.tracks, "Импорт"),
        "Сборник",
      );
      expect((await childrenOf(folder)).map((track) => track.name).sort()).toEqual([
        "Группа крови",
        "Звезда по имени Солнце",
      ]);
      expect(await searchTitles("Звезда")).toEqual(["Звезда по имени Солнце"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("repair of stored songs", () => {
  let folderId: string;
  const ids: Record<string, string> = {};
  let rockId: string;
  let rockMojibakeId: string;
  let popMojibakeId: string;

  beforeAll(async () => {
    const { db } = server.app;
    const [rock, rockMojibake, popMojibake] = await db
      .insert(genres)
      .values([
        { name: "Шансон" },
        { name: cp1251Mojibake("Шансон") },
        { name: cp1251Mojibake("Поп") },
      ])
      .returning({ id: genres.id });
    rockId = rock?.id ?? "";
    rockMojibakeId = rockMojibake?.id ?? "";
    popMojibakeId = popMojibake?.id ?? "";
    ids.cp1251 = await storeLegacySong(db, {
      title: cp1251Mojibake("Звёздный час"),
      artists: [cp1251Mojibake("Алиса"), "Guest Star"],
      album: cp1251Mojibake("Шестой лесничий"),
      genreId: rockMojibakeId,
    });
    ids.utf8 = await storeLegacySong(db, {
      title: utf8Mojibake("Полёт шмеля"),
      artists: [utf8Mojibake("Оркестр Большого театра")],
      album: null,
      genreId: popMojibakeId,
    });
    ids.russian = await storeLegacySong(db, {
      title: "Ёлочка",
      artists: ["Хор Весна"],
      album: "Зимние песни",
      genreId: rockId,
    });
    ids.western = await storeLegacySong(db, {
      title: "Ace of Spades",
      artists: ["Motörhead"],
      album: "Ágætis byrjun",
    });
    folderId = await server.app.modules.library.placement.importFolder(["Старый каталог"]);
    await server.app.modules.library.placement.importTracks(folderId, Object.values(ids));
  });

  async function stored() {
    const rows = await server.app.db
      .select({
        id: songs.id,
        title: songs.title,
        artists: songs.artists,
        album: songs.album,
        genreId: songs.genreId,
      })
      .from(songs)
      .where(inArray(songs.id, Object.values(ids)))
      .orderBy(songs.id);
    const genreRows = await server.app.db.select().from(genres).orderBy(genres.id);
    const tracks = await childrenOf(folderId);
    return { rows, genreRows, tracks };
  }

  it("search misses mojibake titles by the Russian word, and a dry run changes nothing", async () => {
    expect(await searchTitles("Звёздный")).not.toContain("Звёздный час");
    const before = await stored();
    const report = await server.app.modules.library.repairStoredTags({
      dryRun: true,
    });
    expect(report).toMatchObject({
      dryRun: true,
      songsChanged: 2,
      fields: { title: 2, artists: 2, album: 1, genre: 2 },
      genresRenamed: 1,
      genresMerged: 1,
    });
    expect(await stored()).toEqual(before);
  });

  it("repairs both kinds of mojibake, leaves clean rows, and vault and search follow", async () => {
    const progress: number[] = [];
    const report = await server.app.modules.library.repairStoredTags({
      onProgress: (done) => progress.push(done),
    });
    expect(report).toMatchObject({
      dryRun: false,
      songsChanged: 2,
      fields: { title: 2, artists: 2, album: 1, genre: 2 },
      genresRenamed: 1,
      genresMerged: 1,
    });
    expect(progress.at(-1)).toBe(report.songs);
    expect(report.examples).toContainEqual({
      field: "title",
      before: "Çâ¸çäíûé ÷àñ",
      after: "Звёздный час",
    });

    const song = async (id: string | undefined) =>
      (await call(server, "GET", `/music/song/${id}/meta`, { token: manager.token })).body;
    expect(await song(ids.cp1251)).toMatchObject({
      title: "Звёздный час",
      artists: ["Алиса", "Guest Star"],
      album: "Шестой лесничий",
      genre: { id: rockId, name: "Шансон" },
    });
    expect(await song(ids.utf8)).toMatchObject({
      title: "Полёт шмеля",
      artists: ["Оркестр Большого театра"],
      album: null,
      genre: { id: popMojibakeId, name: "Поп" },
    });
    expect(await song(ids.russian)).toMatchObject({ title: "Ёлочка", artists: ["Хор Весна"] });
    expect(await song(ids.western)).toMatchObject({
      title: "Ace of Spades",
      artists: ["Motörhead"],
      album: "Ágætis byrjun",
    });
    // The mojibake genre whose name was taken joined «Шансон» and is gone.
    expect(await server.app.db.select().from(genres).where(eq(genres.id, rockMojibakeId))).toEqual(
      [],
    );

    expect((await stored()).tracks.map((track) => track.name).sort()).toEqual([
      "Ace of Spades",
      "Ёлочка",
      "Звёздный час",
      "Полёт шмеля",
    ]);
    expect((await searchTitles("Звёздный"))[0]).toBe("Звёздный час");
    expect(await searchTitles("шмеля")).toEqual(["Полёт шмеля"]);
    const suggestions = await call(server, "GET", "/music/common-search?text=алиса", {
      token: manager.token,
    });
    expect(suggestions.body.data).toContainEqual(
      expect.objectContaining({ name: "Алиса", category: "artists" }),
    );
  });

  it("changes nothing when run again", async () => {
    const before = await stored();
    const report = await server.app.modules.library.repairStoredTags({});
    expect(report).toMatchObject({
      songsChanged: 0,
      fields: { title: 0, artists: 0, album: 0, genre: 0 },
      examples: [],
    });
    expect(await stored()).toEqual(before);
  });
});

describe("npm run repair-tags", () => {
  // Two runs of the CLI, each a process that opens the embedded database: slow on a busy machine.
  it("refuses an unknown option, reports a dry run, then repairs", async () => {
    const { app, dataDir } = await buildQuietApp("repair-tags-cli");
    let closed = false;
    try {
      await app.ready();
      await storeLegacySong(app.db, {
        title: cp1251Mojibake("Ветер"),
        artists: [utf8Mojibake("Ария")],
        album: null,
      });
      await storeLegacySong(app.db, { title: "Sigur Rós", artists: ["Sigur Rós"], album: null });
      await app.close();
      closed = true;
      const cli = path.join(
        path.dirname(fileURLToPath(import.meta.url)),
        "../../../repair-tags-cli.ts",
      );
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ["--import", "tsx", cli, ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
          encoding: "utf8",
          timeout: 120_000,
        });
      // A mistyped option is refused before the data is opened (the dry run below still finds everything).
      const mistyped = run("--dryrun");
      expect(mistyped.status).toBe(2);
      expect(mistyped.stderr).toContain("Использование: npm run repair-tags [-- --dry-run]");
      const dry = run("--dry-run");
      expect(dry.status, dry.stderr).toBe(0);
      expect(dry.stdout).toContain("Пробный запуск, ничего не изменено");
      expect(dry.stdout).toContain("песен 1 из 2");
      expect(dry.stdout).toContain("название: «Âåòåð» → «Ветер»");
      // UTF-8 mojibake holds C1 controls: printed as escapes.
      expect(dry.stdout).toContain("исполнители: «Ð\\u0090Ñ\\u0080Ð¸Ñ\\u008f» → «Ария»");
      const repair = run();
      expect(repair.status, repair.stderr).toBe(0);
      expect(repair.stdout).toContain("Исправлено: песен 1 из 2");
    } finally {
      if (!closed) await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
