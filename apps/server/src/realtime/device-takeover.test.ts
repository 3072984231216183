import { MESSAGES } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestServer, type TestServer } from "../test/harness.ts";
import { connect, nextOfType, type SocketClient } from "../test/socket-client.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  type SubscribedClient,
  songInPlaylist,
  step,
  subscribedClient,
  type VenueStaff,
} from "../test/venues.ts";

/**
 * One player, one device (issue 28): a device socket that begins to play a
 * player takes it over from the one that played it, which is told
 * 'Плеер запущен на другом устройстве' and closed with 4409, so two devices
 * never play one player and file its history at once. The newer one plays
 * on; the owner's browsers and the venue's other players are untouched.
 */

let server: TestServer;
let staff: VenueStaff;
let subscribed: SubscribedClient;

beforeAll(async () => {
  server = await startTestServer();
  staff = await createVenueStaff(server);
  const { playlistId } = await songInPlaylist(server, staff.contentManager, "Смена устройства");
  subscribed = await subscribedClient(server, staff, [playlistId]);
});

afterAll(async () => {
  await server?.close();
});

/** A device session of this browser for the web player, as «Играть в этом браузере» makes. */
async function playHere(playerId: string): Promise<string> {
  const answer = await step(server, `/music/player/${playerId}/play-here`, subscribed.client.token);
  return answer.tokens.token as string;
}

/** Opens the socket and waits until it answers: it is admitted. */
async function admitted(token: string, query: Record<string, string> = {}): Promise<SocketClient> {
  const socket = await connect(server, token, query);
  socket.send({ type: "ping" });
  await nextOfType(socket, "pong");
  return socket;
}

async function expectTakenOver(socket: SocketClient) {
  expect(await nextOfType(socket, "error")).toEqual({
    type: "error",
    message: MESSAGES.playerTakenOver,
  });
  expect(await socket.closed).toBe(4409);
}

async function expectPlaysOn(socket: SocketClient) {
  socket.send({ type: "ping" });
  expect(await nextOfType(socket, "pong")).toEqual({ type: "pong" });
}

describe("a player taken over by another device", () => {
  it("stops the device that played it, says why, and the newer one plays on; taking it back works alike", async () => {
    const playerId = await addPlayer(server, subscribed.client, {
      establishmentId: subscribed.establishmentId,
    });
    const other = await addPlayer(server, subscribed.client, {
      establishmentId: subscribed.establishmentId,
      name: "Терраса",
    });
    const owner = await admitted(subscribed.client.token);
    const venueScreen = await admitted(await playHere(playerId));
    const terrace = await admitted(await playHere(other));

    const laptopToken = await playHere(playerId);
    const laptop = await admitted(laptopToken);
    await expectTakenOver(venueScreen);
    await expectPlaysOn(laptop);
    // The owner's browser and the venue's other player are not devices of this player.
    await expectPlaysOn(owner);
    await expectPlaysOn(terrace);
    // The player stays online: the newer device came online before the older one went.
    const live = await call(server, "GET", `/music/player/${playerId}/live`, {
      token: subscribed.client.token,
    });
    expect(live.body).toMatchObject({ online: true });

    // The venue screen takes it back (its owner pressed «Играть здесь»).
    const again = await admitted(await playHere(playerId));
    await expectTakenOver(laptop);
    await expectPlaysOn(again);
    for (const socket of [owner, terrace, again]) socket.socket.close();
  });

  it("holds for a box too: a second box naming the same player takes it over", async () => {
    const box = await addPlayer(server, subscribed.client, {
      type: "boxPlayer",
      serialBoxNumber: "TAKE-0001",
      establishmentId: subscribed.establishmentId,
    });
    const first = await admitted(
      await deviceTokenFor(server, subscribed.client, subscribed.establishmentId),
      { playerId: box },
    );
    const second = await admitted(
      await deviceTokenFor(server, subscribed.client, subscribed.establishmentId),
      { playerId: box },
    );
    await expectTakenOver(first);
    await expectPlaysOn(second);
    second.socket.close();
  });
});
