import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PARTITION_IDS } from "@fonika/shared";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songs } from "../../../db/schema.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";

/**
 * The import of a catalog on disk: folders mirrored in the Tracks
 * partition, identical content once, unreadable files reported, a second
 * run adding nothing, an abort stopping cleanly; and the CLI itself.
 */

const fixtures = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../test/fixtures/audio",
);
let server: TestServer;
let manager: SignedInUser;
let catalog: string;

/** A catalog: Pop/{mp3,flac}, Jazz/Evening/m4a, Jazz/copy of the mp3, a broken mp3 twice, a text file. */
function makeCatalog(): string {
  const root = mkdtempSync(path.join(tmpdir(), "fonika-catalog-"));
  mkdirSync(path.join(root, "Pop"));
  mkdirSync(path.join(root, "Jazz", "Evening"), { recursive: true });
  copyFileSync(path.join(fixtures, "tone.mp3"), path.join(root, "Pop", "Ёлочка.mp3"));
  copyFileSync(path.join(fixtures, "tone.flac"), path.join(root, "Pop", "water.flac"));
  copyFileSync(path.join(fixtures, "tone.m4a"), path.join(root, "Jazz", "Evening", "cafe.m4a"));
  copyFileSync(path.join(fixtures, "tone.mp3"), path.join(root, "Jazz", "copy.mp3"));
  writeFileSync(path.join(root, "Jazz", "broken.mp3"), "not audio at all");
  // The same broken content twice in one batch: both are reported.
  writeFileSync(path.join(root, "Pop", "broken too.mp3"), "not audio at all");
  writeFileSync(path.join(root, "readme.txt"), "liner notes");
  return root;
}

beforeAll(async () => {
  server = await startTestServer({ LOUDNESS_WORKER: "off" });
  manager = await createSignedInUser(server, { role: "role-content-manager" });
  catalog = makeCatalog();
});

afterAll(async () => {
  await server?.close();
  rmSync(catalog, { recursive: true, force: true });
});

async function songCount(): Promise<number> {
  const [row] = await server.app.db.select({ value: count() }).from(songs);
  return row?.value ?? 0;
}

async function childrenOf(id: string) {
  const listed = await call(server, "GET", `/vault/${id}/ls?count=500`, { token: manager.token });
  return listed.body.data as Array<{
    entryId: string;
    name: string;
    entryType: string;
    songId: string | null;
  }>;
}

async function folderNamed(parentId: string, name: string): Promise<string> {
  const found = (await childrenOf(parentId)).find((entry) => entry.name === name);
  if (!found) throw new Error(`No folder ${name}`);
  return found.entryId;
}

describe("import", () => {
  it("mirrors the folders, stores identical content once and reports what it cannot read", async () => {
    const progress: number[] = [];
    const report = await server.app.modules.library.importFromDisk({
      directory: catalog,
      folder: "Каталог",
      onProgress: (step) => progress.push(step.done),
    });
    expect(report).toMatchObject({
      total: 6,
      done: 6,
      added: 4,
      known: 0,
      failed: 2,
      ignored: 1,
      stopped: false,
    });
    expect(report.failures).toEqual([
      { file: path.join("Jazz", "broken.mp3"), reason: expect.stringContaining("не аудиозапись") },
      {
        file: path.join("Pop", "broken too.mp3"),
        reason: expect.stringContaining("не аудиозапись"),
      },
    ]);
    // Progress is reported after each batch of files (up to 50), ending at the total.
    expect(progress.at(-1)).toBe(6);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(await songCount()).toBe(3);

    const top = await folderNamed(PARTITION_IDS.tracks, "Каталог");
    expect((await childrenOf(top)).map((entry) => entry.name).sort()).toEqual(["Jazz", "Pop"]);
    const pop = await folderNamed(top, "Pop");
    expect((await childrenOf(pop)).map((entry) => entry.name).sort()).toEqual([
      "Clear Water",
      "Ёлочка",
    ]);
    const jazz = await folderNamed(top, "Jazz");
    const jazzChildren = await childrenOf(jazz);
    expect(jazzChildren.map((entry) => [entry.entryType, entry.name])).toEqual([
      ["folder", "Evening"],
      ["track", "Ёлочка"],
    ]);
    const evening = await folderNamed(jazz, "Evening");
    expect((await childrenOf(evening)).map((entry) => entry.name)).toEqual(["Cafe Jazz"]);
  });

  it("adds nothing when run again, and stops cleanly when aborted", async () => {
    const songsBefore = await songCount();
    const top = await folderNamed(PARTITION_IDS.tracks, "Каталог");
    const treeBefore = await call(server, "GET", `/vault/${top}/tree`, { token: manager.token });
    const again = await server.app.modules.library.importFromDisk({
      directory: catalog,
      folder: "Каталог",
    });
    expect(again).toMatchObject({ added: 0, known: 4, failed: 2 });
    expect(await songCount()).toBe(songsBefore);
    const treeAfter = await call(server, "GET", `/vault/${top}/tree`, { token: manager.token });
    expect(treeAfter.body).toEqual(treeBefore.body);

    const stop = new AbortController();
    stop.abort();
    const aborted = await server.app.modules.library.importFromDisk({
      directory: catalog,
      signal: stop.signal,
    });
    expect(aborted).toMatchObject({ done: 0, stopped: true });
  });

  it("runs as `npm run import -- DIR --folder NAME` on a stopped server's data", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-import-cli-"));
    try {
      const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../import-cli.ts");
      const run = () =>
        spawnSync(process.execPath, ["--import", "tsx", cli, catalog, "--folder", "С диска"], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
          encoding: "utf8",
          timeout: 120_000,
        });
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain("добавлено 4, уже были в библиотеке 0, не прочитаны 2");
      expect(first.stdout).toContain(path.join("Jazz", "broken.mp3"));
      const second = run();
      expect(second.stdout).toContain("добавлено 0, уже были в библиотеке 4");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
