import { randomUUID } from "node:crypto";
import { PARTITION_IDS } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { establishments, playerStates, players } from "../../../db/schema.ts";
import type { Actor } from "../../../kernel/actor.ts";
import { createEstablishment, createSignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, uploadFile } from "../../../test/library.ts";
import { markExplicit, measuredLoudness } from "../../../test/song-marks.ts";
import {
  addPlayer,
  createVenueStaff,
  deviceTokenFor,
  playlistOf,
  step,
  subscribedClient,
  type VenueStaff,
} from "../../../test/venues.ts";
import { assertMayReadPlan } from "./player-plan.policy.ts";

/**
 * A player's plan (issue 14) on the real server: what a web player caches
 * to play by its schedule offline, who may read it, and what it leaves out.
 */

let server: TestServer;
let staff: VenueStaff;
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
const songs: any[] = [];

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });

beforeAll(async () => {
  server = await startTestServer();
  staff = await createVenueStaff(server);
  for (const name of AUDIO_FIXTURES.slice(0, 3)) {
    const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
      token: staff.contentManager.token,
      filename: name,
    });
    const id = uploaded.body.song.id as string;
    // The plan carries the loudness job's figures: wait until they are there.
    await measuredLoudness(server, staff.contentManager.token, id);
    songs.push((await get(`/music/song/${id}/meta`, staff.contentManager.token)).body);
  }
  // The second song is explicit: filtering venues never get it.
  await markExplicit(server, staff.contentManager, songs[1].id);
});

afterAll(async () => {
  await server?.close();
});

/** A subscribed client's player with a morning window of one playlist and another as fallback. */
async function plannedVenue() {
  const [first, second, third] = songs.map((song) => song.id as string) as [string, string, string];
  const morning = await playlistOf(server, staff.contentManager, [first, second, third], "Утро");
  const calm = await playlistOf(server, staff.contentManager, [third, second, first], "Тихо");
  const subscribed = await subscribedClient(server, staff, [morning.id, calm.id]);
  const { client, establishmentId } = subscribed;
  const playerId = await addPlayer(server, client, {
    establishmentId,
    playlistIds: [morning.id, calm.id],
  });
  const window = await step(
    server,
    `/music/player/${playerId}/playlist/${morning.id}/schedule/add`,
    client.token,
    { startTime: "09:00:00", endTime: "13:00:00", weekdays: ["MONDAY", "WEDNESDAY"] },
  );
  await step(server, `/music/player/${playerId}/fallback`, client.token, { playlistId: calm.id });
  return { ...subscribed, playerId, morning, calm, window };
}

/** A song of the library as the plan must show it. */
function planned(index: number) {
  const song = songs[index];
  return {
    id: song.id,
    title: song.title,
    artists: song.artists,
    durationMs: song.durationMs,
    gainDb: song.loudness.gainDb,
    truePeakDb: song.loudness.truePeakDb,
    hasCover: song.hasCover,
    sizeBytes: song.sizeBytes,
  };
}

describe("a player's plan", () => {
  it("gives the playable windows, the fallback, the crossfade, the zone and every playlist's levelled tracks in order", async () => {
    const venue = await plannedVenue();
    const answer = await get(`/music/player/${venue.playerId}/plan`, venue.client.token);
    expect(answer.status).toBe(200);
    const plan = answer.body;
    expect(plan).toMatchObject({
      playerId: venue.playerId,
      establishmentId: venue.establishmentId,
      timeZone: "Europe/Moscow",
      explicitFilter: false,
      crossfadeSeconds: 4,
      windows: [venue.window],
      fallbackPlaylistId: venue.calm.id,
    });
    expect(Math.abs(Date.parse(plan.generatedAt) - Date.now())).toBeLessThan(10_000);
    // Without the server it may play a week (issue 31): the paid month ends later.
    expect(Date.parse(plan.offlineUntil) - Date.parse(plan.generatedAt)).toBe(7 * 86_400_000);
    expect(Date.parse(plan.licence.until)).toBeGreaterThan(Date.parse(plan.offlineUntil));
    // Each playlist once, its songs in the version's order, the explicit one too (no filter here).
    expect(plan.playlists).toEqual([
      {
        id: venue.morning.id,
        name: venue.morning.name,
        songs: [planned(0), planned(1), planned(2)],
      },
      { id: venue.calm.id, name: venue.calm.name, songs: [planned(2), planned(1), planned(0)] },
    ]);
    // The figures are the loudness job's: measured, so not null.
    for (const song of plan.playlists[0].songs) {
      expect(song.gainDb).toEqual(expect.any(Number));
      expect(song.truePeakDb).toEqual(expect.any(Number));
      expect(song.sizeBytes).toBeGreaterThan(0);
    }

    // The crossfade is the player's own setting.
    const changed = await post(`/music/player/${venue.playerId}/change`, venue.client.token, {
      crossfadeSeconds: 0,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.crossfadeSeconds).toBe(0);
    const again = await get(`/music/player/${venue.playerId}/plan`, venue.client.token);
    expect(again.body.crossfadeSeconds).toBe(0);
  });

  it("holds every playlist the player may play, the schedule's first, so that «Играть сейчас» of any plays", async () => {
    const [first, second, third] = songs.map((song) => song.id as string) as [
      string,
      string,
      string,
    ];
    const evening = await playlistOf(server, staff.contentManager, [second, third], "Вечер");
    const morning = await playlistOf(server, staff.contentManager, [first], "Утро");
    const calm = await playlistOf(server, staff.contentManager, [third], "Тихо");
    const gift = await playlistOf(server, staff.contentManager, [first, third], "Подарок");
    const trashed = await playlistOf(server, staff.contentManager, [second], "В корзину");
    const elsewhere = await playlistOf(server, staff.contentManager, [first], "Не на плеере");
    const subscribed = await subscribedClient(server, staff, [
      evening.id,
      morning.id,
      calm.id,
      trashed.id,
      elsewhere.id,
    ]);
    const { client, establishmentId, tariffId } = subscribed;
    await step(
      server,
      `/tariff/user/${client.id}/${tariffId}/playlist/add`,
      staff.clientManager.token,
      {
        playlistId: gift.id,
      },
    );
    // Put on before the scheduled ones: the schedule's still lead the plan.
    const playerId = await addPlayer(server, client, {
      establishmentId,
      playlistIds: [evening.id, gift.id, trashed.id, morning.id, calm.id],
    });
    await step(
      server,
      `/music/player/${playerId}/playlist/${morning.id}/schedule/add`,
      client.token,
      {
        startTime: "09:00:00",
        endTime: "13:00:00",
        weekdays: ["MONDAY"],
      },
    );
    await step(server, `/music/player/${playerId}/fallback`, client.token, { playlistId: calm.id });
    const trashing = await post(
      `/vault/${PARTITION_IDS.playlists}/delete`,
      staff.contentManager.token,
      {
        deleteEntryIds: [
          (await get(`/music/playlist/${trashed.id}`, staff.contentManager.token)).body.entryId,
        ],
      },
    );
    expect(trashing.status).toBe(200);

    const plan = (await get(`/music/player/${playerId}/plan`, client.token)).body;
    // Not the trashed one, nor one the venue may play but the player does not hold.
    expect(plan.playlists.map((playlist: { id: string }) => playlist.id)).toEqual([
      morning.id,
      calm.id,
      evening.id,
      gift.id,
    ]);
    expect(plan.playlists[2]).toEqual({
      id: evening.id,
      name: evening.name,
      songs: [planned(1), planned(2)],
    });
    // The schedule is what it was: the other playlists are only there to be chosen.
    expect(plan.windows.map((window: { playlistId: string }) => window.playlistId)).toEqual([
      morning.id,
    ]);
    expect(plan.fallbackPlaylistId).toBe(calm.id);

    // A playlist the venue may no longer play leaves the plan with it.
    await step(
      server,
      `/tariff/user/${client.id}/${tariffId}/playlist/${gift.id}/remove`,
      staff.clientManager.token,
    );
    const after = (await get(`/music/player/${playerId}/plan`, client.token)).body;
    expect(after.playlists.map((playlist: { id: string }) => playlist.id)).toEqual([
      morning.id,
      calm.id,
      evening.id,
    ]);
  });

  it("leaves explicit songs out only where the establishment filters them", async () => {
    const filtering = await plannedVenue();
    const open = await plannedVenue();
    const turnedOn = await post(
      `/establishment/${filtering.client.id}/${filtering.establishmentId}/change`,
      filtering.client.token,
      { explicitFilter: true },
    );
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body.explicitFilter).toBe(true);

    const plan = (await get(`/music/player/${filtering.playerId}/plan`, filtering.client.token))
      .body;
    expect(plan.explicitFilter).toBe(true);
    expect(
      plan.playlists.map((playlist: { songs: Array<{ id: string }> }) => playlist.songs),
    ).toEqual([
      [planned(0), planned(2)],
      [planned(2), planned(0)],
    ]);
    const other = (await get(`/music/player/${open.playerId}/plan`, open.client.token)).body;
    expect(other.explicitFilter).toBe(false);
    expect(other.playlists[0].songs.map((song: { id: string }) => song.id)).toEqual(
      songs.map((song) => song.id),
    );
  });

  it("leaves out what the owner may no longer play, as the scheduler does", async () => {
    const venue = await plannedVenue();
    const ended = await post(
      `/subscription/${venue.subscriptionId}/end`,
      staff.clientManager.token,
    );
    expect(ended.status).toBe(200);
    const plan = (await get(`/music/player/${venue.playerId}/plan`, venue.client.token)).body;
    expect(plan).toMatchObject({ windows: [], fallbackPlaylistId: null, playlists: [] });
  });

  it("is read by the owner, staff who see clients and the venue's device; others are refused, and reading changes nothing", async () => {
    const venue = await plannedVenue();
    const path = `/music/player/${venue.playerId}/plan`;
    const [playerBefore] = await server.app.db
      .select()
      .from(players)
      .where(eq(players.id, venue.playerId));
    const [venueBefore] = await server.app.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, venue.establishmentId));

    const device = await deviceTokenFor(server, venue.client, venue.establishmentId);
    const support = await createSignedInUser(server, { role: "role-support" });
    for (const token of [venue.client.token, device, staff.clientManager.token, support.token]) {
      const answer = await get(path, token);
      expect(answer.status).toBe(200);
      expect(answer.body.playerId).toBe(venue.playerId);
    }

    // Another client, and a device of another venue of the same owner: no such player.
    const stranger = await createSignedInUser(server, { role: "role-client" });
    expect(await get(path, stranger.token)).toMatchObject({
      status: 404,
      body: { type: "not-found" },
    });
    const otherVenue = await createEstablishment(server, venue.client.id, { name: "Второе кафе" });
    const otherDevice = await deviceTokenFor(server, venue.client, otherVenue);
    expect((await get(path, otherDevice)).status).toBe(404);
    // A role that keeps no players and sees no clients.
    expect(await get(path, staff.contentManager.token)).toMatchObject({
      status: 403,
      body: { type: "forbidden" },
    });
    // Bad input and no token.
    expect(await get("/music/player/not-a-uuid/plan", venue.client.token)).toMatchObject({
      status: 400,
      body: { type: "validation-error" },
    });
    expect((await call(server, "GET", path)).status).toBe(401);
    expect((await get(`/music/player/${randomUUID()}/plan`, venue.client.token)).status).toBe(404);

    // Reads wrote nothing: the player, its venue and its (absent) live state are as they were.
    const [playerAfter] = await server.app.db
      .select()
      .from(players)
      .where(eq(players.id, venue.playerId));
    const [venueAfter] = await server.app.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, venue.establishmentId));
    expect(playerAfter).toEqual(playerBefore);
    expect(venueAfter).toEqual(venueBefore);
    const states = await server.app.db
      .select()
      .from(playerStates)
      .where(eq(playerStates.playerId, venue.playerId));
    expect(states).toEqual([]);
  });
});

describe("who may read a plan (the rule itself)", () => {
  const player = { id: randomUUID(), userId: randomUUID(), establishmentId: randomUUID() };
  const device: Actor = {
    userId: player.userId,
    authority: ["player-device"],
    role: "player-device",
    sessionId: randomUUID(),
    sessionKind: "device",
    establishmentId: player.establishmentId,
  };

  it("admits a device bound to the player and refuses one bound to another as unknown", () => {
    expect(() => assertMayReadPlan(device, player)).not.toThrow();
    expect(() => assertMayReadPlan({ ...device, playerId: player.id }, player)).not.toThrow();
    expect(() => assertMayReadPlan({ ...device, playerId: randomUUID() }, player)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});
