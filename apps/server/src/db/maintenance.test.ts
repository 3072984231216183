import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.ts";
import { startMaintenance, tablesDue, vacuumAnalyze } from "./maintenance.ts";

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
      const maintenance = startMaintenance(server.app.db, log, 50);
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
  },
);
