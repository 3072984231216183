import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerStates } from "../../../db/schema.ts";
import type { Actor } from "../../../kernel/actor.ts";
import { createEstablishment, createSignedInUser, deviceActor } from "../../../test/factories.ts";
import { startTestServer, type TestServer } from "../../../test/harness.ts";
import { connect } from "../../../test/socket-client.ts";
import { addPlayer } from "../../../test/venues.ts";
import type { PlayRecorder } from "../../history/history.ts";
import { PlayersStore } from "../players.store.ts";
import { HEARTBEAT_FRESH_MS, LiveService, onlineSince } from "./live.service.ts";

/**
 * What the live service hands the history module: every play a device
 * reports, and the play cut short when the device leaves. The service runs
 * on the real server's database and bus; only the history port, another
 * module's, is a recorder here.
 */

let server: TestServer;
const dataDir = mkdtempSync(path.join(tmpdir(), "fonika-live-"));

beforeAll(async () => {
  server = await startTestServer({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Recorded =
  | { kind: "started"; report: Parameters<PlayRecorder["recordStarted"]>[0] }
  | { kind: "ended"; playId: string; endedAt: Date; ending: string };

/** A client's venue with a web player, and the venue's device as the socket sees it. */
async function venueWithDevice(name: string) {
  const client = await createSignedInUser(server, { role: "role-client" });
  const establishmentId = await createEstablishment(server, client.id, { name });
  const playerId = await addPlayer(server, client, { establishmentId });
  const device = deviceActor(client.id, establishmentId);
  return { client, playerId, device };
}

describe("plays reported to the history port", () => {
  it("records a start and its end, ends the current play 'offline' when the device leaves, and keeps the state over a restart", async () => {
    const { client, playerId, device } = await venueWithDevice("Кафе");
    const recorded: Recorded[] = [];
    const live = liveProcess(recorded);
    const owner: Actor = { ...device, sessionKind: "browser", establishmentId: null };
    await live.opened(device);

    const songId = randomUUID();
    const first = randomUUID();
    const startedAt = new Date("2026-11-25T10:00:00.000Z");
    // The owner's browser may not report plays; nothing is recorded.
    expect(
      await live.handle(owner, {
        type: "songStarted",
        playerId,
        playId: first,
        songId,
        playlistId: null,
        fallback: true,
        startedAt: startedAt.toISOString(),
      }),
    ).toMatchObject({ type: "error" });
    expect(recorded).toEqual([]);

    await live.handle(device, {
      type: "songStarted",
      playerId,
      playId: first,
      songId,
      playlistId: null,
      fallback: true,
      startedAt: startedAt.toISOString(),
    });
    await live.handle(device, {
      type: "songEnded",
      playerId,
      playId: first,
      endedAt: "2026-11-25T10:03:00.000Z",
      ending: "finished",
    });
    const second = randomUUID();
    await live.handle(device, {
      type: "songStarted",
      playerId,
      playId: second,
      songId,
      playlistId: null,
      fallback: true,
      startedAt: "2026-11-25T10:03:00.000Z",
    });
    expect((await live.stateOf(playerId)).online).toBe(true);
    await live.closed(device);

    expect(recorded.slice(0, 3)).toEqual([
      {
        kind: "started",
        report: { playId: first, playerId, songId, playlistId: null, fallback: true, startedAt },
      },
      {
        kind: "ended",
        playId: first,
        endedAt: new Date("2026-11-25T10:03:00.000Z"),
        ending: "finished",
      },
      { kind: "started", report: expect.objectContaining({ playId: second }) },
    ]);
    expect(recorded[3]).toMatchObject({ kind: "ended", playId: second, ending: "offline" });
    expect(recorded).toHaveLength(4);
    // The state survives in the table: offline now, with what it played last.
    expect(await live.stateOf(playerId)).toMatchObject({
      online: false,
      playing: false,
      songId,
    });
    live.stop();

    // After a restart the owner's new socket gets the state as it was kept.
    await server.close({ keepData: true });
    server = await startTestServer({ DATA_DIR: dataDir, DATABASE_URL: server.config.databaseUrl });
    const socket = await connect(server, client.token);
    expect(await socket.next()).toMatchObject({
      type: "playerState",
      state: { playerId, songId, online: false, playing: false, positionSeconds: 0 },
    });
    socket.socket.close();
  });
});

/** A live service as one server process runs it, its plays written down in `recorded`. */
function liveProcess(recorded: Recorded[]): LiveService {
  const directory = server.app.modules.players.socketDirectory;
  return new LiveService({
    store: new PlayersStore(server.app.db),
    bus: server.app.bus,
    log: server.app.log,
    history: {
      recordStarted: async (report) => {
        recorded.push({ kind: "started", report });
      },
      recordEnded: async (playId, endedAt, ending) => {
        recorded.push({ kind: "ended", playId, endedAt, ending });
      },
    },
    findControllable: directory.findControllable,
    playlistsOf: directory.playlistsOf,
    playlistTracks: (ids) => server.app.modules.library.playlistTracks(ids),
    // These venues keep the explicit filter off (explicit-filter.test.ts covers it on).
    explicitFilterOf: async () => false,
    decide: directory.decide,
  });
}

describe("a device on another process", () => {
  it("takes its owner's command while that process says it is alive, with no read of its heartbeat, and refuses once it left", async () => {
    const { playerId, device } = await venueWithDevice("Пекарня");
    const owner: Actor = { ...device, sessionKind: "browser", establishmentId: null };
    // The owner's remote on process A, the device on process B, one bus.
    const a = liveProcess([]);
    const b = liveProcess([]);
    await b.opened(device);
    // The table says the device is long gone: A answers from what B told it, not from the table.
    const long = new Date(Date.now() - 2 * HEARTBEAT_FRESH_MS);
    await server.app.db
      .update(playerStates)
      .set({ heartbeatAt: long })
      .where(eq(playerStates.playerId, playerId));
    expect(await a.handle(owner, { type: "pause", playerId })).toBeNull();

    // The device left B: A reads the table (the heartbeat cleared) and refuses.
    await b.closed(device);
    expect(await a.handle(owner, { type: "play", playerId })).toEqual({
      type: "needToStartPlayerError",
      playerId,
    });
    // Back on B: A hears it and commands go again.
    await b.opened(device);
    expect(await a.handle(owner, { type: "play", playerId })).toBeNull();
    await b.closed(device);
    for (const live of [a, b]) live.stop();
  });
});

describe("plays left open by a process that died", () => {
  it("ends them 'offline' once, when the device was last heard, on whichever process looks first, or when the device's next play begins", async () => {
    const { playerId, device } = await venueWithDevice("Бар");
    const songId = randomUUID();
    const started = (playId: string, at: string) =>
      ({
        type: "songStarted",
        playerId,
        playId,
        songId,
        playlistId: null,
        fallback: false,
        startedAt: at,
      }) as const;

    // The device plays on process A; A dies without a word (no close).
    const onA: Recorded[] = [];
    const a = liveProcess(onA);
    await a.opened(device);
    const lost = randomUUID();
    await a.handle(device, started(lost, "2026-11-25T10:00:00.000Z"));
    a.stop();
    // Its heartbeat ages past the online rule (short of the server's own sweep, which waits twice that).
    const lastSeenAt = new Date(Date.now() - HEARTBEAT_FRESH_MS - 5_000);
    await server.app.db
      .update(playerStates)
      .set({ heartbeatAt: lastSeenAt, lastSeenAt })
      .where(eq(playerStates.playerId, playerId));

    // Processes B and C look; the play is ended once, at the last time the device was heard.
    const onB: Recorded[] = [];
    const onC: Recorded[] = [];
    const b = liveProcess(onB);
    const c = liveProcess(onC);
    const sweepFrom = onlineSince();
    await Promise.all([b.endLapsedPlays(sweepFrom), c.endLapsedPlays(sweepFrom)]);
    const ended = [...onB, ...onC].filter((entry) => entry.kind === "ended");
    expect(ended).toEqual([
      { kind: "ended", playId: lost, endedAt: lastSeenAt, ending: "offline" },
    ]);
    expect(await b.stateOf(playerId)).toMatchObject({ online: false, playing: false });

    // The device comes back on B at once, before any sweep, and plays on: the play it left
    // open ends when its next one begins.
    await b.opened(device);
    const open = randomUUID();
    await b.handle(device, started(open, "2026-11-25T11:00:00.000Z"));
    b.stop();
    const d = liveProcess([]);
    const onD: Recorded[] = [];
    const e = liveProcess(onD);
    await d.opened(device);
    await e.handle(device, started(randomUUID(), "2026-11-25T11:01:30.000Z"));
    expect(onD).toContainEqual({
      kind: "ended",
      playId: open,
      endedAt: new Date("2026-11-25T11:01:30.000Z"),
      ending: "offline",
    });
    for (const live of [c, d, e]) live.stop();
  });

  it("on a database of its own, ends at start every play left open, however fresh its heartbeat", async () => {
    const { playerId, device } = await venueWithDevice("Клуб");
    // The process dies a moment after its device began a play.
    const before = liveProcess([]);
    await before.opened(device);
    const open = randomUUID();
    await before.handle(device, {
      type: "songStarted",
      playerId,
      playId: open,
      songId: randomUUID(),
      playlistId: null,
      fallback: false,
      startedAt: new Date().toISOString(),
    });
    before.stop();

    const recorded: Recorded[] = [];
    const after = liveProcess(recorded);
    await after.start({ devicesDieWithProcess: true });
    // Every open play of the database ends (the test before left one too).
    expect(recorded).toContainEqual({
      kind: "ended",
      playId: open,
      endedAt: expect.any(Date),
      ending: "offline",
    });
    expect(await after.stateOf(playerId)).toMatchObject({ online: false, playing: false });
    after.stop();
  });
});
