import { randomInt } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as tar from "tar";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase, rowsOf } from "../db/client.ts";
import { startPgliteWorker } from "../db/pglite-wire.ts";
import { createSignedInUser, randomIp, uniqueEmail, uniquePhone } from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";
import { audioFixture, uploadFile } from "../test/library.ts";
import { BackupError, backup, MANIFEST, restore } from "./archive.ts";
import { DUMP_INDEX, dumpDatabase } from "./database-dump.ts";
import { knownMigrations, loadDatabase } from "./database-load.ts";
import { takeSnapshot } from "./snapshot.ts";

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

const CYRILLIC = "абвгдежзиклмнопрстуфхцчшэюя";

/** Ten random letters: a text no other row holds, so a search for it finds this client only. */
function marker(): string {
  let text = "";
  for (let index = 0; index < 10; index++) text += CYRILLIC[randomInt(CYRILLIC.length)];
  return text;
}

/**
 * A client with personal data where a client leaves it, all through the
 * API: names and a contact phone in the profile, a venue with an address
 * and a floor plan, a support enquiry that repeats the phone. `needles`
 * are the texts that are theirs alone.
 */
async function clientWithPersonalData(server: TestServer) {
  const mark = marker();
  const lastName = `Фамилия${mark}`;
  const phone = uniquePhone();
  const user = await createSignedInUser(server, {
    role: "role-client",
    email: uniqueEmail("backup"),
  });
  const { token } = user;
  const profile = await call(server, "POST", `/personal-info/${user.id}/change`, {
    token,
    body: { lastName, firstName: "Анна", phone },
  });
  expect(profile.status).toBe(200);
  const venue = await call(server, "POST", `/establishment/${user.id}/add`, {
    token,
    body: { name: `Кафе «${mark}»`, address: `Москва, ул. ${mark}, 1` },
  });
  expect(venue.status).toBe(201);
  const plan = new TextEncoder().encode(
    `%PDF-1.4\n% ${mark}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`,
  );
  const withPlan = await uploadFile(
    server,
    `/establishment/${user.id}/${venue.body.id}/layout-file/add`,
    plan,
    { token, filename: "План зала.pdf", type: "application/pdf" },
  );
  expect(withPlan.status).toBe(200);
  const enquiry = await call(server, "POST", "/support/enquiries", {
    token,
    body: {
      topic: "account",
      text: `Перезвоните ${lastName}: ${phone}`,
      establishmentId: venue.body.id,
    },
  });
  expect(enquiry.status).toBe(201);
  return {
    user,
    lastName,
    phone,
    enquiry: enquiry.body as { id: string; number: number },
    needles: [user.email, phone, lastName, mark],
  };
}

/** Tables of ours (drizzle's record of migrations aside), qualified and quoted. */
async function tablesOf(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** Each table's row count and a digest of its rows' text: equal when two databases hold the same rows. */
async function tableDigests(db: Database): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of await tablesOf(db)) {
    const [row] = rowsOf<{ count: number; digest: string | null }>(
      await db.execute(
        sql.raw(`select count(*)::int as count,
                        md5(string_agg(x::text, E'\\n' order by x::text)) as digest
                   from only ${table} x`),
      ),
    );
    digests[table] = `${row?.count} ${row?.digest}`;
  }
  return digests;
}

/** The tables with a row whose text holds `needle`. */
async function tablesHolding(db: Database, needle: string): Promise<string[]> {
  const holding: string[] = [];
  for (const table of await tablesOf(db)) {
    const [row] = rowsOf<{ found: boolean }>(
      await db.execute(
        sql`select exists (select 1 from ${sql.raw(`only ${table}`)} x where strpos(x::text, ${needle}) > 0) as found`,
      ),
    );
    if (row?.found) holding.push(table);
  }
  return holding;
}

/** Whether any file under `folder` holds the bytes of `text`. */
function folderHolds(folder: string, text: string): boolean {
  const needle = Buffer.from(text);
  return readdirSync(folder, { recursive: true, withFileTypes: true }).some(
    (entry) =>
      entry.isFile() && readFileSync(path.join(entry.parentPath, entry.name)).includes(needle),
  );
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

      expect(manifest.parts).toEqual(["database", "files", "jwt-secret"]);
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

      expect(manifest.parts).toContain("database");
      const restoredDir = mkdtempSync(path.join(tmpdir(), "fonika-restored-"));
      await restore(configFor(restoredDir), archive);
      const restored = await startTestServer({ DATA_DIR: restoredDir, S3_BUCKET: "" });
      servers.push(restored);
      // The admin made before the stop is there, and the session issued then is still good.
      const users = await call(restored, "GET", "/personal-info/users", { token: admin.token });
      expect(users.status).toBe(200);
      expect(JSON.stringify(users.body)).toContain(admin.id);
    }, 60_000);

    it("holds not one byte of a client deleted before it, in the archive or the restored database; another client's data restores", async () => {
      const server = await startTestServer({ S3_BUCKET: "" });
      servers.push(server);
      const manager = await createSignedInUser(server, { role: "role-client-manager" });
      const gone = await clientWithPersonalData(server);
      const stays = await clientWithPersonalData(server);
      const deleted = await call(server, "POST", `/auth/account/${gone.user.id}/delete-account`, {
        token: manager.token,
      });
      expect(deleted.status).toBe(200);
      // What a copy of the data folder would carry: the erased values are still in its pages and WAL.
      await server.app.db.execute(sql`checkpoint`);
      expect(folderHolds(path.join(server.config.dataDir, "db"), gone.user.email)).toBe(true);

      const archive = path.join(mkdtempSync(path.join(tmpdir(), "fonika-backup-")), "after.tgz");
      await backup(configFor(server.config.dataDir), archive);

      // Every byte of the tar, file names and headers included.
      const bytes = gunzipSync(readFileSync(archive));
      const leaked = gone.needles.filter((needle) => bytes.includes(Buffer.from(needle)));
      expect(leaked).toEqual([]);
      expect(stays.needles.filter((needle) => !bytes.includes(Buffer.from(needle)))).toEqual([]);

      const live = await tableDigests(server.app.db);
      const restoredDir = mkdtempSync(path.join(tmpdir(), "fonika-restored-"));
      await restore(configFor(restoredDir), archive);
      // Read before a server starts on it (its start prunes ended sessions' tokens).
      const database = await openDatabase({ dataDir: restoredDir, databaseUrl: undefined });
      try {
        // Every table's rows came back as they were, value for value.
        expect(await tableDigests(database.db)).toEqual(live);
        for (const needle of gone.needles) {
          expect({ needle, tables: await tablesHolding(database.db, needle) }).toEqual({
            needle,
            tables: [],
          });
        }
      } finally {
        await database.close();
      }
      const restored = await startTestServer({ DATA_DIR: restoredDir, S3_BUCKET: "" });
      servers.push(restored);

      // The other client signs in with the old session and finds their profile and enquiry.
      const admin = await createSignedInUser(restored, { role: "role-admin" });
      const profile = await call(restored, "GET", `/personal-info/${stays.user.id}`, {
        token: admin.token,
      });
      expect(profile.body).toMatchObject({
        email: stays.user.email,
        lastName: stays.lastName,
        contactPhone: stays.phone,
      });
      const enquiry = await call(restored, "GET", `/support/enquiries/${stays.enquiry.id}`, {
        token: stays.user.token,
      });
      expect(enquiry.status).toBe(200);
      expect(enquiry.body.events[0].text).toContain(stays.phone);
      // Sequences came back too: the next enquiry takes the next number, not a used one.
      const next = await call(restored, "POST", "/support/enquiries", {
        token: stays.user.token,
        body: { topic: "other", text: "Ещё вопрос" },
      });
      expect(next.status).toBe(201);
      expect(next.body.number).toBe(Math.max(gone.enquiry.number, stays.enquiry.number) + 1);
    }, 90_000);

    it("still restores an archive of format 1, a copy of the data folder", async () => {
      const server = await startTestServer({ S3_BUCKET: "" });
      const admin = await createSignedInUser(server, { role: "role-admin" });
      await server.close({ keepData: true });
      const { dataDir } = server.config;
      const folder = mkdtempSync(path.join(tmpdir(), "fonika-old-backup-"));
      const database = await openDatabase({ dataDir, databaseUrl: undefined });
      const snapshot = await takeSnapshot(database, dataDir, folder, { localFiles: true }).finally(
        () => database.close(),
      );
      writeFileSync(
        path.join(folder, MANIFEST),
        JSON.stringify({ format: "fonika-backup-1", ...snapshot }),
      );
      const archive = path.join(mkdtempSync(path.join(tmpdir(), "fonika-backup-")), "old.tgz");
      await tar.create({ gzip: true, file: archive, cwd: folder }, readdirSync(folder));

      const restoredDir = mkdtempSync(path.join(tmpdir(), "fonika-restored-"));
      await restore(configFor(restoredDir), archive);
      const restored = await startTestServer({ DATA_DIR: restoredDir, S3_BUCKET: "" });
      servers.push(restored);
      const users = await call(restored, "GET", "/personal-info/users", { token: admin.token });
      expect(JSON.stringify(users.body)).toContain(admin.id);
    }, 60_000);

    it("restores a backup of an older version: the rows load into its schema, and the start applies the newer migrations", async () => {
      const older = knownMigrations() - 1;
      const work = mkdtempSync(path.join(tmpdir(), "fonika-older-"));
      const empty = path.join(work, "empty");
      mkdirSync(empty);
      writeFileSync(
        path.join(empty, DUMP_INDEX),
        JSON.stringify({ format: "fonika-rows-1", tables: [], sequences: [] }),
      );
      // A database of the older version, with an account in it.
      const dataFolder = path.join(work, "db");
      await loadDatabase(empty, dataFolder, older, work);
      const worker = await startPgliteWorker(dataFolder);
      const client = new pg.Client({ stream: () => worker.connect() });
      await client.connect();
      const email = uniqueEmail("older");
      await client.query("insert into users (email, authority) values ($1, '{role-admin}')", [
        email,
      ]);
      await client.end();
      await worker.close();
      const folder = path.join(work, "archive");
      await dumpDatabase(dataFolder, path.join(folder, "database"));
      writeFileSync(
        path.join(folder, MANIFEST),
        JSON.stringify({
          format: "fonika-backup-2",
          createdAt: new Date().toISOString(),
          parts: ["database"],
          migrations: older,
        }),
      );
      const archive = path.join(work, "older.tgz");
      await tar.create({ gzip: true, file: archive, cwd: folder }, readdirSync(folder));

      const restoredDir = mkdtempSync(path.join(tmpdir(), "fonika-restored-"));
      await restore(configFor(restoredDir), archive);
      const database = await openDatabase({ dataDir: restoredDir, databaseUrl: undefined });
      try {
        const [row] = rowsOf<{ migrations: number; accounts: number }>(
          await database.db.execute(
            sql`select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                       (select count(*)::int from users where email = ${email}) as accounts`,
          ),
        );
        expect(row).toEqual({ migrations: older + 1, accounts: 1 });
      } finally {
        await database.close();
      }
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
