import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decide, type PlayerPlan } from "@fonika/shared";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import {
  establishments,
  players,
  playlists,
  songs,
  subscriptions,
  tariffs,
  users,
} from "../db/schema.ts";
import { signIn } from "../test/factories.ts";
import { call, startTestServer, type TestServer } from "../test/harness.ts";
import { DEMO_ACCOUNTS, DemoRefusal, type DemoReport, runDemo } from "./demo.ts";

/**
 * `npm run demo` on a fresh embedded database (the demo never touches
 * PostgreSQL, so this file stays on PGlite in every CI pass), then the
 * server a newcomer starts next on the same DATA_DIR: the demo client signs
 * in and finds music scheduled right now.
 */

let dataDir: string;
let report: DemoReport;
let server: TestServer;

const config = () =>
  loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, "no-web"), LOG_LEVEL: "silent" });

beforeAll(async () => {
  // The demo fills only the embedded database and refuses DATABASE_URL: in
  // CI's PostgreSQL and S3 pass this file still runs it on PGlite and local files.
  vi.stubEnv("TEST_DATABASE_URL", "");
  vi.stubEnv("TEST_S3_ENDPOINT", "");
  dataDir = mkdtempSync(path.join(tmpdir(), "fonika-demo-test-"));
  report = await runDemo(config(), { songCount: 2, songSeconds: () => 4 });
  server = await startTestServer({ DATA_DIR: dataDir });
}, 120_000);

afterAll(async () => {
  await server?.close();
  vi.unstubAllEnvs();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** How many rows the demo's tables hold: a refused run must leave every count as it was. */
async function rowCounts(target: TestServer) {
  const tables = { users, songs, playlists, tariffs, establishments, subscriptions, players };
  const counted: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await target.app.db.select({ rows: count() }).from(table);
    counted[name] = row?.rows ?? 0;
  }
  return counted;
}

describe("npm run demo", () => {
  it("gives the demo client a web player whose plan plays a measured playlist right now", async () => {
    const client = await signIn(server, DEMO_ACCOUNTS.client);
    const plan = await call(server, "GET", `/music/player/${report.playerId}/plan`, {
      token: client.token,
    });
    expect(plan.status).toBe(200);
    const body = plan.body as PlayerPlan;
    expect(body.timeZone).toBe("Europe/Moscow");
    expect(body.windows).toHaveLength(2);
    const now = decide(body, Date.now());
    expect([report.playlistIds.day, report.playlistIds.evening]).toContain(now.playlistId);
    const playing = body.playlists.find((playlist) => playlist.id === now.playlistId);
    expect(playing?.songs.length).toBeGreaterThan(0);
    // Every song was measured by the loudness job before the demo ended.
    const planned = body.playlists.flatMap((playlist) => playlist.songs);
    expect(planned.map((song) => song.id).sort()).toEqual([...report.songIds].sort());
    for (const song of planned) {
      expect(song.gainDb).toEqual(expect.any(Number));
      expect(song.durationMs).toBeGreaterThan(3_000);
      expect(song.title).not.toBe("");
    }
  });

  it("makes a tariff of the two playlists and an active subscription of the client's establishment", async () => {
    const client = await signIn(server, DEMO_ACCOUNTS.client);
    const tariff = await call(server, "GET", `/tariff/${report.tariffId}`, {
      token: client.token,
    });
    expect(tariff.status).toBe(200);
    expect(tariff.body.playlists.map((playlist: { id: string }) => playlist.id).sort()).toEqual(
      [report.playlistIds.day, report.playlistIds.evening].sort(),
    );
    const venues = await call(server, "GET", `/establishment/${report.clientId}`, {
      token: client.token,
    });
    expect(venues.status).toBe(200);
    expect(venues.body.data).toHaveLength(1);
    expect(venues.body.data[0]).toMatchObject({
      id: report.establishmentId,
      timeZone: "Europe/Moscow",
      subscriptionInfo: { id: report.subscriptionId, state: "active" },
    });
  });

  it("refuses a second run and changes nothing", async () => {
    const before = await rowCounts(server);
    expect(before.users).toBe(3);
    await server.close({ keepData: true });
    await expect(runDemo(config(), { songCount: 2, songSeconds: () => 4 })).rejects.toThrow(
      DemoRefusal,
    );
    server = await startTestServer({ DATA_DIR: dataDir });
    expect(await rowCounts(server)).toEqual(before);
  }, 60_000);

  it("refuses a DATABASE_URL before opening anything", async () => {
    const withUrl = { ...config(), databaseUrl: "postgres://demo@127.0.0.1:1/nothing" };
    await expect(runDemo(withUrl)).rejects.toThrow(/DATABASE_URL/);
  });
});
