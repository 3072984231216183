import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSignedInUser, type SignedInUser } from "@fonika/server/test/factories";
import { call, startTestServer, type TestServer } from "@fonika/server/test/harness";
import { audioFixture, uploadFile } from "@fonika/server/test/library";
import { addPlayer, playlistOf, subscribedClient } from "@fonika/server/test/venues";
import { WEEKDAYS } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeJson } from "./box-data.ts";
import { type BoxPlayerEvent, describeEvent, startBoxPlayer } from "./box-player.ts";
import { approveAtVenue, fast, recorder, until } from "./test/box-events.ts";
import { outageProxy } from "./test/outage-proxy.ts";

/**
 * The box player through an outage (issue 31), against the real server
 * behind a TCP proxy that the test cuts (connections reset, new ones
 * refused, as when the server is killed or the line is down) and gives
 * back: it plays on from the music it keeps by its plan, a box rebooted
 * meanwhile plays too, and when the server is back every play reaches the
 * history once and the music goes on with the next song.
 */

let server: TestServer;
let client: SignedInUser;
let establishmentId: string;
let playerId: string;
let stateDir: string;
const songIds: string[] = [];
let songMs = 0;

beforeAll(async () => {
  server = await startTestServer();
  stateDir = await mkdtemp(join(tmpdir(), "box-offline-"));
  const admin = await createSignedInUser(server, { role: "role-admin" });
  const clientManager = await createSignedInUser(server, { role: "role-client-manager" });
  const contentManager = await createSignedInUser(server, { role: "role-content-manager" });
  for (const name of ["tone.mp3", "tone.ogg", "tone.opus"]) {
    const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
      token: contentManager.token,
      filename: name,
    });
    songIds.push(uploaded.body.song.id);
    songMs = Math.max(songMs, uploaded.body.song.durationMs);
  }
  const playlist = await playlistOf(server, contentManager, songIds, "Без сервера");
  const subscribed = await subscribedClient(server, { admin, clientManager }, [playlist.id]);
  client = subscribed.client;
  establishmentId = subscribed.establishmentId;
  playerId = await addPlayer(server, client, {
    name: "Коробка",
    type: "boxPlayer",
    serialBoxNumber: "BOX-OFF-1",
    establishmentId,
    playlistIds: [playlist.id],
  });
  // All day, every day.
  const window = await call(
    server,
    "POST",
    `/music/player/${playerId}/playlist/${playlist.id}/schedule/add`,
    {
      token: client.token,
      body: { startTime: "00:00:00", endTime: "00:00:00", weekdays: [...WEEKDAYS] },
    },
  );
  expect(window.status).toBe(201);
});

afterAll(async () => {
  await server?.close();
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

/** Every event with the moment it came, ms. */
function timeline(events: NodeJS.EventEmitter) {
  const seen: { at: number; event: BoxPlayerEvent }[] = [];
  events.on("event", (event: BoxPlayerEvent) => seen.push({ at: Date.now(), event }));
  return seen;
}

/** The longest silence between a play's end and the next play's start, ms, among `events`. */
function longestGap(seen: readonly { at: number; event: BoxPlayerEvent }[]): number {
  let endedAt: number | null = null;
  let longest = 0;
  for (const { at, event } of seen) {
    if (event.kind === "ended") endedAt = at;
    if (event.kind === "playing" && endedAt !== null) {
      longest = Math.max(longest, at - endedAt);
      endedAt = null;
    }
  }
  return longest;
}

const historyOf = async () =>
  (
    await call(server, "GET", `/music/player/${playerId}/history?count=500`, {
      token: client.token,
    })
  ).body.data as Array<{ id: string; songId: string; ending: string | null }>;

describe("the box player through an outage", () => {
  it("plays on from what it keeps, a reboot in the outage too, and files every play once when back", async () => {
    const proxy = await outageProxy(server.url);
    const stateFile = join(stateDir, "box.json");
    // A song lasts about 0.7 s here, so an outage of a few seconds spans several.
    const speed = songMs / 700;
    const options = {
      server: proxy.url,
      serial: "BOX-OFF-1",
      stateFile,
      speed,
      timings: fast,
      chunkBytes: 16_384,
    };
    let box = startBoxPlayer(options);
    let events = recorder(box.events);
    let seen = timeline(box.events);
    try {
      await approveAtVenue(server, { client, establishmentId }, events);
      await events.next("connected");
      // It keeps every song of its plan for an outage.
      await events.next("kept", (event) => event.songs === songIds.length);
      await events.next("playing");

      await proxy.cut();
      await events.next("disconnected");
      const cutAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const offline = seen.filter(({ at }) => at >= cutAt);
      const offlinePlays = offline.filter(({ event }) => event.kind === "playing");
      expect(offlinePlays.length).toBeGreaterThanOrEqual(3);
      expect(offlinePlays.every(({ event }) => event.kind === "playing" && event.offline)).toBe(
        true,
      );
      // No silence between songs: each next one begins as the last ends (no server to ask).
      expect(longestGap(seen)).toBeLessThan(200);
      // In the playlist's order, from where it was.
      const order = offlinePlays.map(({ event }) =>
        event.kind === "playing" ? songIds.indexOf(event.song.id) : -1,
      );
      for (let index = 1; index < order.length; index++) {
        expect(order[index]).toBe(((order[index - 1] as number) + 1) % songIds.length);
      }

      // Rebooted in the outage: the new run plays from the plan and music it kept.
      await box.stop();
      const firstRun = events.seen.filter((event) => event.kind === "playing");
      box = startBoxPlayer(options);
      events = recorder(box.events);
      seen = timeline(box.events);
      const rebooted = await events.next("playing");
      expect(rebooted.offline).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_500));

      await proxy.restore();
      await events.next("connected", undefined, 15_000);
      const lastOffline = [...seen]
        .reverse()
        .find(({ event }) => event.kind === "playing" && event.offline);
      // Back online the music goes on with the next song, not the playlist's first.
      const next = await events.next("playing", (event) => !event.offline);
      const lastIndex =
        lastOffline?.event.kind === "playing" ? songIds.indexOf(lastOffline.event.song.id) : -1;
      expect(songIds.indexOf(next.song.id)).toBe((lastIndex + 1) % songIds.length);
      expect(longestGap(seen)).toBeLessThan(2_000);

      // Every play is in the history once: those of the first run and of the rebooted one.
      await box.stop();
      const plays = [...firstRun, ...events.seen.filter((event) => event.kind === "playing")];
      await until(async () => {
        const history = await historyOf();
        const ids = new Set(history.map((play) => play.id));
        return (
          history.length === ids.size &&
          plays.every((play) => ids.has(play.playId)) &&
          // Each ended, the last one by the box's stop.
          history.every((play) => play.ending !== null)
        );
      });
    } finally {
      await box.stop();
      await proxy.close();
    }
  });

  it("starts its playlist over at the end while the schedule wants it, online as offline", async () => {
    const box = startBoxPlayer({
      server: server.url,
      serial: "BOX-OFF-1",
      speed: songMs / 300,
      timings: fast,
      dataDir: join(stateDir, "wrap"),
    });
    const events = recorder(box.events);
    try {
      await approveAtVenue(server, { client, establishmentId }, events);
      await events.next("connected");
      const played: string[] = [];
      while (played.length < songIds.length + 2) {
        played.push((await events.next("playing", (event) => !event.offline)).song.id);
      }
      // The server says «stop» after the last song (loop off); the hour goes on, so does the music.
      const first = songIds.indexOf(played[0] as string);
      expect(played).toEqual(played.map((_, index) => songIds[(first + index) % songIds.length]));
      expect(events.seen.some((event) => event.kind === "stopped")).toBe(false);
    } finally {
      await box.stop();
    }
  });

  it("out of touch for a week, or past the licence's end, stops by its plan and says why", async () => {
    const plan = (
      await call(server, "GET", `/music/player/${playerId}/plan`, { token: client.token })
    ).body;
    const day = 86_400_000;
    const cases = [
      // Made 8 days ago: its week without the server is over.
      {
        plan: {
          ...plan,
          generatedAt: new Date(Date.now() - 8 * day).toISOString(),
          offlineUntil: new Date(Date.now() - day).toISOString(),
        },
        stop: "out-of-touch",
        says: /неделю не выходил на связь/,
      },
      // The paid period ended yesterday, by the plan it keeps.
      {
        plan: {
          ...plan,
          licence: { state: "active", until: new Date(Date.now() - day).toISOString() },
        },
        stop: "licence",
        says: /Нет активной подписки/,
      },
    ];
    for (const [index, kept] of cases.entries()) {
      const dataDir = join(stateDir, `kept-${index}`);
      await writeJson(join(dataDir, "plan.json"), { serial: "BOX-OFF-1", plan: kept.plan });
      const stateFile = join(stateDir, `kept-${index}.json`);
      await writeJson(stateFile, { token: "a.b.c", refreshToken: "kept" });
      // Rebooted where the server cannot be reached.
      const box = startBoxPlayer({
        server: "http://127.0.0.1:9",
        serial: "BOX-OFF-1",
        stateFile,
        dataDir,
        timings: fast,
      });
      const events = recorder(box.events);
      try {
        const said = await events.next("offline");
        expect(said).toEqual({
          kind: "offline",
          playlistId: null,
          fallback: false,
          stop: kept.stop,
        });
        expect(describeEvent(said)).toMatch(kept.says);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(events.seen.some((event) => event.kind === "playing")).toBe(false);
      } finally {
        await box.stop();
      }
    }
  });
});
