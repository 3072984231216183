import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createSignedInUser, randomIp } from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";
import { audioFixture, uploadFile } from "../test/library.ts";
import { BackupError, backup, restore } from "./archive.ts";

/** The configuration the CLI reads for a DATA_DIR (embedded database, files under it). */
const configFor = (dataDir: string) =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", S3_BUCKET: "" });

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Sends lead forms one after another until stopped; answers the ids the server acknowledged, with when. */
function writeLoad(server: TestServer) {
  const acknowledged: Array<{ id: string; at: number }> = [];
  let running = true;
  const done = (async () => {
    for (let index = 0; running; index++) {
      const answer = await call(server, "POST", "/integration/amo/form", {
        body: { name: `Клиент ${index}`, phone: "+7 900 123-45-67", company: `Кафе ${index}` },
        headers: { "x-forwarded-for": randomIp() },
      });
      if (answer.status === 201) acknowledged.push({ id: answer.body.id, at: performance.now() });
    }
  })();
  return {
    acknowledged,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "backup and restore (embedded database)",
  () => {
    it("backs up a running server under write load; a restore finds every write acknowledged before the backup began, and the files", async () => {
      const server = await startTestServer({ S3_BUCKET: "" });
      servers.push(server);
      const manager = await createSignedInUser(server, { role: "role-content-manager" });
      const song = await uploadFile(server, "/music/song/add", audioFixture("tone.ogg"), {
        token: manager.token,
        filename: "tone.ogg",
      });
      expect(song.status).toBe(201);
      const load = writeLoad(server);
      while (load.acknowledged.length < 20) await new Promise((resolve) => setImmediate(resolve));

      const archive = path.join(mkdtempSync(path.join(tmpdir(), "fonika-backup-")), "копия.tgz");
      const began = performance.now();
      const manifest = await backup(configFor(server.config.dataDir), archive);
      const ended = performance.now();
      const during = load.acknowledged.filter((write) => write.at > began && write.at < ended);
      await load.stop();
      const before = load.acknowledged.filter((write) => write.at <= began);

      expect(manifest.parts).toEqual(["db", "files", "jwt-secret"]);
      // Writes went on while the snapshot was taken: it waited for no quiet moment.
      expect(load.acknowledged.length).toBeGreaterThan(before.length + during.length - 1);
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      expect(
        readdirSync(path.join(server.config.dataDir, "tmp")).filter((name) =>
          name.startsWith("backup-"),
        ),
      ).toEqual([]);

      const restoredDir = mkdtempSync(path.join(tmpdir(), "fonika-restored-"));
      await restore(configFor(restoredDir), archive);
      const restored = await startTestServer({ DATA_DIR: restoredDir, S3_BUCKET: "" });
      servers.push(restored);

      const admin = await createSignedInUser(restored, { role: "role-admin" });
      const leads = await call(restored, "GET", "/integration/amo/leads?count=500", {
        token: admin.token,
      });
      expect(leads.status).toBe(200);
      const ids = new Set(leads.body.data.map((lead: { id: string }) => lead.id));
      expect(before.filter((write) => !ids.has(write.id))).toEqual([]);
      // The song's audio came back with its row, byte for byte; the old session's token still works.
      const file = await fetch(`${restored.url}/api/v1/music/song/${song.body.song.id}/file`, {
        headers: { authorization: `Bearer ${manager.token}` },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(audioFixture("tone.ogg"))).toBe(true);
    }, 60_000);

    it("backs up a stopped deployment by opening its database itself", async () => {
      const server = await startTestServer({ S3_BUCKET: "" });
      const admin = await createSignedInUser(server, { role: "role-admin" });
      await server.close({ keepData: true });
      const archive = path.join(mkdtempSync(path.join(tmpdir(), "fonika-backup-")), "stopped.tgz");

      const manifest = await backup(configFor(server.config.dataDir), archive);

      expect(manifest.parts).toContain("db");
      const restoredDir = mkdtempSync(path.join(tmpdir(), "fonika-restored-"));
      await restore(configFor(restoredDir), archive);
      const restored = await startTestServer({ DATA_DIR: restoredDir, S3_BUCKET: "" });
      servers.push(restored);
      // The admin made before the stop is there, and the session issued then is still good.
      const users = await call(restored, "GET", "/personal-info/users", { token: admin.token });
      expect(users.status).toBe(200);
      expect(JSON.stringify(users.body)).toContain(admin.id);
    }, 60_000);

    it("refuses to restore over data, or from what is not a backup, and changes nothing", async () => {
      const server = await startTestServer({ S3_BUCKET: "" });
      servers.push(server);
      const archive = path.join(mkdtempSync(path.join(tmpdir(), "fonika-backup-")), "a.tgz");
      await backup(configFor(server.config.dataDir), archive);

      await expect(restore(configFor(server.config.dataDir), archive)).rejects.toThrow(
        /is not empty: restore into an empty DATA_DIR/,
      );
      const junk = path.join(path.dirname(archive), "junk.tgz");
      writeFileSync(junk, "не архив");
      const empty = mkdtempSync(path.join(tmpdir(), "fonika-restored-"));
      await expect(restore(configFor(empty), junk)).rejects.toThrow();
      expect(existsSync(path.join(empty, "db"))).toBe(false);
      await expect(restore(configFor(empty), path.join(empty, "none.tgz"))).rejects.toBeInstanceOf(
        BackupError,
      );
    }, 60_000);

    it("sends a PostgreSQL deployment to pg_dump", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-pg-"));
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://x@127.0.0.1/x" });
      await expect(backup(config, path.join(dataDir, "a.tgz"))).rejects.toThrow(/pg_dump/);
      await expect(restore(config, path.join(dataDir, "a.tgz"))).rejects.toThrow(/pg_dump/);
    });
  },
);
