import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { uploadFixtureSongs } from "../../../test/library.ts";
import { connect, nextOfType, type SocketClient } from "../../../test/socket-client.ts";
import { markExplicit } from "../../../test/song-marks.ts";
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
 * The explicit filter of an establishment (issue 14) on the real server:
 * at a venue that filters, no command of the socket ever sends its player
 * an explicit song and its device cannot fetch one; elsewhere it plays.
 * And the venue's and the player's settings refuse bad input.
 */

let server: TestServer;
let staff: VenueStaff;
/** Three songs; the middle one is explicit. */
let clean: string;
let explicit: string;
let last: string;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });

/** The status of a song's audio file asked as `<audio>` asks it (the body is audio, not JSON). */
async function fileStatus(songId: string, token: string): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/music/song/${songId}/file`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await createVenueStaff(server);
  const ids: string[] = [];
  ids.push(...(await uploadFixtureSongs(server, staff.contentManager.token, 3)));
  [clean, explicit, last] = ids as [string, string, string];
  await markExplicit(server, staff.contentManager, explicit);
});

afterAll(async () => {
  await server?.close();
});

/** A venue playing [clean, explicit, last]: the owner's tab and the device connected. */
async function playingVenue(options: { filter: boolean }) {
  const playlist = await playlistOf(server, staff.contentManager, [clean, explicit, last]);
  const subscribed = await subscribedClient(server, staff, [playlist.id]);
  const { client, establishmentId } = subscribed;
  if (options.filter) {
    const on = await post(`/establishment/${client.id}/${establishmentId}/change`, client.token, {
      explicitFilter: true,
    });
    expect(on.status).toBe(200);
  }
  const playerId = await addPlayer(server, client, {
    establishmentId,
    playlistIds: [playlist.id],
  });
  const deviceToken = await deviceTokenFor(server, client, establishmentId);
  const tab = await connect(server, client.token);
  const device = await connect(server, deviceToken);
  await nextOfType(device, "status");
  return { ...subscribed, playlistId: playlist.id, playerId, deviceToken, tab, device };
}

/** Sends a command from `tab` and answers the `playSong` the device gets from it. */
async function command(
  venue: { tab: SocketClient; device: SocketClient },
  message: Record<string, unknown>,
) {
  venue.tab.send(message);
  return nextOfType(venue.device, "playSong");
}

describe("at a venue whose explicit filter is on", () => {
  it("never sends an explicit song from play, next, previous, loop, shuffle or by name", async () => {
    const venue = await playingVenue({ filter: true });
    const { playerId, playlistId } = venue;
    expect(await command(venue, { type: "playPlaylistRequested", playerId, playlistId })).toEqual({
      type: "playSong",
      playerId,
      playlistId,
      songId: clean,
      previousSongId: null,
      nextSongId: last,
    });
    expect(await command(venue, { type: "playNextSongRequested", playerId })).toMatchObject({
      songId: last,
      previousSongId: clean,
      nextSongId: null,
    });
    expect(await command(venue, { type: "playPrevSongRequested", playerId })).toMatchObject({
      songId: clean,
      nextSongId: last,
    });

    // Asked for by name: refused to the sender, and the device is sent nothing.
    venue.tab.send({ type: "playSongRequested", playerId, playlistId, songId: explicit });
    expect(await nextOfType(venue.tab, "error")).toEqual({
      type: "error",
      message: liveErrors.explicitFiltered,
    });

    // Looping wraps over it both ways.
    venue.tab.send({ type: "enableLoopPlayingRequested", playerId });
    expect(await command(venue, { type: "playNextSongRequested", playerId })).toMatchObject({
      songId: last,
      nextSongId: clean,
    });
    expect(await command(venue, { type: "playNextSongRequested", playerId })).toMatchObject({
      songId: clean,
      previousSongId: last,
    });
    expect(await command(venue, { type: "playPrevSongRequested", playerId })).toMatchObject({
      songId: last,
    });

    // Shuffled, many nexts: never the explicit one.
    venue.tab.send({ type: "shuffleRequested", playerId, playlistId });
    const shuffled = await nextOfType(venue.device, "shuffle");
    expect(shuffled.nextSongId).not.toBe(explicit);
    const played: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      const sent = await command(venue, { type: "playNextSongRequested", playerId });
      played.push(sent.songId, sent.nextSongId, sent.previousSongId);
    }
    expect(played).not.toContain(explicit);
    expect(new Set(played)).toEqual(new Set([clean, last]));

    venue.tab.socket.close();
    venue.device.socket.close();
  });

  it("refuses the device the explicit song's file and meta with a reason; the others it gets", async () => {
    const venue = await playingVenue({ filter: true });
    for (const path of [`/music/song/${explicit}/file`, `/music/song/${explicit}/meta`]) {
      expect(await get(path, venue.deviceToken)).toMatchObject({
        status: 403,
        body: {
          type: "forbidden",
          reason: "Эта песня содержит ненормативную лексику: в этом заведении она не играет",
        },
      });
    }
    expect(await fileStatus(clean, venue.deviceToken)).toBe(200);
    expect((await get(`/music/song/${last}/meta`, venue.deviceToken)).status).toBe(200);
    // The filter is about what plays in the venue: the owner's browser still opens it.
    expect((await get(`/music/song/${explicit}/meta`, venue.client.token)).status).toBe(200);
    venue.tab.socket.close();
    venue.device.socket.close();
  });
});

describe("at a venue without the filter", () => {
  it("plays the explicit song; turning the filter on skips it at once and shuts its file", async () => {
    const venue = await playingVenue({ filter: false });
    const { playerId, playlistId, client, establishmentId } = venue;
    expect(
      await command(venue, { type: "playSongRequested", playerId, playlistId, songId: explicit }),
    ).toMatchObject({ songId: explicit, previousSongId: clean, nextSongId: last });
    expect(await fileStatus(explicit, venue.deviceToken)).toBe(200);

    const on = await post(`/establishment/${client.id}/${establishmentId}/change`, client.token, {
      explicitFilter: true,
    });
    expect(on.status).toBe(200);
    // The player on the explicit song moves to the next allowed one.
    expect(await nextOfType(venue.device, "playSong")).toEqual({
      type: "playSong",
      playerId,
      playlistId,
      songId: last,
      previousSongId: clean,
      nextSongId: null,
    });
    // Every process forgot the old filter: the file is shut now.
    expect(await fileStatus(explicit, venue.deviceToken)).toBe(403);
    venue.tab.socket.close();
    venue.device.socket.close();
  });
});

describe("the settings' input", () => {
  it("keeps an establishment's filter when a change omits it, and refuses a non-boolean changing nothing", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const added = await post(`/establishment/${client.id}/add`, client.token, {
      name: "Бар «Тишина»",
      address: "Москва, Тверская, 9",
    });
    expect(added.status).toBe(201);
    expect(added.body.explicitFilter).toBe(false);
    const path = `/establishment/${client.id}/${added.body.id}`;
    expect((await post(`${path}/change`, client.token, { explicitFilter: true })).status).toBe(200);
    const renamed = await post(`${path}/change`, client.token, { name: "Бар «Шум»" });
    expect(renamed.body).toMatchObject({ name: "Бар «Шум»", explicitFilter: true });
    for (const explicitFilter of ["yes", 1, null, "false"]) {
      expect(
        await post(`${path}/change`, client.token, { name: "Бар «Другой»", explicitFilter }),
      ).toMatchObject({ status: 400, body: { type: "validation-error" } });
    }
    expect((await get(path, client.token)).body).toMatchObject({
      name: "Бар «Шум»",
      explicitFilter: true,
    });
    // A new one may start filtering.
    const strict = await post(`/establishment/${client.id}/add`, client.token, {
      name: "Детское кафе",
      address: "Москва, Арбат, 1",
      explicitFilter: true,
    });
    expect(strict.body.explicitFilter).toBe(true);
  });

  it("takes a player's crossfade of 0 to 12 whole seconds and refuses the rest changing nothing", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const { client: owner, establishmentId } = await subscribedClient(server, staff, []);
    const playerId = await addPlayer(server, owner, { establishmentId });
    const path = `/music/player/${playerId}`;
    expect((await get(path, owner.token)).body.crossfadeSeconds).toBe(4);
    for (const crossfadeSeconds of [13, -1, 2.5, "4", null]) {
      expect(
        await post(`${path}/change`, owner.token, { name: "Терраса", crossfadeSeconds }),
      ).toMatchObject({ status: 400, body: { type: "validation-error" } });
    }
    expect((await get(path, owner.token)).body).toMatchObject({
      name: "Зал",
      crossfadeSeconds: 4,
    });
    for (const crossfadeSeconds of [0, 12]) {
      const changed = await post(`${path}/change`, owner.token, { crossfadeSeconds });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ name: "Зал", crossfadeSeconds });
    }
    // Not the owner's: no change.
    expect((await post(`${path}/change`, client.token, { crossfadeSeconds: 1 })).status).toBe(404);
    expect((await get(path, owner.token)).body.crossfadeSeconds).toBe(12);
  });
});

describe("a song's mark", () => {
  it("once cleared, lets the filtering venue's device fetch the song again", async () => {
    const venue = await playingVenue({ filter: true });
    expect(await fileStatus(explicit, venue.deviceToken)).toBe(403);
    await markExplicit(server, staff.contentManager, explicit, false);
    expect(await fileStatus(explicit, venue.deviceToken)).toBe(200);
    venue.tab.send({ type: "playSongRequested", ...venue, songId: explicit });
    expect(await nextOfType(venue.device, "playSong")).toMatchObject({ songId: explicit });
    venue.tab.socket.close();
    venue.device.socket.close();
  });
});
