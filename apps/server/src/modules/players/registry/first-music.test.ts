import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEstablishment } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { connect, nextOfType } from "../../../test/socket-client.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  playlistOf,
  type SubscribedClient,
  songInPlaylist,
  step,
  subscribedClient,
  subscribeVenue,
  type VenueStaff,
} from "../../../test/venues.ts";

/**
 * A paired player plays (issue 28): every new player, however it is made,
 * starts with the first playlist (by name) its venue's subscription offers
 * as its fallback, so approval means sound. A player made before its venue
 * had any subscription gets it when it is paired (a web player's code
 * approved for it, a box's socket naming it); a player whose owner chose
 * its music keeps it.
 */

let server: TestServer;
let staff: VenueStaff;
let first: string;
let second: string;
let subscribed: SubscribedClient;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

beforeAll(async () => {
  server = await startTestServer();
  staff = await createVenueStaff(server);
  // Named so that «А…» comes first in Russian order, whatever the order of making.
  second = (await playlistOf(server, staff.contentManager, [], "Вечер в кафе")).id;
  ({ playlistId: first } = await songInPlaylist(server, staff.contentManager, "Акустика утром"));
  subscribed = await subscribedClient(server, staff, [second, first]);
});

afterAll(async () => {
  await server?.close();
});

const playerOf = async (id: string) =>
  (await get(`/music/player/${id}`, subscribed.client.token)).body;
const playlistsOn = async (id: string) =>
  (await get(`/music/player/${id}/playlist/all`, subscribed.client.token)).body.data as Array<{
    playlistId: string;
  }>;

describe("a new player's first music", () => {
  it("is the first playlist of its venue's subscription, for a web player and a box added by hand", async () => {
    const web = await addPlayer(server, subscribed.client, {
      establishmentId: subscribed.establishmentId,
      firstMusic: true,
    });
    const box = await addPlayer(server, subscribed.client, {
      type: "boxPlayer",
      serialBoxNumber: "FM-0001",
      establishmentId: subscribed.establishmentId,
      firstMusic: true,
    });
    for (const id of [web, box]) {
      expect((await playerOf(id)).fallbackPlaylistId).toBe(first);
      expect((await playlistsOn(id)).map((playlist) => playlist.playlistId)).toEqual([first]);
    }
  });

  it("plays at once when the box is paired: its socket's status names the playlist", async () => {
    const box = await addPlayer(server, subscribed.client, {
      type: "boxPlayer",
      serialBoxNumber: "FM-0002",
      establishmentId: subscribed.establishmentId,
      firstMusic: true,
    });
    const token = await deviceTokenFor(server, subscribed.client, subscribed.establishmentId);
    const socket = await connect(server, token, { playerId: box });
    expect(await nextOfType(socket, "status")).toMatchObject({
      playerId: box,
      schedule: { playlistId: first },
    });
    socket.socket.close();
  });

  it("comes at pairing for a box and a web player made before their venue had a subscription", async () => {
    const establishmentId = await createEstablishment(server, subscribed.client.id);
    const box = await addPlayer(server, subscribed.client, {
      type: "boxPlayer",
      serialBoxNumber: "FM-0003",
      establishmentId,
    });
    const web = await addPlayer(server, subscribed.client, { establishmentId, name: "Терраса" });
    expect((await playerOf(box)).fallbackPlaylistId).toBeNull();
    expect((await playerOf(web)).fallbackPlaylistId).toBeNull();

    await subscribeVenue(server, staff, subscribed, establishmentId);

    // The box: its socket names it, it is bound, and its status already names the music.
    const token = await deviceTokenFor(server, subscribed.client, establishmentId);
    const socket = await connect(server, token, { playerId: box });
    expect(await nextOfType(socket, "status")).toMatchObject({
      playerId: box,
      schedule: { playlistId: first },
    });
    socket.socket.close();
    expect((await playerOf(box)).fallbackPlaylistId).toBe(first);

    // The web player: its code approved for it.
    const created = await step(server, "/auth/code/create-code", undefined, { kind: "webPlayer" });
    await step(server, "/auth/code/approve-code", subscribed.client.token, {
      code: created.code,
      establishmentId,
      playerId: web,
    });
    expect((await playerOf(web)).fallbackPlaylistId).toBe(first);
  });

  it("leaves a player whose owner chose its music as it is", async () => {
    const establishmentId = await createEstablishment(server, subscribed.client.id);
    const box = await addPlayer(server, subscribed.client, {
      type: "boxPlayer",
      serialBoxNumber: "FM-0004",
      establishmentId,
    });
    await subscribeVenue(server, staff, subscribed, establishmentId);
    await step(server, `/music/player/${box}/playlist/add`, subscribed.client.token, {
      playlistId: second,
    });
    const token = await deviceTokenFor(server, subscribed.client, establishmentId);
    const socket = await connect(server, token, { playerId: box });
    expect(await nextOfType(socket, "status")).toMatchObject({ schedule: { playlistId: null } });
    socket.socket.close();
    expect((await playerOf(box)).fallbackPlaylistId).toBeNull();
    expect((await playlistsOn(box)).map((playlist) => playlist.playlistId)).toEqual([second]);
  });

  it("is none at a venue whose subscription offers nothing yet, and nothing is refused", async () => {
    const establishmentId = await createEstablishment(server, subscribed.client.id);
    const web = await addPlayer(server, subscribed.client, { establishmentId });
    expect((await playerOf(web)).fallbackPlaylistId).toBeNull();
    expect(await playlistsOn(web)).toEqual([]);
  });
});
