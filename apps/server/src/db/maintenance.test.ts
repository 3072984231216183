import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.ts";
import { openDatabase } from "./client.ts";
import { startMaintenance, tablesDue, vacuumAnalyze } from "./maintenance.ts";
import { rowsWrittenIn } from "./pglite-wire.ts";

/** Songs without files: what the planner sees of a grown library. */
async function addSongs(server: TestServer, count: number, from: number): Promise<void> {
  await server.app.db.execute(sql`
    insert into songs (content_hash, storage_key, format, size_bytes, duration_ms, bitrate, title, artists)
    select md5('maintenance' || n) || md5('song' || n), 'audio/maintenance/' || n, 'mp3', 1000, 1000, 128000,
           'Песня номер ' || n, array['Исполнитель ' || (n % 50)]
      from generate_series(${from}::int, ${from + count - 1}::int) as n`);
}

async function lastVacuum(server: TestServer, table: string): Promise<unknown> {
  const result = (await server.app.db.execute(
    sql`select coalesce(last_vacuum, last_autovacuum) as at from pg_stat_user_tables where relname = ${table}`,
  )) as unknown as { rows: Array<{ at: unknown }> };
  return result.rows[0]?.at ?? null;
}

// PostgreSQL runs its own autovacuum (the plugin starts ours on PGlite only),
// and reports a backend's table counters to others only later.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  "database maintenance (the embedded database's autovacuum)",
  () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(async () => {
      await server.close();
    });

    it("finds a table grown past autovacuum's threshold, and after vacuuming the planner uses its trigram index", async () => {
      await addSongs(server, 3_000, 1);
      // A backend hands its counters to the statistics at most once a second.
      await expect
        .poll(() => tablesDue(server.app.db), { timeout: 10_000, interval: 200 })
        .toContain("songs");

      await vacuumAnalyze(server.app.db, ["songs"]);
      expect(await tablesDue(server.app.db)).not.toContain("songs");
      expect(await lastVacuum(server, "songs")).not.toBeNull();
      const plan = (await server.app.db.execute(
        sql`explain select id from songs where removed_at is null and title_key like '%номер 2999%'`,
      )) as unknown as { rows: Array<Record<string, string>> };
      expect(plan.rows.map((row) => Object.values(row)[0]).join("\n")).toContain(
        "songs_title_key_part_idx",
      );
    });

    it("vacuums every table on its first look, then only those due", async () => {
      const said: Array<{ details: Record<string, unknown>; message: string }> = [];
      const log = {
        info: (details: object, message: string) =>
          said.push({ details: details as Record<string, unknown>, message }),
        warn: (details: object, message: string) =>
          said.push({ details: details as Record<string, unknown>, message }),
      };
      const maintenance = startMaintenance(server.app.db, log, { everyMs: 50 });
      try {
        await expect.poll(() => said.length, { timeout: 10_000 }).toBeGreaterThan(0);
        expect(said[0]).toMatchObject({
          message: "database maintenance: vacuumed and analyzed",
          details: { tables: "all" },
        });
        expect(await lastVacuum(server, "users")).not.toBeNull();

        await addSongs(server, 2_000, 10_000);
        await expect.poll(() => said.length, { timeout: 10_000 }).toBeGreaterThan(1);
        // The songs, and the search terms their triggers keep; nothing else changed.
        expect(said[1]?.details.tables).toEqual(["search_terms", "songs"]);
      } finally {
        await maintenance.stop();
      }
    });

    it("counts the rows written, as the database's replies say, and nothing for reads or writes of no row", async () => {
      const written = () => server.app.database.rowsWritten?.() ?? Number.NaN;
      const before = written();
      expect(before).toBeGreaterThan(0);
      await server.app.db.execute(sql`select count(*) from songs`);
      await server.app.db.execute(sql`update songs set title = title where false`);
      expect(written()).toBe(before);
      await addSongs(server, 3, 50_000);
      expect(written()).toBe(before + 3);
      await server.app.db.execute(
        sql`delete from songs where storage_key like 'audio/maintenance/5000%'`,
      );
      expect(written()).toBe(before + 3 + 3);
      // A tag of each kind, walked among other messages of a reply.
      const message = (type: string, body: string) => {
        const bytes = new TextEncoder().encode(`${body}\0`);
        const out = new Uint8Array(5 + bytes.length);
        out[0] = type.charCodeAt(0);
        new DataView(out.buffer).setInt32(1, 4 + bytes.length);
        out.set(bytes, 5);
        return out;
      };
      const reply = Buffer.concat([
        message("C", "INSERT 0 4"),
        message("D", "UPDATE 100"),
        message("C", "UPDATE 2"),
        message("C", "SELECT 7"),
        message("C", "MERGE 1"),
        message("C", "COPY 5"),
        message("C", "DELETE 0"),
        message("C", "VACUUM"),
        message("Z", "I"),
      ]);
      expect(rowsWrittenIn(reply)).toBe(4 + 2 + 1 + 5);
      // Bytes that are no messages end the walk instead of looping for ever.
      const broken = Buffer.concat([
        message("C", "INSERT 0 1"),
        Buffer.from([0x43, 0xff, 0xff, 0xff, 0xff]),
      ]);
      expect(rowsWrittenIn(broken)).toBe(1);
    });

    it("looks again only once rows were written since its last look, or after its longest wait", async () => {
      const said: string[] = [];
      const log = {
        info: (_details: object, message: string) => said.push(message),
        warn: (_details: object, message: string) => said.push(message),
      };
      const rowsWritten = server.app.database.rowsWritten;
      const maintenance = startMaintenance(server.app.db, log, { everyMs: 20, rowsWritten });
      try {
        // The first look (vacuuming every table), then quiet: forty ticks, no other look.
        await expect.poll(() => maintenance.looks, { timeout: 10_000 }).toBe(1);
        const quietSince = rowsWritten?.();
        await new Promise((resolve) => setTimeout(resolve, 800));
        expect(rowsWritten?.()).toBe(quietSince);
        expect(maintenance.looks).toBe(1);
        // A row written: one look, then quiet again.
        await addSongs(server, 1, 60_000);
        await expect.poll(() => maintenance.looks, { timeout: 10_000 }).toBe(2);
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(maintenance.looks).toBe(2);
        expect(said.filter((message) => message.includes("failed"))).toEqual([]);
      } finally {
        await maintenance.stop();
      }
      // Its longest wait passed, it looks with nothing written.
      const patient = startMaintenance(server.app.db, log, {
        everyMs: 20,
        rowsWritten: () => 0,
        lookAtLeastEveryMs: 100,
      });
      try {
        await expect.poll(() => patient.looks, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      } finally {
        await patient.stop();
      }
    });

    it("vacuums everything first only on a database it did not create: one it created has counters for all it holds", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-maintenance-"));
      try {
        const created = await openDatabase({ dataDir, databaseUrl: undefined });
        expect(created.createdNow).toBe(true);
        await created.close();
        const reopened = await openDatabase({ dataDir, databaseUrl: undefined });
        expect(reopened.createdNow).toBe(false);
        await reopened.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      expect(server.app.database.createdNow).toBe(false);

      const said: Array<Record<string, unknown>> = [];
      const log = {
        info: (details: object) => said.push(details as Record<string, unknown>),
        warn: (details: object) => said.push(details as Record<string, unknown>),
      };
      const maintenance = startMaintenance(server.app.db, log, {
        everyMs: 20,
        rowsWritten: server.app.database.rowsWritten,
        countersMissPast: false,
      });
      try {
        await expect.poll(() => maintenance.looks, { timeout: 10_000 }).toBe(1);
        await addSongs(server, 1, 70_000);
        await expect.poll(() => maintenance.looks, { timeout: 10_000 }).toBe(2);
        expect(said.filter((details) => details.tables === "all" || "err" in details)).toEqual([]);
      } finally {
        await maintenance.stop();
      }
    });
  },
);
