import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/**
 * The owner's remote (issue 28) on the real server: a song chosen by name,
 * «Продолжить», and «Следующий трек» pressed twice before the device
 * reported the first — the device's late report of the song it left at
 * once must not bring that song back.
 */

let server: TestServer;
let staff: VenueStaff;
const songIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  staff = await createVenueStaff(server);
  songIds.push(...(await uploadFixtureSongs(server, staff.contentManager.token, 4)));
});

afterAll(async () => {
  await server?.close();
});

/** A subscribed client's player with a playlist of the four songs, its owner's socket and its device's, connected. */
async function playingVenue() {
  const playlist = await playlistOf(server, staff.contentManager, songIds, "Пульт");
  const { client, establishmentId } = await subscribedClient(server, staff, [playlist.id]);
  const playerId = await addPlayer(server, client, {
    establishmentId,
    playlistIds: [playlist.id],
  });
  const device = await connect(server, await deviceTokenFor(server, client, establishmentId));
  await nextOfType(device, "status");
  const owner = await connect(server, client.token);
  await nextOfType(owner, "playerState");
  return { client, playerId, playlistId: playlist.id, device, owner };
}

type Venue = Awaited<ReturnType<typeof playingVenue>>;

/** What a device sends as it begins a song: the start, then its status. Answers the play's id. */
function reportStarted(venue: Venue, songId: string): string {
  const playId = randomUUID();
  const { playerId, playlistId, device } = venue;
  const startedAt = new Date().toISOString();
  device.send({
    type: "songStarted",
    playerId,
    playId,
    songId,
    playlistId,
    fallback: false,
    startedAt,
  });
  device.send({
    type: "playerStatus",
    playerId,
    songId,
    playlistId,
    positionSeconds: 0,
    volume: 100,
    playing: true,
  });
  return playId;
}

function reportEnded(venue: Venue, playId: string): void {
  const { playerId, device } = venue;
  device.send({
    type: "songEnded",
    playerId,
    playId,
    endedAt: new Date().toISOString(),
    ending: "skipped",
  });
}

/** Waits until the server handled everything `socket` sent so far (its frames are handled in order). */
async function handled(socket: SocketClient): Promise<void> {
  socket.send({ type: "ping" });
  await nextOfType(socket, "pong");
}

/** The next state `socket` hears in which `wanted` holds (earlier ones pass by). */
async function stateWhere(socket: SocketClient, wanted: Record<string, unknown>) {
  for (;;) {
    const message = (await nextOfType(socket, "playerState")) as {
      state: Record<string, unknown>;
    };
    if (Object.entries(wanted).every(([key, value]) => message.state[key] === value)) {
      return message.state;
    }
  }
}

/** The player's state as a newly opened owner's socket gets it first. */
async function stateNow(venue: Venue) {
  const socket = await connect(server, venue.client.token);
  const first = (await socket.next()) as { type: string; state: Record<string, unknown> };
  socket.socket.close();
  expect(first.type).toBe("playerState");
  return first.state;
}

describe("the owner's remote", () => {
  it("«next» twice quickly advances twice: the device's late start of the first song changes nothing", async () => {
    const venue = await playingVenue();
    const { playerId, playlistId, device, owner } = venue;
    const [first, second, third, fourth] = songIds;
    owner.send({ type: "playPlaylistRequested", playerId, playlistId });
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: first });
    const firstPlay = reportStarted(venue, first as string);
    await handled(device);

    // Two presses before the device said anything of the first.
    owner.send({ type: "playNextSongRequested", playerId });
    owner.send({ type: "playNextSongRequested", playerId });
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: second });
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: third });

    // It began the second song before it heard of the third: that report comes late.
    reportEnded(venue, firstPlay);
    const secondPlay = reportStarted(venue, second as string);
    await handled(device);
    expect(await stateNow(venue)).toMatchObject({
      songId: third,
      previousSongId: second,
      nextSongId: fourth,
      playing: true,
    });

    // It leaves it for the third at once; a third press goes on from there.
    reportEnded(venue, secondPlay);
    reportStarted(venue, third as string);
    await handled(device);
    expect(await stateNow(venue)).toMatchObject({ songId: third, nextSongId: fourth });
    owner.send({ type: "playNextSongRequested", playerId });
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: fourth });

    // Both plays are in the history: the late one did sound, for a moment.
    await expect
      .poll(async () => {
        const history = await call(server, "GET", `/music/player/${playerId}/history`, {
          token: venue.client.token,
        });
        const plays = history.body.data as Array<{ songId: string }>;
        return plays.map((play) => play.songId).reverse();
      })
      .toEqual([first, second, third]);
    for (const socket of [device, owner]) socket.socket.close();
  });

  it("believes a device that went on to a song it was not told while a command was on its way", async () => {
    const venue = await playingVenue();
    const { playerId, playlistId, device, owner } = venue;
    const [first, second, , fourth] = songIds;
    owner.send({ type: "playPlaylistRequested", playerId, playlistId });
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: first });
    owner.send({ type: "playNextSongRequested", playerId });
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: second });

    // The second song would not load: the device went on to the fourth on its own.
    reportStarted(venue, fourth as string);
    await handled(device);
    expect(await stateNow(venue)).toMatchObject({ songId: fourth, previousSongId: second });
    for (const socket of [device, owner]) socket.socket.close();
  });

  it("«next» right after «Продолжить»: the device's late start of the resumed song changes nothing", async () => {
    const venue = await playingVenue();
    const { playerId, playlistId, device, owner } = venue;
    const [first, second, third] = songIds;
    owner.send({ type: "playPlaylistRequested", playerId, playlistId });
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: first });
    const firstPlay = reportStarted(venue, first as string);
    await handled(device);
    owner.send({ type: "pause", playerId });
    await nextOfType(device, "pause");
    reportEnded(venue, firstPlay);
    await handled(device);

    owner.send({ type: "resumePlay", playerId });
    owner.send({ type: "playNextSongRequested", playerId });
    await nextOfType(device, "resumePlay");
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: second });
    // The device resumed the first song before it heard «next»: that start comes late.
    reportStarted(venue, first as string);
    await handled(device);
    expect(await stateNow(venue)).toMatchObject({ songId: second, nextSongId: third });
    owner.send({ type: "playNextSongRequested", playerId });
    expect(await nextOfType(device, "playSong")).toMatchObject({ songId: third });
    for (const socket of [device, owner]) socket.socket.close();
  });

  it("plays a song chosen by name and continues a paused one on the device («Продолжить»)", async () => {
    const venue = await playingVenue();
    const { playerId, playlistId, device, owner } = venue;
    const chosen = songIds[2] as string;
    owner.send({ type: "playSongRequested", playerId, songId: chosen, playlistId });
    expect(await device.next()).toEqual({
      type: "playSongRequested",
      playerId,
      songId: chosen,
      playlistId,
    });
    expect(await device.next()).toEqual({
      type: "playSong",
      playerId,
      songId: chosen,
      playlistId,
      previousSongId: songIds[1],
      nextSongId: songIds[3],
    });
    await stateWhere(owner, { songId: chosen, playing: true });
    reportStarted(venue, chosen);
    await handled(device);

    owner.send({ type: "pause", playerId });
    expect(await nextOfType(device, "pause")).toEqual({ type: "pause", playerId });
    await stateWhere(owner, { songId: chosen, playing: false });
    owner.send({ type: "resumePlay", playerId });
    expect(await nextOfType(device, "resumePlay")).toEqual({ type: "resumePlay", playerId });
    await stateWhere(owner, { songId: chosen, playing: true });
    for (const socket of [device, owner]) socket.socket.close();
  });
});
