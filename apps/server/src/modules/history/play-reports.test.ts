import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songs } from "../../db/schema.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { audioFixture, uploadFile } from "../../test/library.ts";
import { connect, nextOfType, type SocketClient } from "../../test/socket-client.ts";
import { markExplicit } from "../../test/song-marks.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  licensedSince,
  playlistOf,
  type SubscribedClient,
  step,
  subscribedClient,
  type VenueStaff,
} from "../../test/venues.ts";

/**
 * The history proves what was played (issue 27): a device's play reports,
 * sent over the real player socket, are checked before they count. What is
 * refused is not in the history, is logged once with its reason and is
 * counted in /metrics by reason; plays sent late after an outage count;
 * a play of a player removed while playing keeps the player's name.
 */

const METRICS_TOKEN = "metrics-token-of-the-play-reports-test-0123456789";

let server: TestServer;
let staff: VenueStaff;
/** A real 3-second-ish tone: what a day-long report of it may count. */
let shortSong: string;
let shortSongMs: number;
/** A song of ten minutes (its duration set so): long plays and overlaps. */
let longSong: string;
let explicitSong: string;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

async function upload(name: string): Promise<{ id: string; durationMs: number }> {
  const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
    token: staff.contentManager.token,
    filename: name,
  });
  expect(uploaded.status).toBe(201);
  return { id: uploaded.body.song.id, durationMs: uploaded.body.song.durationMs };
}

/** A venue subscribed to the songs, with a player and its device's socket bound to it. */
interface Venue extends SubscribedClient {
  playerId: string;
  deviceToken: string;
  device: SocketClient;
}

async function venue(options: { explicitFilter?: boolean } = {}): Promise<Venue> {
  const playlist = await playlistOf(server, staff.contentManager, [
    shortSong,
    longSong,
    explicitSong,
  ]);
  const subscribed = await subscribedClient(server, staff, [playlist.id]);
  // Licensed for an hour already: plays kept through an outage began before the test.
  await licensedSince(server, subscribed.subscriptionId, new Date(Date.now() - 3_600_000));
  const { client, establishmentId } = subscribed;
  if (options.explicitFilter) {
    await step(server, `/establishment/${client.id}/${establishmentId}/change`, client.token, {
      explicitFilter: true,
    });
  }
  const playerId = await addPlayer(server, client, {
    name: "Зал у окна",
    establishmentId,
    playlistIds: [playlist.id],
  });
  const deviceToken = await deviceTokenFor(server, client, establishmentId);
  const device = await connect(server, deviceToken, { playerId });
  await nextOfType(device, "playerState");
  return { ...subscribed, playerId, deviceToken, device };
}

const at = (ms: number) => new Date(ms).toISOString();

/** Play ids (uuids, as devices make them) by the names the tests give plays. */
const playIds = new Map<string, string>();
const play = (name: string): string => {
  const known = playIds.get(name);
  if (known) return known;
  const id = randomUUID();
  playIds.set(name, id);
  return id;
};
const nameOf = (id: unknown): string =>
  [...playIds].find(([, known]) => known === id)?.[0] ?? String(id);

function started(
  playerId: string,
  name: string,
  songId: string,
  startedAt: number,
): Record<string, unknown> {
  return {
    type: "songStarted",
    playerId,
    playId: play(name),
    songId,
    playlistId: null,
    fallback: false,
    startedAt: at(startedAt),
  };
}

function ended(playerId: string, name: string, endedAt: number, ending = "finished") {
  return { type: "songEnded", playerId, playId: play(name), endedAt: at(endedAt), ending };
}

/** Sends the reports in order and waits until the server has handled them (frames are handled in order). */
async function send(socket: SocketClient, ...messages: Record<string, unknown>[]) {
  for (const message of messages) socket.send(message);
  socket.send({ type: "ping" });
  await nextOfType(socket, "pong");
}

/** The player's plays by their names, as its owner reads its history. */
async function playsOf(playerId: string, token: string) {
  const answer = await get(`/music/player/${playerId}/history?count=500`, token);
  expect(answer.status).toBe(200);
  return new Map<string, Record<string, unknown>>(
    answer.body.data.map((row: { id: string }) => [nameOf(row.id), row]),
  );
}

/** The refusal counters /metrics shows, by reason. */
async function refusalCounts(): Promise<Record<string, number>> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  const counts: Record<string, number> = {};
  for (const match of (await response.text()).matchAll(
    /^fonika_play_reports_refused_total\{reason="([a-z-]+)"\} (\d+)$/gm,
  )) {
    counts[match[1] as string] = Number(match[2]);
  }
  return counts;
}

/** The warn lines of refused reports, as the operator reads them. */
function refusalLines(): Array<Record<string, unknown>> {
  return server.logs.filter((line) => line.msg === "play report refused");
}

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN });
  staff = await createVenueStaff(server);
  const short = await upload("tone.mp3");
  shortSong = short.id;
  shortSongMs = short.durationMs;
  longSong = (await upload("tone.ogg")).id;
  await server.app.db.update(songs).set({ durationMs: 600_000 }).where(eq(songs.id, longSong));
  explicitSong = (await upload("tone.wav")).id;
  await markExplicit(server, staff.contentManager, explicitSong);
});

afterAll(async () => {
  await server?.close();
});

describe("a device's play reports", () => {
  it("files honest plays, back to back, and those sent late after an outage", async () => {
    const { playerId, client, device, deviceToken } = await venue();
    const now = Date.now();
    // One play ends and the next begins in the same second, the next stamped a little early.
    await send(
      device,
      started(playerId, "honest-1", longSong, now - 50_000),
      ended(playerId, "honest-1", now - 40_000),
      started(playerId, "honest-2", longSong, now - 40_600),
      ended(playerId, "honest-2", now - 30_000, "skipped"),
      started(playerId, "honest-3", shortSong, now - 30_000),
      ended(playerId, "honest-3", now - 30_000 + shortSongMs + 2_000),
    );
    // The network goes; the device plays on and keeps its reports; back, it sends them.
    device.socket.close();
    await device.closed;
    const back = await connect(server, deviceToken, { playerId });
    await send(
      back,
      started(playerId, "kept-1", longSong, now - 20_000),
      ended(playerId, "kept-1", now - 10_000),
      started(playerId, "kept-2", longSong, now - 10_000),
    );
    const plays = await playsOf(playerId, client.token);
    expect([...plays.keys()].sort()).toEqual([
      "honest-1",
      "honest-2",
      "honest-3",
      "kept-1",
      "kept-2",
    ]);
    expect(plays.get("honest-1")).toMatchObject({ durationSeconds: 10, ending: "finished" });
    expect(plays.get("honest-2")).toMatchObject({ durationSeconds: 11, ending: "skipped" });
    expect(plays.get("kept-1")).toMatchObject({ durationSeconds: 10, ending: "finished" });
    expect(plays.get("kept-2")).toMatchObject({ endedAt: null, playerName: "Зал у окна" });
    expect(refusalLines().filter((line) => line.playerId === playerId)).toEqual([]);
    back.socket.close();
  });

  it("refuses forged reports (unknown song, foreign play id, future or too early start, overlap, explicit at a filtering venue), logs each once and counts them by reason; a day-long play of a short song counts its length", async () => {
    const before = await refusalCounts();
    const mine = await venue({ explicitFilter: true });
    const other = await venue();
    const now = Date.now();
    const { playerId, device } = mine;
    // Another venue's play: its id is not this player's to start or end.
    await send(
      other.device,
      started(other.playerId, "theirs", longSong, now - 30_000),
      ended(other.playerId, "theirs", now - 25_000),
    );

    await send(
      device,
      started(playerId, "unknown-song", "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b", now - 50_000),
      started(playerId, "theirs", longSong, now - 50_000),
      ended(playerId, "theirs", now - 1_000, "stopped"),
      started(playerId, "future", longSong, now + 60 * 60_000),
      started(playerId, "too-early", longSong, now - 60 * 60_000),
      started(playerId, "explicit", explicitSong, now - 50_000),
      // A play of a 3-second song reported as played for a day.
      started(playerId, "day-long", shortSong, now - 45_000),
      ended(playerId, "day-long", now - 45_000 + 24 * 60 * 60_000),
      // A play under way; another begins in its middle.
      started(playerId, "under-way", longSong, now - 40_000),
      ended(playerId, "under-way", now - 20_000),
      started(playerId, "inside", longSong, now - 30_000),
      // The same forgeries again, as a device's outbox would resend them.
      started(playerId, "future", longSong, now + 60 * 60_000),
      started(playerId, "inside", longSong, now - 30_000),
      ended(playerId, "day-long", now - 45_000 + 24 * 60 * 60_000),
    );

    const plays = await playsOf(playerId, mine.client.token);
    expect([...plays.keys()].sort()).toEqual(["day-long", "under-way"]);
    const dayLong = plays.get("day-long") as { startedAt: string; endedAt: string };
    expect(Date.parse(dayLong.endedAt) - Date.parse(dayLong.startedAt)).toBe(shortSongMs);
    expect(plays.get("under-way")).toMatchObject({ durationSeconds: 20 });
    // The other venue's play is as its own device reported it.
    expect((await playsOf(other.playerId, other.client.token)).get("theirs")).toMatchObject({
      durationSeconds: 5,
      ending: "finished",
    });

    const logged = refusalLines().filter((line) => line.playerId === playerId);
    expect(
      logged.map((line) => `${line.report} ${nameOf(line.playId)} ${line.reason}`).sort(),
    ).toEqual([
      "end day-long longer-than-song",
      "end theirs foreign-play",
      "start explicit explicit-filtered",
      "start future future-start",
      "start inside overlap",
      "start theirs foreign-play",
      "start too-early before-session",
      "start unknown-song unknown-song",
    ]);
    expect(logged.every((line) => line.level === 40)).toBe(true);
    const after = await refusalCounts();
    const added = (reason: string) => (after[reason] ?? 0) - (before[reason] ?? 0);
    expect({
      "unknown-song": added("unknown-song"),
      "foreign-play": added("foreign-play"),
      "future-start": added("future-start"),
      "before-session": added("before-session"),
      "explicit-filtered": added("explicit-filtered"),
      "longer-than-song": added("longer-than-song"),
      overlap: added("overlap"),
    }).toEqual({
      "unknown-song": 1,
      "foreign-play": 2,
      "future-start": 1,
      "before-session": 1,
      "explicit-filtered": 1,
      "longer-than-song": 1,
      overlap: 1,
    });
    for (const socket of [mine.device, other.device]) socket.socket.close();
  });

  it("counts a play only where the venue's licence held the song when it began, judging late plays by their moment", async () => {
    const { playerId, client, device, subscriptionId } = await venue();
    const outside = (await upload("tone.flac")).id;
    const before = await refusalCounts();
    const now = Date.now();
    await send(
      device,
      // A song in no playlist of the venue's tariff.
      started(playerId, "outside-tariff", outside, now - 50_000),
      ended(playerId, "outside-tariff", now - 49_000),
      // Played while the licence was active, then the subscription is suspended.
      started(playerId, "before-suspension", longSong, now - 40_000),
      ended(playerId, "before-suspension", now - 30_000),
    );
    const suspended = await call(server, "POST", `/subscription/${subscriptionId}/suspend`, {
      token: staff.clientManager.token,
    });
    expect(suspended.status).toBe(200);
    const suspendedAt = Date.now();
    // The web player's outbox after an outage: one play from before the suspension, one after.
    await send(
      device,
      started(playerId, "late-licensed", longSong, now - 29_000),
      ended(playerId, "late-licensed", now - 20_000),
      started(playerId, "after-suspension", longSong, suspendedAt + 500),
    );
    const plays = await playsOf(playerId, client.token);
    expect([...plays.keys()].sort()).toEqual(["before-suspension", "late-licensed"]);
    expect(
      refusalLines()
        .filter((line) => line.playerId === playerId)
        .map((line) => `${nameOf(line.playId)} ${line.reason}`)
        .sort(),
    ).toEqual(["after-suspension not-entitled", "outside-tariff not-entitled"]);
    const after = await refusalCounts();
    expect((after["not-entitled"] ?? 0) - (before["not-entitled"] ?? 0)).toBe(2);
    device.socket.close();
  });

  it("cuts an end that runs into the player's next play to that play's start", async () => {
    const { playerId, client, device } = await venue();
    const now = Date.now();
    // The device lost track: it begins the next play before it reports the end of the first.
    await send(
      device,
      started(playerId, "first", longSong, now - 40_000),
      started(playerId, "second", longSong, now - 30_000),
      ended(playerId, "first", now - 20_000),
    );
    const plays = await playsOf(playerId, client.token);
    expect(plays.get("first")).toMatchObject({ durationSeconds: 10 });
    expect(
      refusalLines()
        .filter((line) => line.playerId === playerId)
        .map((line) => line.reason),
    ).toEqual(["overlap"]);
    device.socket.close();
  });
});

describe("a player removed while its device plays", () => {
  it("keeps the play in the venue's history under the player's name, with no error when the socket closes", async () => {
    const playlist = await playlistOf(server, staff.contentManager, [longSong]);
    const subscribed = await subscribedClient(server, staff, [playlist.id]);
    await licensedSince(server, subscribed.subscriptionId, new Date(Date.now() - 3_600_000));
    const { client, establishmentId } = subscribed;
    const playerId = await addPlayer(server, client, {
      name: "Веранда",
      establishmentId,
      playlistIds: [playlist.id],
    });
    // The owner plays it in this browser: a device session bound to the player.
    const here = await step(server, `/music/player/${playerId}/play-here`, client.token);
    const device = await connect(server, here.tokens.token);
    await nextOfType(device, "playerState");
    await send(device, started(playerId, "removed-1", longSong, Date.now() - 5_000));
    const logsBefore = server.logs.length;

    await step(server, `/music/player/${playerId}/${client.id}/remove`, client.token);
    await device.closed;
    let removed: Record<string, unknown> | undefined;
    for (let tries = 0; tries < 50 && !removed?.endedAt; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await get(`/history/establishment/${establishmentId}`, client.token);
      removed = answer.body.data.find((row: { id: string }) => nameOf(row.id) === "removed-1");
    }
    expect(removed).toMatchObject({ playerId, playerName: "Веранда", ending: "offline" });
    const errors = server.logs.slice(logsBefore).filter((line) => Number(line.level) >= 50);
    expect(errors).toEqual([]);
  });
});
