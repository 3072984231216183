import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSignedInUser, type SignedInUser } from "@fonika/server/test/factories";
import { call, startTestServer, type TestServer } from "@fonika/server/test/harness";
import { audioFixture, uploadFile } from "@fonika/server/test/library";
import { connect } from "@fonika/server/test/socket-client";
import {
  addPlayer,
  deviceTokenFor,
  playlistOf,
  subscribedClient,
} from "@fonika/server/test/venues";
import { WEEKDAYS } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEvent, startBoxPlayer } from "./box-player.ts";
import { approveAtVenue, fast, recorder, until } from "./test/box-events.ts";

/**
 * The box player (issue 13) against the real server: device-code sign-in,
 * the schedule's playlist, ranged fetches, reported plays in the broadcast
 * history, the owner's remote pause, a restart from its state file.
 */

let server: TestServer;
let admin: SignedInUser;
let clientManager: SignedInUser;
let contentManager: SignedInUser;
let stateDir: string;
const songIds: string[] = [];

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

beforeAll(async () => {
  server = await startTestServer();
  stateDir = await mkdtemp(join(tmpdir(), "box-player-"));
  admin = await createSignedInUser(server, { role: "role-admin" });
  clientManager = await createSignedInUser(server, { role: "role-client-manager" });
  contentManager = await createSignedInUser(server, { role: "role-content-manager" });
  for (const name of ["tone.mp3", "tone.ogg"]) {
    const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
      token: contentManager.token,
      filename: name,
    });
    songIds.push(uploaded.body.song.id);
  }
});

afterAll(async () => {
  await server?.close();
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

/** A subscribed client whose player plays a two-song playlist all day by its schedule. */
async function scheduledVenue(serial: string) {
  const playlist = await playlistOf(server, contentManager, songIds, "Коробка");
  const { client, establishmentId, subscriptionId } = await subscribedClient(
    server,
    { admin, clientManager },
    [playlist.id],
  );
  const playerId = await addPlayer(server, client, {
    name: "Коробка",
    type: "boxPlayer",
    serialBoxNumber: serial,
    establishmentId,
    playlistIds: [playlist.id],
  });
  // Equal start and end: the whole day, every day.
  const window = await post(
    `/music/player/${playerId}/playlist/${playlist.id}/schedule/add`,
    client.token,
    { startTime: "00:00:00", endTime: "00:00:00", weekdays: [...WEEKDAYS] },
  );
  expect(window.status).toBe(201);
  return { client, playlistId: playlist.id, playerId, establishmentId, subscriptionId };
}

describe("the box player", () => {
  it("plays the venue's box player of its serial number, and waits for the owner to add it", async () => {
    const venue = await scheduledVenue("BOX-0101");
    const box = startBoxPlayer({ server: server.url, serial: "BOX-0102", timings: fast });
    const events = recorder(box.events);
    try {
      await approveAtVenue(server, venue, events);
      const missing = await events.next("failure");
      expect(String(missing.error)).toContain("BOX-0102");
      const playerId = await addPlayer(server, venue.client, {
        name: "Вторая коробка",
        type: "boxPlayer",
        serialBoxNumber: "BOX-0102",
        establishmentId: venue.establishmentId,
      });
      expect(await events.next("connected")).toEqual({ kind: "connected", playerId });
      expect(box.playerId()).toBe(playerId);
    } finally {
      await box.stop();
    }
  });

  it("at a venue whose subscription is suspended plays nothing, says why, and plays again once resumed", async () => {
    const venue = await scheduledVenue("BOX-0201");
    const suspended = await post(
      `/subscription/${venue.subscriptionId}/suspend`,
      clientManager.token,
    );
    expect(suspended.status).toBe(200);
    const box = startBoxPlayer({ server: server.url, serial: "BOX-0201", timings: fast, speed: 4 });
    const events = recorder(box.events);
    try {
      await approveAtVenue(server, venue, events);
      const silent = await events.next("schedule");
      expect(silent).toEqual({
        kind: "schedule",
        playlistId: null,
        fallback: false,
        licence: "suspended",
      });
      expect(describeEvent(silent)).toContain("Нет активной подписки");
      expect(events.seen.some((event) => event.kind === "fetched")).toBe(false);

      expect(
        (await post(`/subscription/${venue.subscriptionId}/resume`, clientManager.token)).status,
      ).toBe(200);
      expect(await events.next("schedule", (event) => event.licence === "active")).toMatchObject({
        playlistId: venue.playlistId,
      });
      expect((await events.next("playing")).song.id).toBe(songIds[0]);
    } finally {
      await box.stop();
    }
  });

  it("signs in by code, plays the schedule with ranged fetches, reports plays and follows a pause", async () => {
    const venue = await scheduledVenue("BOX-0001");
    const stateFile = join(stateDir, "box.json");
    const upgrades: { url: string | undefined; protocols: string | undefined }[] = [];
    const upgrade = (request: IncomingMessage) =>
      upgrades.push({ url: request.url, protocols: request.headers["sec-websocket-protocol"] });
    server.app.server.on("upgrade", upgrade);
    const box = startBoxPlayer({
      server: server.url,
      serial: "BOX-0001",
      stateFile,
      speed: 4,
      publicUrl: "https://fonika.example",
      timings: fast,
      chunkBytes: 8_192,
    });
    const events = recorder(box.events);
    try {
      const code = await events.next("code");
      expect(code.code).toMatch(/^\d{6}$/);
      expect(code.approveAt).toBe(`https://fonika.example/connect-device?code=${code.code}`);
      // The owner sees the box introduce itself, then approves it for the venue.
      const inspected = await post("/auth/code/inspect-code", venue.client.token, {
        code: code.code,
      });
      expect(inspected.body.userAgent).toContain("BOX-0001");
      const approved = await post("/auth/code/approve-code", venue.client.token, {
        code: code.code,
        establishmentId: venue.establishmentId,
      });
      expect(approved.status).toBe(200);
      await box.signedIn;
      expect(await events.next("signedIn")).toEqual({ kind: "signedIn", resumed: false });
      const kept = JSON.parse(await readFile(stateFile, "utf8"));
      expect(kept).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });

      expect(await events.next("connected")).toEqual({
        kind: "connected",
        playerId: venue.playerId,
      });
      // Its socket's address holds no token: it went as a subprotocol (issue 31).
      expect(upgrades).toEqual([
        {
          url: `/api/v1/player/ws?playerId=${venue.playerId}`,
          protocols: expect.stringMatching(
            /^fonika\.player\.v1, ?fonika\.bearer\.[\w-]+\.[\w-]+\.[\w-]+$/,
          ),
        },
      ]);
      expect(await events.next("schedule")).toEqual({
        kind: "schedule",
        playlistId: venue.playlistId,
        fallback: false,
        licence: "active",
      });
      // The whole file, in ranged requests of 8 KiB.
      const meta = await get(`/music/song/${songIds[0]}/meta`, venue.client.token);
      const size = meta.body.sizeBytes as number;
      expect(size).toBeGreaterThan(8_192);
      expect(await events.next("fetched")).toEqual({
        kind: "fetched",
        songId: songIds[0],
        bytes: size,
        requests: Math.ceil(size / 8_192),
        ranged: true,
      });
      const first = await events.next("playing");
      expect(first.song.id).toBe(songIds[0]);

      // The owner's browser hears the device report what it plays.
      const owner = await connect(server, venue.client.token);
      // Played through, the server says what comes next.
      expect(await events.next("ended")).toMatchObject({
        playId: first.playId,
        ending: "finished",
      });
      const second = await events.next("playing", (event) => event.song.id === songIds[1]);

      owner.send({ type: "pause", playerId: venue.playerId });
      expect(await events.next("ended")).toMatchObject({
        playId: second.playId,
        ending: "stopped",
      });
      await events.next("paused");
      for (;;) {
        const state = (await owner.next()) as {
          type: string;
          state?: { playing: boolean; songId: string };
        };
        if (state.type === "playerState" && state.state && !state.state.playing) {
          expect(state.state.songId).toBe(songIds[1]);
          break;
        }
      }

      // The report of the stopped play is filed on its own way (not before the state): wait for it.
      let plays: Array<{ id: string; songId: string; ending: string | null }> = [];
      await until(async () => {
        const history = await get(`/music/player/${venue.playerId}/history`, venue.client.token);
        expect(history.status).toBe(200);
        plays = history.body.data;
        // Both plays filed (the second one's start may still be on its way) and both ended.
        return plays.length === 2 && plays.every((play) => play.ending !== null);
      });
      expect(plays.map((play) => [play.songId, play.ending]).reverse()).toEqual([
        [songIds[0], "finished"],
        [songIds[1], "stopped"],
      ]);

      // Play again: it resumes the same song as a new play.
      owner.send({ type: "play", playerId: venue.playerId });
      const resumed = await events.next("playing");
      expect(resumed.song.id).toBe(songIds[1]);
      expect(resumed.fromSeconds).toBeGreaterThan(0);

      // The remote's other commands: volume, loop, and previous (the play is skipped).
      owner.send({ type: "volume", playerId: venue.playerId, volume: 30 });
      expect(await events.next("volume")).toEqual({ kind: "volume", volume: 30 });
      owner.send({ type: "enableLoopPlayingRequested", playerId: venue.playerId });
      expect(await events.next("loop")).toEqual({ kind: "loop", loop: true });
      owner.send({ type: "playPrevSongRequested", playerId: venue.playerId });
      expect(await events.next("ended")).toMatchObject({
        playId: resumed.playId,
        ending: "skipped",
      });
      expect((await events.next("playing")).song.id).toBe(songIds[0]);
      owner.socket.close();
    } finally {
      server.app.server.off("upgrade", upgrade);
      await box.stop();
    }

    // A restart needs no new code: the session comes from the state file.
    const before = await readFile(stateFile, "utf8");
    const again = startBoxPlayer({
      server: server.url,
      stateFile,
      speed: 4,
      timings: { ...fast, refresh: 300 },
    });
    const second = recorder(again.events);
    try {
      await again.signedIn;
      expect(await second.next("signedIn")).toEqual({ kind: "signedIn", resumed: true });
      expect(second.seen.some((event) => event.kind === "code")).toBe(false);
      expect(await second.next("connected")).toEqual({
        kind: "connected",
        playerId: venue.playerId,
      });
      // It rotated the kept pair at start and keeps rotating it; the old refresh token is spent.
      const rotatedOnce = await readFile(stateFile, "utf8");
      expect(rotatedOnce).not.toBe(before);
      await new Promise((resolve) => setTimeout(resolve, 900));
      const rotatedLater = JSON.parse(await readFile(stateFile, "utf8"));
      expect(rotatedLater.refreshToken).not.toBe(JSON.parse(rotatedOnce).refreshToken);
      const spent = await call(server, "POST", "/auth/refresh-token", {
        body: { refreshToken: JSON.parse(before).refreshToken },
      });
      expect(spent.status).toBe(401);
      expect(second.seen.some((event) => event.kind === "failure")).toBe(false);
    } finally {
      await again.stop();
    }
  });

  it("plays the song the owner chose, continues it after a pause, and ends on the second of two quick «next»", async () => {
    const venue = await scheduledVenue("BOX-0401");
    // Slower than real time: no song ends by itself while the owner commands. Small ranges:
    // the first song (near four times the second's size) is fetched long after the second.
    const box = startBoxPlayer({
      server: server.url,
      serial: "BOX-0401",
      speed: 0.05,
      chunkBytes: 1_024,
      timings: fast,
    });
    const events = recorder(box.events);
    const owner = await connect(server, venue.client.token);
    const { playerId, playlistId } = venue;
    try {
      await approveAtVenue(server, venue, events);
      await events.next("connected");
      expect((await events.next("playing")).song.id).toBe(songIds[0]);

      owner.send({ type: "playSongRequested", playerId, songId: songIds[1], playlistId });
      const chosen = await events.next("playing", (event) => event.song.id === songIds[1]);
      owner.send({ type: "pause", playerId });
      expect(await events.next("ended")).toMatchObject({
        playId: chosen.playId,
        ending: "stopped",
      });
      owner.send({ type: "resumePlay", playerId });
      const resumed = await events.next("playing");
      expect(resumed.song.id).toBe(songIds[1]);
      expect(resumed.fromSeconds).toBeGreaterThan(0);

      // Looped, «next» twice from the second song: the first, then the second again.
      owner.send({ type: "enableLoopPlayingRequested", playerId });
      await events.next("loop");
      const pressed = events.seen.length;
      owner.send({ type: "playNextSongRequested", playerId });
      owner.send({ type: "playNextSongRequested", playerId });
      await events.next("playing", (event) => event.playId !== resumed.playId);
      const stateNow = async () => {
        const socket = await connect(server, venue.client.token);
        const first = (await socket.next()) as { state: { songId: string; playing: boolean } };
        socket.socket.close();
        return first.state;
      };
      await until(async () => (await stateNow()).songId === songIds[1]);
      // What the box plays last is the second press's song, and the server says so.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const played = events.seen
        .slice(pressed)
        .filter((event) => event.kind === "playing")
        .map((event) => (event.kind === "playing" ? event.song.id : null));
      expect(played.at(-1)).toBe(songIds[1]);
      expect(await stateNow()).toMatchObject({ songId: songIds[1], playing: true });
    } finally {
      owner.socket.close();
      await box.stop();
    }
  });

  it("is bound to its serial number's player: removing it ends the box's session, and a restart asks for a new code", async () => {
    const venue = await scheduledVenue("BOX-0301");
    const neighbour = await addPlayer(server, venue.client, {
      name: "Соседняя коробка",
      type: "boxPlayer",
      serialBoxNumber: "BOX-0302",
      establishmentId: venue.establishmentId,
    });
    const stateFile = join(stateDir, "removed.json");
    const box = startBoxPlayer({
      server: server.url,
      serial: "BOX-0301",
      stateFile,
      speed: 4,
      timings: fast,
    });
    const events = recorder(box.events);
    try {
      await approveAtVenue(server, venue, events);
      await events.next("connected");
      await events.next("playing");
      // Its session learnt its player: the neighbour's plan is not the box's to read.
      const { token } = JSON.parse(await readFile(stateFile, "utf8"));
      expect((await get(`/music/player/${venue.playerId}/plan`, token)).status).toBe(200);
      expect((await get(`/music/player/${neighbour}/plan`, token)).status).toBe(404);

      const removed = await post(
        `/music/player/${venue.playerId}/${venue.client.id}/remove`,
        venue.client.token,
      );
      expect(removed.status).toBe(200);
      const denied = await events.next("denied");
      expect(describeEvent(denied)).toContain("restart the box to get a new code");
    } finally {
      await box.stop();
    }
    const kept = JSON.parse(await readFile(stateFile, "utf8"));
    expect((await get(`/music/player/${venue.playerId}/plan`, kept.token)).status).toBe(401);
    const refreshed = await call(server, "POST", "/auth/refresh-token", {
      body: { refreshToken: kept.refreshToken },
    });
    expect(refreshed.status).toBe(401);

    // Restarted from its state file, the box shows a new code: the session is not resumed.
    const again = startBoxPlayer({
      server: server.url,
      serial: "BOX-0301",
      stateFile,
      timings: fast,
    });
    const second = recorder(again.events);
    try {
      expect((await second.next("code")).code).toMatch(/^\d{6}$/);
      expect(second.seen.some((event) => event.kind === "signedIn")).toBe(false);
    } finally {
      await again.stop();
    }
  });

  it("stops and stays stopped when another device takes its player over (issue 28)", async () => {
    const venue = await scheduledVenue("BOX-0501");
    const box = startBoxPlayer({
      server: server.url,
      serial: "BOX-0501",
      speed: 4,
      timings: fast,
    });
    const events = recorder(box.events);
    try {
      await approveAtVenue(server, venue, events);
      await events.next("connected");
      await events.next("playing");
      // The owner plays the player elsewhere (a second box, here): the newer device wins.
      const other = await deviceTokenFor(server, venue.client, venue.establishmentId);
      const elsewhere = await connect(server, other, { playerId: venue.playerId });
      const takenOver = await events.next("takenOver");
      expect(describeEvent(takenOver)).toContain("Плеер запущен на другом устройстве");
      // It does not come back to take the player again.
      await new Promise((resolve) => setTimeout(resolve, fast.reconnect * 3));
      expect(events.seen.filter((event) => event.kind === "connected")).toHaveLength(1);
      elsewhere.socket.close();
    } finally {
      await box.stop();
    }
  });

  it("reconnects after a dropped socket and gives up when its session is ended ('Access denied error')", async () => {
    const venue = await scheduledVenue("BOX-0002");
    const box = startBoxPlayer({ server: server.url, speed: 4, timings: fast });
    const events = recorder(box.events);
    try {
      await approveAtVenue(server, venue, events);
      await events.next("connected");
      const first = await events.next("playing");

      // The play is on the server's record before the connection drops.
      const playsOf = async () =>
        (await get(`/music/player/${venue.playerId}/history`, venue.client.token)).body
          .data as Array<{ id: string; ending: string | null }>;
      await until(async () => (await playsOf()).length === 1);

      // The connection drops: the song plays on through it (issue 31), the box reconnects with a
      // fresh token, and the next song follows it. The play the server had ended `offline` is set
      // right by the box's own report: it played to its end.
      for (const socket of server.app.websocketServer.clients) socket.terminate();
      await events.next("disconnected");
      await until(
        async () => events.seen.filter((event) => event.kind === "connected").length === 2,
      );
      await until(async () =>
        events.seen.some((event) => event.kind === "ended" && event.playId === first.playId),
      );
      expect(
        events.seen.find((event) => event.kind === "ended" && event.playId === first.playId),
      ).toMatchObject({ ending: "finished" });
      const after = await events.next("playing", (event) => event.playId !== first.playId);
      expect(after.song.id).not.toBe(first.song.id);
      await until(async () => {
        const plays = await playsOf();
        return plays.some((play) => play.id === first.playId && play.ending === "finished");
      });

      const sessions = await get("/auth/sessions", venue.client.token);
      const device = (sessions.body.data as Array<{ id: string; kind: string }>).find(
        (session) => session.kind === "device",
      );
      expect(device).toBeDefined();
      const ended = await post(`/auth/sessions/${device?.id}/end`, venue.client.token);
      expect(ended.status).toBe(200);
      await events.next("denied");
      // It does not come back.
      await new Promise((resolve) => setTimeout(resolve, fast.reconnect * 3));
      expect(events.seen.filter((event) => event.kind === "connected")).toHaveLength(2);
    } finally {
      await box.stop();
    }
  });
});
