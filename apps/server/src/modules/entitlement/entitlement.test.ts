import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema.ts";
import { readyToSubscribe, tariffInput } from "../../test/clients.ts";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  songInPlaylist,
  step,
  subscribedClient,
  subscribeVenue,
  type VenueStaff,
} from "../../test/venues.ts";
import { createEntitlement } from "./entitlement.ts";

/**
 * What a venue pays for is what plays there (issue 27): only an active
 * subscription of that very venue licenses music. Pending, suspended and
 * ended-by-date subscriptions stream nothing — the file (by Range, by
 * header or `?access_token`), the meta, the cover, the playlist — to the
 * client or to the venue's device; activation and resumption bring it
 * back at once; one venue's subscription plays at no other venue.
 */

let server: TestServer;
let staff: VenueStaff;
let songId: string;
let playlistId: string;
let tariffId: string;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

beforeAll(async () => {
  server = await startTestServer();
  staff = await createVenueStaff(server);
  ({ songId, playlistId } = await songInPlaylist(server, staff.contentManager, "Лицензия"));
  const tariff = await step(
    server,
    "/tariff/add",
    staff.admin.token,
    tariffInput({ playlistIds: [playlistId] }),
  );
  tariffId = tariff.id;
});

afterAll(async () => {
  await server?.close();
});

/** Status of a request; the body is read so that the connection is free again. */
async function statusOf(url: string, headers: Record<string, string> = {}): Promise<number> {
  const answer = await fetch(`${server.url}/api/v1${url}`, { headers });
  await answer.arrayBuffer();
  return answer.status;
}

/** What of the song reaches a device token: the file by `?access_token` and by header with a Range, the cover. */
async function deviceReach(token: string) {
  return {
    file: await statusOf(`/music/song/${songId}/file?access_token=${token}`, {
      range: "bytes=0-9",
    }),
    range: await statusOf(`/music/song/${songId}/file`, {
      authorization: `Bearer ${token}`,
      range: "bytes=10-19",
    }),
    cover: await statusOf(`/music/song/${songId}/avatar-file?access_token=${token}`),
  };
}

/** What reaches a client in the browser: the device's view plus the meta and the playlist. */
async function clientReach(token: string) {
  return {
    ...(await deviceReach(token)),
    meta: (await get(`/music/song/${songId}/meta`, token)).status,
    playlist: (await get(`/music/playlist/${playlistId}`, token)).status,
  };
}

const OPEN_DEVICE = { file: 206, range: 206, cover: 200 };
const CLOSED_DEVICE = { file: 404, range: 404, cover: 404 };
const OPEN = { ...OPEN_DEVICE, meta: 200, playlist: 200 };
const CLOSED = { ...CLOSED_DEVICE, meta: 404, playlist: 404 };

/** A client with one venue and a subscription to the tariff, still pending. */
async function pendingClient() {
  const client = await createSignedInUser(server, { role: "role-client" });
  const ready = await readyToSubscribe(server, client);
  const subscription = await step(server, `/subscription/${client.id}/add`, client.token, {
    ...ready,
    tariffId,
    itemIds: [],
    periodMonths: 1,
  });
  return { client, establishmentId: ready.establishmentId, subscriptionId: subscription.id };
}

function act(id: string, action: string, token = staff.clientManager.token) {
  return call(server, "POST", `/subscription/${id}/${action}`, { token });
}

async function allowedList(client: SignedInUser): Promise<string[]> {
  const answer = await get(`/music/playlist/${client.id}/allowed?limit=50`, client.token);
  expect(answer.status).toBe(200);
  return answer.body.data.map((playlist: { id: string }) => playlist.id);
}

describe("a venue's licence", () => {
  it("is nothing while pending or suspended; activation and resumption bring the music back at once", async () => {
    const { client, establishmentId, subscriptionId } = await pendingClient();
    const device = await deviceTokenFor(server, client, establishmentId);

    expect(await clientReach(client.token)).toEqual(CLOSED);
    expect(await deviceReach(device)).toEqual(CLOSED_DEVICE);
    expect(await allowedList(client)).toEqual([]);

    expect((await act(subscriptionId, "activate")).status).toBe(200);
    expect(await clientReach(client.token)).toEqual(OPEN);
    expect(await deviceReach(device)).toEqual(OPEN_DEVICE);
    expect(await allowedList(client)).toEqual([playlistId]);

    expect((await act(subscriptionId, "suspend")).status).toBe(200);
    expect(await clientReach(client.token)).toEqual(CLOSED);
    expect(await deviceReach(device)).toEqual(CLOSED_DEVICE);

    expect((await act(subscriptionId, "resume")).status).toBe(200);
    expect(await clientReach(client.token)).toEqual(OPEN);
    expect(await deviceReach(device)).toEqual(OPEN_DEVICE);
  });

  it("of one venue plays at no other venue of the owner", async () => {
    const subscribed = await subscribedClient(server, staff, [], { id: tariffId });
    const { client } = subscribed;
    const second = await step(server, `/establishment/${client.id}/add`, client.token, {
      name: "Вторая кофейня",
      address: "Москва, Арбат, 1",
    });
    const licensedDevice = await deviceTokenFor(server, client, subscribed.establishmentId);
    const unlicensedDevice = await deviceTokenFor(server, client, second.id);
    expect(await deviceReach(licensedDevice)).toEqual(OPEN_DEVICE);
    expect(await deviceReach(unlicensedDevice)).toEqual(CLOSED_DEVICE);

    // The second venue's player is told why, and cannot be given the first venue's music.
    const playerId = await addPlayer(server, client, { establishmentId: second.id });
    const player = await get(`/music/player/${playerId}`, client.token);
    expect(player.body.licence).toEqual({ state: "none", until: null });
    const refused = await call(server, "POST", `/music/player/${playerId}/playlist/add`, {
      token: client.token,
      body: { playlistId },
    });
    expect(refused.status).toBe(403);
    const plan = await get(`/music/player/${playerId}/plan`, client.token);
    expect(plan.body).toMatchObject({ licence: { state: "none" }, playlists: [] });

    // Subscribed and waiting: the player may be set up, and still plays nothing.
    const waiting = await subscribeVenue(server, staff, subscribed, second.id, {
      activate: false,
    });
    await step(server, `/music/player/${playerId}/playlist/add`, client.token, { playlistId });
    await step(server, `/music/player/${playerId}/fallback`, client.token, { playlistId });
    expect((await get(`/music/player/${playerId}`, client.token)).body.licence.state).toBe(
      "pending",
    );
    expect((await get(`/music/player/${playerId}/plan`, client.token)).body).toMatchObject({
      licence: { state: "pending", until: null },
      fallbackPlaylistId: null,
      playlists: [],
    });
    expect(await deviceReach(unlicensedDevice)).toEqual(CLOSED_DEVICE);

    expect((await act(waiting, "activate")).status).toBe(200);
    const licensedPlan = (await get(`/music/player/${playerId}/plan`, client.token)).body;
    expect(licensedPlan).toMatchObject({
      licence: { state: "active" },
      fallbackPlaylistId: playlistId,
    });
    expect(Date.parse(licensedPlan.licence.until)).toBeGreaterThan(Date.now());
    expect(licensedPlan.playlists.map((playlist: { id: string }) => playlist.id)).toEqual([
      playlistId,
    ]);
    expect(await deviceReach(unlicensedDevice)).toEqual(OPEN_DEVICE);
  });

  it("ends with its period to the moment, though the answer was kept in memory", async () => {
    const subscribed = await subscribedClient(server, staff, [], { id: tariffId });
    const device = await deviceTokenFor(server, subscribed.client, subscribed.establishmentId);
    // The period ends 1.5 s from now (as if activated a month ago); the change is announced as every change is.
    const endsAt = new Date(Date.now() + 1_500);
    await server.app.db
      .update(subscriptions)
      .set({ endsAt })
      .where(eq(subscriptions.id, subscribed.subscriptionId));
    await server.app.bus.publish({ kind: "music-access-changed", rooms: [] });
    expect(await deviceReach(device)).toEqual(OPEN_DEVICE);
    expect(await clientReach(subscribed.client.token)).toEqual(OPEN);
    // A player out of touch stops at the period's end, sooner than a week without the server.
    const playerId = await addPlayer(server, subscribed.client, {
      establishmentId: subscribed.establishmentId,
    });
    const plan = (await get(`/music/player/${playerId}/plan`, subscribed.client.token)).body;
    expect(plan.offlineUntil).toBe(endsAt.toISOString());

    await new Promise((resolve) => setTimeout(resolve, endsAt.getTime() - Date.now() + 20));
    expect(await deviceReach(device)).toEqual(CLOSED_DEVICE);
    expect(await clientReach(subscribed.client.token)).toEqual(CLOSED);
  });
});

describe("the entitlement kept in memory", () => {
  it("answers from memory until the licence's own end, then reads again, without any event", async () => {
    let now = Date.parse("2026-11-28T10:00:00Z");
    const endsAt = new Date(now + 60_000);
    let reads = 0;
    const listeners: unknown[] = [];
    const entitlement = createEntitlement({
      licences: {
        ofVenues: async (venueIds, at) => {
          reads += 1;
          return at < endsAt
            ? venueIds.map((id) => ({
                establishmentId: id,
                userId: "owner",
                tariffId: "tariff",
                state: "active" as const,
                endsAt,
              }))
            : [];
        },
        ofOwners: async () => [],
        ofVenueAt: async () => [],
      },
      grants: {
        playlistsOf: async () => [{ tariffId: "tariff", userId: null, playlistId: "playlist" }],
      },
      holderLicences: {
        songLicencesOn: async () => ({ barred: new Set<string>(), lastDays: new Map() }),
      },
      bus: {
        publish: async () => undefined,
        subscribe: (listener) => {
          listeners.push(listener);
          return () => undefined;
        },
        onGap: () => undefined,
      },
      now: () => now,
    });
    expect([...(await entitlement.ofVenue("venue")).playable]).toEqual(["playlist"]);
    now += 59_999;
    expect([...(await entitlement.ofVenue("venue")).playable]).toEqual(["playlist"]);
    expect(reads).toBe(1);
    now += 1;
    expect((await entitlement.ofVenue("venue")).licence.state).toBe("none");
    expect((await entitlement.ofVenue("venue")).playable.size).toBe(0);
    expect(reads).toBe(2);
    // One listener for the venues' and owners' answers, one for the songs barred by licences.
    expect(listeners).toHaveLength(2);
  });
});
