import { MESSAGES, WEEKDAYS } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../../db/schema.ts";
import { SOCKET_ERRORS } from "../../../realtime/socket-session.ts";
import { createEstablishment, createSignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { uploadFixtureSongs } from "../../../test/library.ts";
import { connect, nextOfType, type SocketClient } from "../../../test/socket-client.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  playlistOf,
  subscribedClient,
  type VenueStaff,
} from "../../../test/venues.ts";
import { liveErrors } from "./live.errors.ts";

/**
 * The live state and remote control (issue 13) on the real server: the
 * owner's browser sockets, the venue's device socket, and strangers.
 */

let server: TestServer;
let staff: VenueStaff;
const songIds: string[] = [];

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

beforeAll(async () => {
  server = await startTestServer();
  staff = await createVenueStaff(server);
  songIds.push(...(await uploadFixtureSongs(server, staff.contentManager.token, 3)));
});

afterAll(async () => {
  await server?.close();
});

/** A subscribed client with a web player holding a playable playlist of the three songs, and a device signed in for its venue. */
async function venueWithPlayer() {
  const playlist = await playlistOf(server, staff.contentManager, songIds, "Живой");
  const subscribed = await subscribedClient(server, staff, [playlist.id]);
  const { client, establishmentId } = subscribed;
  const playerId = await addPlayer(server, client, {
    establishmentId,
    playlistIds: [playlist.id],
  });
  return {
    ...subscribed,
    playlistId: playlist.id,
    playerId,
    deviceToken: await deviceTokenFor(server, client, establishmentId),
  };
}

/** Proves a socket got nothing so far: the first thing it reads is the answer to its ping. */
async function expectNothingReceived(socket: SocketClient) {
  socket.send({ type: "ping" });
  expect(await socket.next()).toEqual({ type: "pong" });
}

describe("live player state over the socket", () => {
  it("snapshots, relays every command to the owner's sockets and the device, and refuses others", async () => {
    const venue = await venueWithPlayer();
    const { playerId, playlistId } = venue;
    const stranger = await createSignedInUser(server, { role: "role-client" });

    // A new socket first gets the state of every player it may see.
    const tabA = await connect(server, venue.client.token);
    const tabB = await connect(server, venue.client.token);
    const outsider = await connect(server, stranger.token);
    for (const tab of [tabA, tabB]) {
      expect(await tab.next()).toMatchObject({
        type: "playerState",
        state: { playerId, online: false, playing: false, volume: 100, loop: false },
      });
    }

    // Nobody plays it yet: a command is answered needToStartPlayerError, to the sender only.
    tabA.send({ type: "pause", playerId });
    expect(await tabA.next()).toEqual({ type: "needToStartPlayerError", playerId });
    await expectNothingReceived(tabB);

    // The device connects: its snapshot, then everyone hears it is online and its schedule.
    const device = await connect(server, venue.deviceToken);
    expect(await device.next()).toMatchObject({ type: "playerState", state: { playerId } });
    for (const socket of [device, tabA, tabB]) {
      expect(await nextOfType(socket, "playerState")).toMatchObject({ state: { online: true } });
      expect(await nextOfType(socket, "status")).toMatchObject({
        playerId,
        schedule: { playlistId: null },
      });
    }

    // Two tabs of one owner see each other's commands; the device gets them too.
    tabA.send({ type: "playPlaylistRequested", playerId, playlistId });
    for (const socket of [tabA, tabB, device]) {
      expect(await socket.next()).toEqual({ type: "playPlaylistRequested", playerId, playlistId });
      expect(await socket.next()).toEqual({
        type: "playSong",
        playerId,
        playlistId,
        songId: songIds[0],
        previousSongId: null,
        nextSongId: songIds[1],
      });
      expect(await socket.next()).toMatchObject({
        type: "playerState",
        state: { songId: songIds[0], playlistId, nextSongId: songIds[1], playing: true },
      });
    }

    tabB.send({ type: "playNextSongRequested", playerId });
    for (const socket of [tabA, tabB, device]) {
      expect(await socket.next()).toEqual({ type: "playNextSongRequested", playerId });
      expect(await socket.next()).toMatchObject({
        type: "playSong",
        songId: songIds[1],
        previousSongId: songIds[0],
        nextSongId: songIds[2],
      });
      await nextOfType(socket, "playerState");
    }
    tabA.send({ type: "playPrevSongRequested", playerId });
    for (const socket of [tabA, tabB, device]) {
      expect(await socket.next()).toEqual({ type: "playPrevSongRequested", playerId });
      expect(await socket.next()).toMatchObject({ type: "playSong", songId: songIds[0] });
      await nextOfType(socket, "playerState");
    }
    tabA.send({ type: "playSongRequested", playerId, songId: songIds[2], playlistId });
    for (const socket of [tabA, tabB, device]) {
      await nextOfType(socket, "playSongRequested");
      expect(await socket.next()).toMatchObject({
        type: "playSong",
        songId: songIds[2],
        previousSongId: songIds[1],
        nextSongId: null,
      });
      await nextOfType(socket, "playerState");
    }
    // Looping: after the last song comes the first.
    tabA.send({ type: "enableLoopPlayingRequested", playerId });
    for (const socket of [tabA, tabB, device]) {
      expect(await socket.next()).toEqual({ type: "enableLoopPlayingRequested", playerId });
      expect(await socket.next()).toMatchObject({
        type: "playerState",
        state: { loop: true, nextSongId: songIds[0] },
      });
    }
    tabB.send({ type: "disableLoopPlayingRequested", playerId });
    for (const socket of [tabA, tabB, device]) {
      expect(await socket.next()).toEqual({ type: "disableLoopPlayingRequested", playerId });
      expect(await socket.next()).toMatchObject({ state: { loop: false, nextSongId: null } });
    }
    tabA.send({ type: "shuffleRequested", playerId, playlistId });
    for (const socket of [tabA, tabB, device]) {
      expect(await socket.next()).toEqual({ type: "shuffleRequested", playerId, playlistId });
      const shuffled = await socket.next();
      expect(shuffled).toMatchObject({ type: "shuffle", playerId, shuffled: true });
      expect(songIds).toContain(shuffled.nextSongId);
      expect(shuffled.nextSongId).not.toBe(songIds[2]);
      expect(await socket.next()).toMatchObject({ state: { shuffle: true } });
    }
    for (const type of ["pause", "play", "resumePlay"] as const) {
      tabA.send({ type, playerId });
      for (const socket of [tabA, tabB, device]) {
        expect(await socket.next()).toEqual({ type, playerId });
        expect(await socket.next()).toMatchObject({ state: { playing: type !== "pause" } });
      }
    }
    tabB.send({ type: "volume", playerId, volume: 35 });
    for (const socket of [tabA, tabB, device]) {
      expect(await socket.next()).toEqual({ type: "volume", playerId, volume: 35 });
      expect(await socket.next()).toMatchObject({ state: { volume: 35 } });
    }

    // A playlist that is not on the player, or a song not in it, is refused to the sender alone.
    tabA.send({ type: "playPlaylistRequested", playerId, playlistId: songIds[0] });
    expect(await tabA.next()).toEqual({ type: "error", message: liveErrors.playlistNotOnPlayer });
    tabA.send({ type: "playSongRequested", playerId, playlistId, songId: playlistId });
    expect(await tabA.next()).toEqual({ type: "error", message: liveErrors.songNotInPlaylist });

    // Another owner's commands are refused and reach no one.
    outsider.send({ type: "pause", playerId });
    expect(await outsider.next()).toEqual({ type: "error", message: liveErrors.playerNotFound });
    outsider.send({
      type: "playerStatus",
      playerId,
      songId: null,
      playlistId: null,
      positionSeconds: 1,
      volume: 1,
      playing: false,
    });
    expect(await outsider.next()).toEqual({ type: "error", message: liveErrors.playerNotFound });
    for (const socket of [tabA, tabB, device]) await expectNothingReceived(socket);

    // Only the device reports what it plays.
    tabA.send({
      type: "playerStatus",
      playerId,
      songId: songIds[1],
      playlistId,
      positionSeconds: 3,
      volume: 50,
      playing: true,
    });
    expect(await tabA.next()).toEqual({ type: "error", message: liveErrors.onlyDevice });
    // It plays the third song, the last it was told (a song told before it would be a stale
    // report, sent before the device heard the newer command: live-remote.test.ts).
    device.send({
      type: "playerStatus",
      playerId,
      songId: songIds[2],
      playlistId,
      positionSeconds: 42.5,
      volume: 60,
      playing: true,
    });
    for (const socket of [tabA, tabB, device]) {
      const state = (await socket.next()) as { state: { positionAt: string } };
      expect(state).toMatchObject({
        type: "playerState",
        state: { songId: songIds[2], positionSeconds: 42.5, volume: 60, playing: true },
      });
      expect(Date.parse(state.state.positionAt)).toBeGreaterThan(Date.now() - 10_000);
    }
    const playId = "5b0c8f0e-6a4e-4c49-9d55-1f2b3c4d5e6f";
    device.send({
      type: "songStarted",
      playerId,
      playId,
      songId: songIds[0],
      playlistId,
      fallback: false,
      startedAt: new Date().toISOString(),
    });
    expect(await tabA.next()).toMatchObject({
      type: "playerState",
      state: { songId: songIds[0], previousSongId: songIds[2], playing: true, positionSeconds: 0 },
    });
    device.send({
      type: "songEnded",
      playerId,
      playId,
      endedAt: new Date().toISOString(),
      ending: "stopped",
    });
    expect(await tabA.next()).toMatchObject({ type: "playerState", state: { playing: false } });
    device.send({ type: "songEnded", playerId, playId, endedAt: "yesterday", ending: "stopped" });
    // The device's own reports came back to it as states before the refusal.
    expect(await nextOfType(device, "error")).toEqual({
      type: "error",
      message: SOCKET_ERRORS.invalidFields,
    });

    // A reconnecting tab gets the state as it is now, first.
    tabB.socket.close();
    const again = await connect(server, venue.client.token);
    expect(await again.next()).toMatchObject({
      type: "playerState",
      state: { playerId, volume: 60, shuffle: true, online: true, songId: songIds[0] },
    });

    // The device leaves: the owner hears it is offline.
    device.socket.close();
    for (const socket of [tabA, again]) {
      expect(await nextOfType(socket, "playerState")).toMatchObject({
        state: { online: false, playing: false },
      });
    }
    again.send({ type: "play", playerId });
    expect(await again.next()).toEqual({ type: "needToStartPlayerError", playerId });
    for (const socket of [tabA, again, outsider]) socket.socket.close();
  });

  it("lets a device control only its own venue's player", async () => {
    const venue = await venueWithPlayer();
    const secondVenueId = await createEstablishment(server, venue.client.id, {
      name: "Второй зал",
    });
    const secondPlayer = await post("/music/player/add", venue.client.token, {
      name: "Веранда",
      type: "web",
      address: "Москва, Арбат, 1",
      establishmentId: secondVenueId,
    });
    expect(secondPlayer.status).toBe(201);
    const device = await connect(server, venue.deviceToken);
    // Its snapshot holds its own player only.
    expect(await device.next()).toMatchObject({
      type: "playerState",
      state: { playerId: venue.playerId },
    });
    await nextOfType(device, "status");
    // Its venue counts it online; the other venue's player is not.
    const venueInfo = async (id: string) =>
      (await get(`/establishment/${venue.client.id}/${id}`, venue.client.token)).body.playerInfo;
    expect(await venueInfo(venue.establishmentId)).toEqual({ players: 1, online: 1 });
    expect(await venueInfo(secondVenueId)).toEqual({ players: 1, online: 0 });
    device.send({ type: "pause", playerId: secondPlayer.body.id });
    expect(await device.next()).toEqual({ type: "error", message: liveErrors.playerNotFound });
    device.send({ type: "volume", playerId: venue.playerId, volume: 10 });
    expect(await device.next()).toEqual({ type: "volume", playerId: venue.playerId, volume: 10 });
    device.socket.close();
  });

  it("pushes the schedule's decision to the device within a second of a change", async () => {
    const venue = await venueWithPlayer();
    const device = await connect(server, venue.deviceToken);
    expect(await nextOfType(device, "status")).toMatchObject({ schedule: { playlistId: null } });
    const started = Date.now();
    const fallback = await post(`/music/player/${venue.playerId}/fallback`, venue.client.token, {
      playlistId: venue.playlistId,
    });
    expect(fallback.status).toBe(200);
    expect(await nextOfType(device, "status")).toMatchObject({
      playerId: venue.playerId,
      schedule: { playlistId: venue.playlistId, fallback: true },
    });
    expect(Date.now() - started).toBeLessThan(1_000 + 500);
    device.socket.close();
  });

  it("pushes the next decision when the current one's time is up", async () => {
    const venue = await venueWithPlayer();
    const device = await connect(server, venue.deviceToken);
    await nextOfType(device, "status");
    // A window of two seconds starting in about two, on the venue's wall clock (Moscow, UTC+3).
    const startMs = Math.ceil((Date.now() + 1_500) / 1_000) * 1_000;
    const endMs = startMs + 2_000;
    const moscow = (ms: number) => new Date(ms + 3 * 3_600_000);
    const clock = (ms: number) => moscow(ms).toISOString().slice(11, 19);
    const weekday = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"][
      moscow(startMs).getUTCDay()
    ];
    const added = await post(
      `/music/player/${venue.playerId}/playlist/${venue.playlistId}/schedule/add`,
      venue.client.token,
      { startTime: clock(startMs), endTime: clock(endMs), weekdays: [weekday] },
    );
    expect(added.status).toBe(201);
    const statusWith = async (playlistId: string | null) => {
      for (;;) {
        const status = (await nextOfType(device, "status")) as {
          schedule: { playlistId: unknown };
        };
        if (status.schedule.playlistId === playlistId) return status;
      }
    };
    expect(await statusWith(venue.playlistId)).toMatchObject({
      schedule: { fallback: false, until: new Date(endMs).toISOString() },
    });
    expect(Date.now()).toBeGreaterThanOrEqual(startMs);
    expect(Date.now()).toBeLessThan(startMs + 1_000);
    await statusWith(null);
    expect(Date.now()).toBeGreaterThanOrEqual(endMs);
    expect(Date.now()).toBeLessThan(endMs + 1_000);
    device.socket.close();
  });

  it("stops a subscription's music on the running player when its period ends", async () => {
    const venue = await venueWithPlayer();
    const device = await connect(server, venue.deviceToken);
    await nextOfType(device, "status");
    await post(`/music/player/${venue.playerId}/fallback`, venue.client.token, {
      playlistId: venue.playlistId,
    });
    expect(await nextOfType(device, "status")).toMatchObject({
      schedule: { playlistId: venue.playlistId },
    });
    // The period ends in a second and a half (as if a month had passed); the
    // change is announced as every subscription change is.
    const endsAt = new Date(Date.now() + 1_500);
    await server.app.db
      .update(subscriptions)
      .set({ endsAt })
      .where(eq(subscriptions.id, venue.subscriptionId));
    await server.app.modules.library.musicAccessChanged();
    expect(await nextOfType(device, "status")).toMatchObject({
      playerId: venue.playerId,
      schedule: { playlistId: null, fallback: false },
    });
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime());
    expect(Date.now()).toBeLessThan(endsAt.getTime() + 1_000);
    const subscription = await get(`/subscription/${venue.subscriptionId}`, venue.client.token);
    expect(subscription.body.state).toBe("ended");
    const allowed = await get(`/music/playlist/${venue.client.id}/allowed`, venue.client.token);
    expect(allowed.body.data ?? allowed.body).not.toContainEqual(
      expect.objectContaining({ id: venue.playlistId }),
    );
    device.socket.close();
  });

  it("falls back on the running player within a second when staff end the subscription", async () => {
    const venue = await venueWithPlayer();
    const device = await connect(server, venue.deviceToken);
    await nextOfType(device, "status");
    const window = await post(
      `/music/player/${venue.playerId}/playlist/${venue.playlistId}/schedule/add`,
      venue.client.token,
      { startTime: "00:00:00", endTime: "00:00:00", weekdays: [...WEEKDAYS] },
    );
    expect(window.status).toBe(201);
    expect(await nextOfType(device, "status")).toMatchObject({
      schedule: { playlistId: venue.playlistId, fallback: false },
    });
    const started = Date.now();
    const ended = await post(
      `/subscription/${venue.subscriptionId}/end`,
      staff.clientManager.token,
    );
    expect(ended.status).toBe(200);
    expect(await nextOfType(device, "status")).toMatchObject({ schedule: { playlistId: null } });
    expect(Date.now() - started).toBeLessThan(1_000);
    device.socket.close();
  });

  it("forgets a removed player at once: its commands are refused as for no player", async () => {
    const venue = await venueWithPlayer();
    const remote = await connect(server, venue.client.token);
    await nextOfType(remote, "playerState");
    remote.send({ type: "volume", playerId: venue.playerId, volume: 40 });
    expect(await remote.next()).toEqual({
      type: "needToStartPlayerError",
      playerId: venue.playerId,
    });
    const removed = await post(
      `/music/player/${venue.playerId}/${venue.client.id}/remove`,
      venue.client.token,
    );
    expect(removed.status).toBe(200);
    remote.send({ type: "volume", playerId: venue.playerId, volume: 40 });
    expect(await remote.next()).toEqual({ type: "error", message: liveErrors.playerNotFound });
    remote.socket.close();
  });

  it("binds a device's socket to the player it names: the venue's other player stays offline and out of its reach", async () => {
    const venue = await venueWithPlayer();
    const terrace = await addPlayer(server, venue.client, {
      name: "Терраса",
      establishmentId: venue.establishmentId,
    });
    const device = await connect(server, venue.deviceToken, { playerId: venue.playerId });
    const first = await device.next();
    expect(first).toMatchObject({ type: "playerState", state: { playerId: venue.playerId } });
    expect(await nextOfType(device, "status")).toMatchObject({ playerId: venue.playerId });
    const states = await get(`/music/player/${terrace}/live`, venue.client.token);
    expect(states.body).toMatchObject({ online: false });
    expect(
      (await get(`/music/player/${venue.playerId}/live`, venue.client.token)).body,
    ).toMatchObject({ online: true });
    // The owner's command to the terrace finds no device; the device cannot reach the terrace.
    const remote = await connect(server, venue.client.token);
    remote.send({ type: "pause", playerId: terrace });
    expect(await nextOfType(remote, "needToStartPlayerError")).toEqual({
      type: "needToStartPlayerError",
      playerId: terrace,
    });
    device.send({ type: "volume", playerId: terrace, volume: 10 });
    expect(await nextOfType(device, "error")).toEqual({
      type: "error",
      message: liveErrors.playerNotFound,
    });

    // A player of another venue is refused at once, and the socket closed.
    const elsewhere = await venueWithPlayer();
    const wrong = await connect(server, venue.deviceToken, { playerId: elsewhere.playerId });
    expect(await wrong.next()).toEqual({ type: "error", message: MESSAGES.playerNotFound });
    expect(await wrong.closed).toBe(4404);
    device.socket.close();
    remote.socket.close();
  });

  it("refuses a bad token with 'Access denied error'", async () => {
    const socket = await connect(server, "not-a-token");
    expect(await socket.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
    expect(await socket.closed).toBe(4401);
  });
});

describe("remote control over HTTP", () => {
  it("plays, pauses and shuffles through the same service, and refuses bad input changing nothing", async () => {
    const venue = await venueWithPlayer();
    const { playerId, playlistId, client } = venue;
    const stranger = await createSignedInUser(server, { role: "role-client" });

    // Without the device connected a command is 409 and nothing changes.
    const offline = await post(`/music/player/${playerId}/play`, client.token);
    expect(offline.status).toBe(409);
    expect(offline.body).toMatchObject({ type: "conflict" });

    const device = await connect(server, venue.deviceToken);
    await nextOfType(device, "status");
    const played = await post(`/music/player/${playerId}/play`, client.token);
    expect(played.status).toBe(200);
    expect(played.body).toMatchObject({ playerId, playing: true, online: true });
    expect(await device.next()).toEqual({ type: "play", playerId });

    device.send({
      type: "playerStatus",
      playerId,
      songId: songIds[0],
      playlistId,
      positionSeconds: 1,
      volume: 80,
      playing: true,
    });
    // The state the report made (an earlier change's state may still be on its way first).
    for (;;) {
      const state = (await nextOfType(device, "playerState")) as { state?: { volume?: number } };
      if (state.state?.volume === 80) break;
    }
    expect(
      (await get(`/music/player/${playerId}/${playlistId}/playing/status`, client.token)).body,
    ).toEqual({
      playerId,
      playlistId,
      playing: true,
    });
    const paused = await post(`/music/player/${playerId}/pause`, client.token);
    expect(paused.body).toMatchObject({ playing: false });
    expect(
      (await get(`/music/player/${playerId}/${playlistId}/playing/status`, client.token)).body
        .playing,
    ).toBe(false);

    expect(
      (await get(`/music/player/${playerId}/${playlistId}/shuffle/status`, client.token)).body,
    ).toEqual({ shuffled: false });
    const changed = await post(
      `/music/player/${playerId}/${playlistId}/shuffle/change-status`,
      client.token,
    );
    expect(changed.body).toEqual({ shuffled: true });
    expect(
      (await get(`/music/player/${playerId}/${playlistId}/shuffle/status`, client.token)).body,
    ).toEqual({ shuffled: true });

    // Bad input and someone else's player: a clear error, and the state stays.
    const refusals: Array<[Promise<Answer>, number]> = [
      [post(`/music/player/not-an-id/play`, client.token), 400],
      [post(`/music/player/${playerId}/not-an-id/shuffle/change-status`, client.token), 400],
      [post(`/music/player/${playerId}/play`, stranger.token), 404],
      [get(`/music/player/${playerId}/${playlistId}/shuffle/status`, stranger.token), 404],
      [post(`/music/player/${playerId}/${songIds[0]}/shuffle/change-status`, client.token), 404],
      [call(server, "POST", `/music/player/${playerId}/pause`), 401],
    ];
    for (const [answer, status] of refusals) expect((await answer).status).toBe(status);
    const after = await get(`/music/player/${playerId}/${playlistId}/shuffle/status`, client.token);
    expect(after.body).toEqual({ shuffled: true });
    device.socket.close();
  });
});
