import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEstablishment, createSignedInUser } from "../../../test/factories.ts";
import { startTestServer, type TestServer } from "../../../test/harness.ts";
import { addPlayer } from "../../../test/venues.ts";
import { PlayersStore } from "../players.store.ts";

/** Many players' states written together (`writeStates`), on the real database. */

let server: TestServer;
let store: PlayersStore;
const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-state-writes-"));

beforeAll(async () => {
  server = await startTestServer({ DATA_DIR: dataDir });
  store = new PlayersStore(server.app.db);
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `count` players of one venue (at least three, as the tests below name them). */
async function players(count: number): Promise<[string, string, string, ...string[]]> {
  const client = await createSignedInUser(server, { role: "role-client" });
  const establishmentId = await createEstablishment(server, client.id, { name: "Зал" });
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    ids.push(await addPlayer(server, client, { establishmentId }));
  }
  const [first, second, third, ...rest] = ids;
  if (!first || !second || !third) throw new Error("three players at least");
  return [first, second, third, ...rest];
}

describe("writing many players' states at once", () => {
  it("writes each change of each shape, a player's second change after its first, and answers the rows in order", async () => {
    const [a, b, c] = await players(3);
    const pausedAt = new Date("2026-11-29T10:00:00.000Z");
    const rows = await store.live.writeStates([
      { playerId: a, change: { playing: false, pausedAt } },
      { playerId: b, change: { volume: 40 } },
      { playerId: c, change: { volume: 70 } },
      { playerId: a, change: { playing: true, pausedAt: null } },
      { playerId: b, change: { volume: 55 } },
    ]);
    expect(
      rows.map((row) =>
        row instanceof Error ? row : [row.playerId, row.playing, row.pausedAt, row.volume],
      ),
    ).toEqual([
      [a, false, pausedAt, 100],
      [b, false, null, 40],
      [c, false, null, 70],
      [a, true, null, 100],
      [b, false, null, 55],
    ]);
    // The rows of a statement of many are the rows as read.
    expect(rows[2]).toEqual(await store.live.findState(c));
    expect(rows[4]).toEqual(await store.live.findState(b));
    expect(await store.live.findState(a)).toMatchObject({ playing: true, pausedAt: null });
  });

  it("fails only the write of a player that is gone; the others of its statement are written", async () => {
    const [a, b] = await players(3);
    const gone = randomUUID();
    const rows = await store.live.writeStates([
      { playerId: a, change: { volume: 10 } },
      { playerId: gone, change: { volume: 20 } },
      { playerId: b, change: { volume: 30 } },
    ]);
    expect(rows.map((row) => (row instanceof Error ? "failed" : row.volume))).toEqual([
      10,
      "failed",
      30,
    ]);
    expect(await store.live.findState(gone)).toBeNull();
    expect(await store.live.findState(b)).toMatchObject({ volume: 30 });
  });

  // Processes on one PostgreSQL write the same rows at once: an owner's commands on one, its
  // devices' heartbeats on the other. Each statement takes its rows' locks in player order,
  // or two statements taking them in opposite orders wait for each other until PostgreSQL
  // ends one of them ("deadlock detected", after deadlock_timeout). PGlite has one connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "writes commands' states and heartbeats of the same players at once without a deadlock",
    async () => {
      const ids = await players(24);
      await store.live.writeHeartbeats(ids, new Date());
      const shuffled = () => [...ids].sort(() => Math.random() - 0.5);
      const statements = Array.from({ length: 12 }, (_, round) => [
        store.live.writeStates(
          shuffled().map((playerId) => ({ playerId, change: { volume: round } })),
        ),
        store.live.writeHeartbeats(shuffled(), new Date()),
      ]).flat();
      const settled = await Promise.allSettled(statements);
      expect(settled.filter((result) => result.status === "rejected")).toEqual([]);
      const written = (await Promise.all(statements)).flat() as unknown[];
      expect(written.filter((row) => row instanceof Error)).toEqual([]);
    },
  );
});
