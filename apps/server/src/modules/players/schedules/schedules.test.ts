import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusEvent } from "../../../realtime/bus.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, uploadFile } from "../../../test/library.ts";
import { addPlayer, playlistOf, subscribedClient, subscribeVenue } from "../../../test/venues.ts";

let server: TestServer;
let admin: SignedInUser;
let clientManager: SignedInUser;
let support: SignedInUser;
let contentManager: SignedInUser;
let songId: string;
const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";
const events: BusEvent[] = [];

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

beforeAll(async () => {
  server = await startTestServer();
  server.app.bus.subscribe((event) => events.push(event));
  admin = await createSignedInUser(server, { role: "role-admin" });
  clientManager = await createSignedInUser(server, { role: "role-client-manager" });
  support = await createSignedInUser(server, { role: "role-support" });
  contentManager = await createSignedInUser(server, { role: "role-content-manager" });
  const name = AUDIO_FIXTURES[0] as string;
  const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
    token: contentManager.token,
    filename: name,
  });
  songId = uploaded.body.song.id;
});

afterAll(async () => {
  await server?.close();
});

/** A playlist whose current version holds one song. */
async function playablePlaylist(name: string): Promise<{ id: string; name: string }> {
  return playlistOf(server, contentManager, [songId], name);
}

/**
 * A client subscribed (live) to a tariff of `playlistIds` (or to `tariff`),
 * with a web player holding `onPlayer`.
 */
async function clientWithPlayer(
  playlistIds: string[],
  onPlayer: string[],
  tariff?: { id: string },
) {
  const subscribed = await subscribedClient(server, { admin, clientManager }, playlistIds, tariff);
  const playerId = await addPlayer(server, subscribed.client, { playlistIds: onPlayer });
  return { ...subscribed, playerId };
}

const weekdays = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"];
const workdays = { startTime: "09:00:00", endTime: "18:00:00", weekdays };

// Monday 2026-11-30 in Moscow (UTC+3 all year): 09:00 there is 06:00Z.
const mondayMoscow = (hours: number, minutes = 0, seconds = 0) =>
  new Date(Date.UTC(2026, 10, 30, hours - 3, minutes, seconds)).toISOString();

describe("a player's schedule", () => {
  it("adds, lists, changes and removes windows; bad input, foreign ids and wrong roles change nothing", async () => {
    const morning = await playablePlaylist("Утро");
    const evening = await playablePlaylist("Вечер");
    const notOnPlayer = await playablePlaylist("Не на плеере");
    const { client, playerId } = await clientWithPlayer(
      [morning.id, evening.id, notOnPlayer.id],
      [morning.id, evening.id],
    );
    const other = await clientWithPlayer([morning.id], [morning.id]);
    const path = `/music/player/${playerId}/playlist/${morning.id}/schedule`;
    const list = async () => (await get(path, client.token)).body.data;

    const added = await post(`${path}/add`, client.token, {
      ...workdays,
      weekdays: ["FRIDAY", "", "MONDAY", null, "TUESDAY", "WEDNESDAY", "THURSDAY", "MONDAY"],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ playerId, playlistId: morning.id, ...workdays });
    expect(await list()).toEqual([added.body]);

    const badBodies: unknown[] = [
      { ...workdays, startTime: "24:00:00" },
      { ...workdays, startTime: "7:00" },
      { ...workdays, startTime: "07:00" },
      { ...workdays, endTime: "07:60:00" },
      { ...workdays, endTime: "07:00:00:00" },
      { ...workdays, endTime: "x".repeat(300) },
      { startTime: "19:00:00", endTime: "20:00:00" },
      { ...workdays, weekdays: [] },
      { ...workdays, weekdays: ["", null] },
      { ...workdays, weekdays: ["FUNDAY"] },
      { ...workdays, weekdays: "MONDAY" },
      { ...workdays, weekdays: Array(15).fill("MONDAY") },
      "just text",
    ];
    const failures: string[] = [];
    for (const body of badBodies) {
      const answer = await post(`${path}/add`, client.token, body);
      if (answer.status !== 400 || answer.body.type !== "validation-error" || !answer.body.reason) {
        failures.push(`add ${JSON.stringify(body).slice(0, 60)}: ${answer.status}`);
      }
      const changed = await post(`${path}/${added.body.id}/change`, client.token, body);
      if (changed.status !== 400) failures.push(`change ${JSON.stringify(body).slice(0, 60)}`);
    }
    expect(failures).toEqual([]);

    const window = { startTime: "19:00:00", endTime: "20:00:00", weekdays: ["MONDAY"] };
    const refused: Array<[string, string, number, string?]> = [
      [other.client.token, path, 404, "Плеер не найден"],
      [support.token, path, 403],
      [contentManager.token, path, 403],
      [
        client.token,
        `/music/player/${playerId}/playlist/${notOnPlayer.id}/schedule`,
        404,
        "Этого плейлиста нет на плеере",
      ],
      [client.token, `/music/player/${other.playerId}/playlist/${morning.id}/schedule`, 404],
      [client.token, `/music/player/${unknownId}/playlist/${morning.id}/schedule`, 404],
      [client.token, `/music/player/${playerId}/playlist/not-an-id/schedule`, 400],
    ];
    for (const [token, at, status, reason] of refused) {
      const answer = await post(`${at}/add`, token, window);
      expect(answer.status, `${at} ${status}`).toBe(status);
      if (reason) expect(answer.body.reason).toBe(reason);
    }
    expect((await call(server, "POST", `${path}/add`, { body: window })).status).toBe(401);
    expect((await get(path, other.client.token)).status).toBe(404);
    expect((await get(path, support.token)).status).toBe(200);

    // A window is reached only through its own player and playlist.
    const eveningPath = `/music/player/${playerId}/playlist/${evening.id}/schedule`;
    const foreignWays: Array<[string, string]> = [
      [client.token, `${eveningPath}/${added.body.id}`],
      [client.token, `${path}/${unknownId}`],
      [other.client.token, `${path}/${added.body.id}`],
      [support.token, `${path}/${added.body.id}`],
    ];
    for (const [token, at] of foreignWays) {
      expect((await post(`${at}/change`, token, window)).status, at).toBeGreaterThanOrEqual(403);
      expect((await post(`${at}/remove`, token)).status, at).toBeGreaterThanOrEqual(403);
    }
    expect(await list()).toEqual([added.body]);
    expect(
      (
        await get(
          `/music/player/${other.playerId}/playlist/${morning.id}/schedule`,
          other.client.token,
        )
      ).body.data,
    ).toEqual([]);

    const changed = await post(`${path}/${added.body.id}/change`, clientManager.token, {
      startTime: "08:30:00",
      endTime: "12:00:00",
      weekdays: ["SATURDAY"],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: added.body.id,
      startTime: "08:30:00",
      endTime: "12:00:00",
      weekdays: ["SATURDAY"],
    });
    const removed = await post(`${path}/${added.body.id}/remove`, client.token);
    expect(removed.body).toEqual({ ok: true });
    expect(await list()).toEqual([]);
    expect((await post(`${path}/${added.body.id}/remove`, client.token)).status).toBe(404);
  });

  it("refuses two windows of one player that overlap, naming the other window, also across midnight", async () => {
    const morning = await playablePlaylist("Утро");
    const night = await playablePlaylist("Ночь");
    const { client, playerId } = await clientWithPlayer(
      [morning.id, night.id],
      [morning.id, night.id],
    );
    const morningPath = `/music/player/${playerId}/playlist/${morning.id}/schedule`;
    const nightPath = `/music/player/${playerId}/playlist/${night.id}/schedule`;
    const day = await post(`${morningPath}/add`, client.token, workdays);
    expect(day.status).toBe(201);

    const overlapping = await post(`${nightPath}/add`, client.token, {
      startTime: "17:00:00",
      endTime: "19:00:00",
      weekdays: ["FRIDAY"],
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toMatchObject({
      type: "conflict",
      reason: `Время пересекается с окном плейлиста «${morning.name}» (пн, вт, ср, чт, пт, 09:00–18:00)`,
    });
    // Touching edges is no overlap: 18:00 ends one and starts the other.
    const evening = await post(`${nightPath}/add`, client.token, {
      startTime: "18:00:00",
      endTime: "09:00:00",
      weekdays: ["SUNDAY"],
    });
    expect(evening.status).toBe(201);
    // Sunday 18:00 → Monday 09:00 crosses midnight into Monday morning.
    const mondayEarly = await post(`${morningPath}/add`, client.token, {
      startTime: "07:00:00",
      endTime: "08:00:00",
      weekdays: ["MONDAY"],
    });
    expect(mondayEarly.status).toBe(409);
    expect(mondayEarly.body.reason).toBe(
      `Время пересекается с окном плейлиста «${night.name}» (вс, 18:00–09:00)`,
    );
    // A window never overlaps itself when changed; it may not be moved onto another.
    const moved = await post(`${morningPath}/${day.body.id}/change`, client.token, {
      ...workdays,
      startTime: "10:00:00",
    });
    expect(moved.status).toBe(200);
    const onto = await post(`${nightPath}/${evening.body.id}/change`, client.token, {
      startTime: "20:00:00",
      endTime: "10:30:00",
      weekdays: ["SUNDAY"],
    });
    expect(onto.status).toBe(409);
    expect(onto.body.reason).toContain(`«${morning.name}»`);
    expect((await get(nightPath, client.token)).body.data).toMatchObject([
      { startTime: "18:00:00", endTime: "09:00:00" },
    ]);
    // A whole day (end equals start) overlaps everything on that day.
    const wholeDay = await post(`${nightPath}/add`, client.token, {
      startTime: "05:00:00",
      endTime: "05:00:00",
      weekdays: ["WEDNESDAY"],
    });
    expect(wholeDay.status).toBe(409);
  });
});

describe("what a player plays", () => {
  it("follows the windows at their edges and across midnight, falls back, and answers the coming day", async () => {
    const day = await playablePlaylist("День");
    const night = await playablePlaylist("Ночь");
    const spare = await playablePlaylist("Запас");
    const notOnPlayer = await playablePlaylist("Другой");
    const { client, playerId } = await clientWithPlayer(
      [day.id, night.id, spare.id, notOnPlayer.id],
      [day.id, night.id, spare.id],
    );
    const dayPath = `/music/player/${playerId}/playlist/${day.id}/schedule`;
    const nightPath = `/music/player/${playerId}/playlist/${night.id}/schedule`;
    const dayWindow = (await post(`${dayPath}/add`, client.token, workdays)).body;
    const nightWindow = (
      await post(`${nightPath}/add`, client.token, {
        startTime: "22:00:00",
        endTime: "02:00:00",
        weekdays: ["SUNDAY"],
      })
    ).body;
    const playNow = async (at: string) => {
      const answer = await get(
        `/music/player/${playerId}/playlist/play-now?at=${encodeURIComponent(at)}`,
        support.token,
      );
      expect(answer.status).toBe(200);
      return answer.body;
    };

    expect(await playNow(mondayMoscow(8, 59, 59))).toEqual({
      playlistId: null,
      scheduleId: null,
      fallback: false,
      until: mondayMoscow(9),
      timeZone: "Europe/Moscow",
    });
    expect(await playNow(mondayMoscow(9))).toMatchObject({
      playlistId: day.id,
      scheduleId: dayWindow.id,
      fallback: false,
      until: mondayMoscow(18),
    });
    expect(await playNow(mondayMoscow(17, 59, 59))).toMatchObject({ playlistId: day.id });
    expect(await playNow(mondayMoscow(1, 59, 59))).toMatchObject({
      playlistId: night.id,
      scheduleId: nightWindow.id,
      until: mondayMoscow(2),
    });
    expect(await playNow(mondayMoscow(-1))).toMatchObject({ playlistId: night.id });

    // The fallback covers the hours no window does; only a playable playlist on the player.
    const fallbackPath = `/music/player/${playerId}/fallback`;
    const badFallbacks: Array<[string, unknown, number]> = [
      [client.token, { playlistId: notOnPlayer.id }, 404],
      [client.token, { playlistId: "x" }, 400],
      [client.token, {}, 400],
      [support.token, { playlistId: spare.id }, 403],
      [contentManager.token, { playlistId: spare.id }, 403],
    ];
    for (const [token, body, status] of badFallbacks) {
      expect((await post(fallbackPath, token, body)).status, JSON.stringify(body)).toBe(status);
    }
    expect(
      (await get(`/music/player/${playerId}`, client.token)).body.fallbackPlaylistId,
    ).toBeNull();
    const set = await post(fallbackPath, client.token, { playlistId: spare.id });
    expect(set.body).toEqual({ fallbackPlaylistId: spare.id });
    expect((await get(`/music/player/${playerId}`, client.token)).body.fallbackPlaylistId).toBe(
      spare.id,
    );
    expect(await playNow(mondayMoscow(18))).toMatchObject({
      playlistId: spare.id,
      scheduleId: null,
      fallback: true,
      until: mondayMoscow(24 + 9),
    });

    const queue = await get(
      `/music/player/${playerId}/playlist/queue?at=${encodeURIComponent(mondayMoscow(0))}`,
      admin.token,
    );
    expect(queue.status).toBe(200);
    expect(queue.body.playlistIds).toEqual([night.id, spare.id, day.id, spare.id]);
    expect(queue.body.slots).toEqual([
      {
        playlistId: night.id,
        scheduleId: nightWindow.id,
        fallback: false,
        from: mondayMoscow(0),
        until: mondayMoscow(2),
      },
      {
        playlistId: spare.id,
        scheduleId: null,
        fallback: true,
        from: mondayMoscow(2),
        until: mondayMoscow(9),
      },
      {
        playlistId: day.id,
        scheduleId: dayWindow.id,
        fallback: false,
        from: mondayMoscow(9),
        until: mondayMoscow(18),
      },
      {
        playlistId: spare.id,
        scheduleId: null,
        fallback: true,
        from: mondayMoscow(18),
        until: mondayMoscow(24),
      },
    ]);

    // `at` is an operator's diagnostic: the owner and the device ask about now only.
    const now = await get(`/music/player/${playerId}/playlist/play-now`, client.token);
    expect(now.status).toBe(200);
    expect(Date.parse(now.body.until)).toBeGreaterThan(Date.now());
    const refused: Array<[string, string, number]> = [
      [client.token, `play-now?at=${encodeURIComponent(mondayMoscow(9))}`, 403],
      [client.token, `queue?at=${encodeURIComponent(mondayMoscow(9))}`, 403],
      [support.token, "play-now?at=yesterday", 400],
      [(await createSignedInUser(server, { role: "role-client" })).token, "play-now", 404],
    ];
    for (const [token, tail, status] of refused) {
      expect((await get(`/music/player/${playerId}/playlist/${tail}`, token)).status, tail).toBe(
        status,
      );
    }
  });

  it("reads the windows by the establishment's wall clock, in any of its time zones", async () => {
    const day = await playablePlaylist("День");
    const { client, establishmentId, playerId } = await clientWithPlayer([day.id], [day.id]);
    await post(`/music/player/${playerId}/playlist/${day.id}/schedule/add`, client.token, workdays);
    // Monday 2026-11-30, 06:30Z and 08:30Z: 09:00–18:00 on the venue's wall or not.
    const cases: Array<[string, string, boolean]> = [
      ["Europe/Moscow", "06:30", true],
      ["Asia/Vladivostok", "06:30", true],
      ["Europe/Kaliningrad", "06:30", false],
      ["Europe/Berlin", "06:30", false],
      ["Europe/Moscow", "08:30", true],
      ["Asia/Vladivostok", "08:30", false],
      ["Europe/Kaliningrad", "08:30", true],
      ["Europe/Berlin", "08:30", true],
    ];
    const failures: string[] = [];
    for (const [timeZone, utc, plays] of cases) {
      const zoned = await post(
        `/establishment/${client.id}/${establishmentId}/change`,
        client.token,
        {
          timeZone,
        },
      );
      expect(zoned.status).toBe(200);
      const answer = await get(
        `/music/player/${playerId}/playlist/play-now?at=2026-11-30T${utc}:00.000Z`,
        support.token,
      );
      if (answer.body.timeZone !== timeZone || (answer.body.playlistId === day.id) !== plays) {
        failures.push(`${timeZone} ${utc}Z: ${JSON.stringify(answer.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("is decided for many players of venues in several zones in one call, as the socket asks", async () => {
    const day = await playablePlaylist("День");
    const spare = await playablePlaylist("Запас");
    const subscribed = await clientWithPlayer([day.id, spare.id], [day.id, spare.id]);
    const { client, establishmentId, playerId } = subscribed;
    const zones = ["Asia/Vladivostok", "Europe/Kaliningrad", "Europe/Berlin"];
    const playerIds = [playerId];
    for (const timeZone of zones) {
      const venue = await post(`/establishment/${client.id}/add`, client.token, {
        name: `Заведение ${timeZone}`,
        address: "Москва, Тверская, 7",
        timeZone,
      });
      expect(venue.status).toBe(201);
      // Each venue plays under its own licence.
      await subscribeVenue(server, { clientManager }, subscribed, venue.body.id);
      const player = await post("/music/player/add", client.token, {
        name: "Зал",
        type: "web",
        address: "Москва, Тверская, 7",
        establishmentId: venue.body.id,
      });
      expect(player.status).toBe(201);
      // Its owner plays nothing outside the windows (a new player starts with a fallback).
      await post(`/music/player/${player.body.id}/fallback`, client.token, { playlistId: null });
      playerIds.push(player.body.id);
    }
    for (const id of playerIds) {
      for (const playlistId of [day.id, spare.id]) {
        if (id !== playerId) {
          await post(`/music/player/${id}/playlist/add`, client.token, { playlistId });
        }
      }
      const window = await post(
        `/music/player/${id}/playlist/${day.id}/schedule/add`,
        client.token,
        workdays,
      );
      expect(window.status).toBe(201);
    }
    await post(`/music/player/${playerIds[3]}/fallback`, client.token, { playlistId: spare.id });
    expect(
      (await get(`/music/schedule/${establishmentId}`, client.token)).body.players,
    ).toHaveLength(1);

    // Monday 2026-11-30 06:30Z: 09:30 in Moscow, 16:30 in Vladivostok, 08:30 in Kaliningrad, 07:30 in Berlin.
    const decisions = await server.app.modules.players.socketDirectory.decide(
      [...playerIds, unknownId],
      Date.parse("2026-11-30T06:30:00.000Z"),
    );
    expect([...decisions.keys()].sort()).toEqual([...playerIds].sort());
    expect(playerIds.map((id) => decisions.get(id)?.playlistId)).toEqual([
      day.id,
      day.id,
      null,
      spare.id,
    ]);
    expect(decisions.get(playerIds[2] as string)).toMatchObject({
      fallback: false,
      decideAgainAt: Date.parse("2026-11-30T07:00:00.000Z"),
    });
  });

  it("leaves out the windows and fallback of a playlist the owner may no longer play", async () => {
    const fromTariff = await playablePlaylist("Тариф");
    const granted = await playablePlaylist("Подарок");
    const { client, playerId, tariffId } = await clientWithPlayer([fromTariff.id], []);
    const grant = await post(
      `/tariff/user/${client.id}/${tariffId}/playlist/add`,
      clientManager.token,
      { playlistId: granted.id },
    );
    expect(grant.status).toBe(200);
    for (const playlistId of [fromTariff.id, granted.id]) {
      await post(`/music/player/${playerId}/playlist/add`, client.token, { playlistId });
    }
    const whole = { startTime: "00:00:00", endTime: "00:00:00", weekdays: ["MONDAY"] };
    const window = await post(
      `/music/player/${playerId}/playlist/${granted.id}/schedule/add`,
      client.token,
      whole,
    );
    expect(window.status).toBe(201);
    await post(`/music/player/${playerId}/fallback`, client.token, { playlistId: fromTariff.id });
    const at = `play-now?at=${encodeURIComponent(mondayMoscow(12))}`;
    expect((await get(`/music/player/${playerId}/playlist/${at}`, admin.token)).body).toMatchObject(
      { playlistId: granted.id, fallback: false },
    );

    const revoked = await post(
      `/tariff/user/${client.id}/${tariffId}/playlist/${granted.id}/remove`,
      clientManager.token,
    );
    expect(revoked.status).toBe(200);
    expect((await get(`/music/player/${playerId}/playlist/${at}`, admin.token)).body).toMatchObject(
      { playlistId: fromTariff.id, scheduleId: null, fallback: true },
    );
    // And no new window of it may be added.
    const more = await post(
      `/music/player/${playerId}/playlist/${granted.id}/schedule/add`,
      client.token,
      { ...whole, weekdays: ["TUESDAY"] },
    );
    expect(more.status).toBe(403);
  });

  it("decides many owners' players together, each by its own owner's tariffs and grants", async () => {
    const shared = await playablePlaylist("Подарок для двоих");
    const ofTariff = await playablePlaylist("Тариф двоих");
    const owners = [];
    for (const _ of [1, 2]) {
      // Both owners hold one tariff; each is granted the same playlist under it.
      const subscribed = await clientWithPlayer(
        [ofTariff.id],
        [],
        owners[0] && { id: owners[0].tariffId },
      );
      const grant = await post(
        `/tariff/user/${subscribed.client.id}/${subscribed.tariffId}/playlist/add`,
        clientManager.token,
        { playlistId: shared.id },
      );
      expect(grant.status).toBe(200);
      for (const playlistId of [ofTariff.id, shared.id]) {
        await post(`/music/player/${subscribed.playerId}/playlist/add`, subscribed.client.token, {
          playlistId,
        });
      }
      const fallback = await post(
        `/music/player/${subscribed.playerId}/fallback`,
        subscribed.client.token,
        { playlistId: shared.id },
      );
      expect(fallback.status).toBe(200);
      owners.push(subscribed);
    }
    const [first, second] = owners as [(typeof owners)[0], (typeof owners)[0]];
    // The second owner's grant is withdrawn; the first one's, of the same playlist and tariff, stays.
    const withdrawn = await post(
      `/tariff/user/${second.client.id}/${second.tariffId}/playlist/${shared.id}/remove`,
      clientManager.token,
    );
    expect(withdrawn.status).toBe(200);

    const instant = Date.parse(mondayMoscow(12));
    const directory = server.app.modules.players.socketDirectory;
    const together = await directory.decide([first.playerId, second.playerId], instant);
    expect(together.get(first.playerId)).toMatchObject({ playlistId: shared.id, fallback: true });
    expect(together.get(second.playerId)?.playlistId).toBeNull();
    for (const { playerId } of owners) {
      expect((await directory.decide([playerId], instant)).get(playerId)).toEqual(
        together.get(playerId),
      );
    }
  });
});

describe("a venue's week", () => {
  it("shows and edits every player's windows of an establishment; foreign ids and bad input change nothing", async () => {
    const morning = await playablePlaylist("Утро");
    const evening = await playablePlaylist("Вечер");
    const { client, establishmentId, playerId } = await clientWithPlayer(
      [morning.id, evening.id],
      [morning.id, evening.id],
    );
    const other = await clientWithPlayer([morning.id], [morning.id]);
    const weekPath = `/music/schedule/${establishmentId}`;

    const empty = await get(weekPath, client.token);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      establishmentId,
      timeZone: "Europe/Moscow",
      players: [{ playerId, name: "Зал", fallbackPlaylistId: null, windows: [] }],
    });

    const added = await post(`${weekPath}/change`, client.token, {
      playerId,
      playlistId: morning.id,
      ...workdays,
    });
    expect(added.status).toBe(200);
    const [window] = added.body.players[0].windows;
    expect(window).toMatchObject({
      playerId,
      playlistId: morning.id,
      playlistName: morning.name,
      playable: true,
      ...workdays,
    });

    const bad: Array<[string, unknown, number]> = [
      [client.token, { playerId, playlistId: evening.id, ...workdays, startTime: "24:00:00" }, 400],
      [client.token, { playerId, playlistId: evening.id, ...workdays, weekdays: [""] }, 400],
      [client.token, { playlistId: evening.id, ...workdays }, 400],
      [client.token, { playerId, playlistId: evening.id, ...workdays }, 409],
      [client.token, { playerId: other.playerId, playlistId: morning.id, ...workdays }, 404],
      [client.token, { playerId, playlistId: evening.id, ...workdays, scheduleId: unknownId }, 404],
      [
        other.client.token,
        { playerId, playlistId: evening.id, ...workdays, weekdays: ["SUNDAY"] },
        404,
      ],
      [support.token, { playerId, playlistId: evening.id, ...workdays, weekdays: ["SUNDAY"] }, 403],
      [contentManager.token, { playerId, playlistId: evening.id, ...workdays }, 403],
    ];
    for (const [token, body, status] of bad) {
      expect((await post(`${weekPath}/change`, token, body)).status, JSON.stringify(body)).toBe(
        status,
      );
    }
    expect(
      (
        await post(`/music/schedule/${unknownId}/change`, client.token, {
          playerId,
          playlistId: evening.id,
          ...workdays,
          weekdays: ["SUNDAY"],
        })
      ).status,
    ).toBe(404);
    const unchanged = await get(weekPath, support.token);
    expect(unchanged.body.players[0].windows).toEqual([window]);
    expect((await get(weekPath, other.client.token)).status).toBe(404);
    expect((await get(weekPath, contentManager.token)).status).toBe(403);
    expect((await get(`/music/schedule/${unknownId}`, admin.token)).status).toBe(404);

    // One call moves a window onto another playlist of the same player.
    const moved = await post(`${weekPath}/change`, clientManager.token, {
      scheduleId: window.id,
      playerId,
      playlistId: evening.id,
      startTime: "18:00:00",
      endTime: "23:00:00",
      weekdays: ["SATURDAY", "SUNDAY"],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.players[0].windows).toEqual([
      {
        id: window.id,
        playerId,
        playlistId: evening.id,
        playlistName: evening.name,
        playable: true,
        startTime: "18:00:00",
        endTime: "23:00:00",
        weekdays: ["SATURDAY", "SUNDAY"],
      },
    ]);

    const removePath = `${weekPath}/${window.id}/remove`;
    expect(
      (
        await post(
          `/music/schedule/${other.establishmentId}/${window.id}/remove`,
          other.client.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (await post(`/music/schedule/${other.establishmentId}/${window.id}/remove`, admin.token))
        .status,
    ).toBe(404);
    expect((await post(removePath, support.token)).status).toBe(403);
    expect((await post(`${weekPath}/${unknownId}/remove`, client.token)).status).toBe(404);
    expect((await get(weekPath, client.token)).body.players[0].windows).toHaveLength(1);
    const removed = await post(removePath, client.token);
    expect(removed.status).toBe(200);
    expect(removed.body.players[0].windows).toEqual([]);
  });
});

describe("a schedule change reaches a running player", () => {
  it("is published on the bus naming the player, for every change of what it plays", async () => {
    const morning = await playablePlaylist("Утро");
    const evening = await playablePlaylist("Вечер");
    const { client, playerId } = await clientWithPlayer(
      [morning.id, evening.id],
      [morning.id, evening.id],
    );
    const path = `/music/player/${playerId}/playlist/${morning.id}/schedule`;
    // Counted from here: making the player announced its first music.
    events.length = 0;
    const published = () =>
      events.filter(
        (event) => event.kind === "schedule-changed" && event.playerIds.includes(playerId),
      ).length;
    expect(published()).toBe(0);

    const added = await post(`${path}/add`, client.token, workdays);
    expect(published()).toBe(1);
    await post(`${path}/${added.body.id}/change`, client.token, {
      ...workdays,
      endTime: "19:00:00",
    });
    expect(published()).toBe(2);
    // A refused change publishes nothing.
    await post(`${path}/add`, client.token, workdays);
    expect(published()).toBe(2);
    await post(`/music/player/${playerId}/fallback`, client.token, { playlistId: morning.id });
    expect(published()).toBe(3);
    const { establishmentId } = (await get(`/music/player/${playerId}`, client.token)).body;
    const night = { startTime: "22:00:00", endTime: "02:00:00", weekdays: ["SATURDAY"] };
    const inWeek = await post(`/music/schedule/${establishmentId}/change`, client.token, {
      playerId,
      playlistId: evening.id,
      ...night,
    });
    expect(published()).toBe(4);
    const eveningWindow = inWeek.body.players[0].windows.find(
      (window: { playlistId: string }) => window.playlistId === evening.id,
    );
    await post(`/music/schedule/${establishmentId}/${eveningWindow.id}/remove`, client.token);
    expect(published()).toBe(5);
    const eveningPath = `/music/player/${playerId}/playlist/${evening.id}/schedule`;
    const again = await post(`${eveningPath}/add`, client.token, night);
    expect(published()).toBe(6);
    await post(`${eveningPath}/${again.body.id}/remove`, client.token);
    expect(published()).toBe(7);

    // Taking the playlist off the player takes its windows and the fallback with it.
    const off = await post(`/music/player/${playerId}/playlist/${morning.id}/remove`, client.token);
    expect(off.status).toBe(200);
    expect(published()).toBe(8);
    const player = await get(`/music/player/${playerId}`, client.token);
    expect(player.body.fallbackPlaylistId).toBeNull();
    const week = await get(`/music/schedule/${establishmentId}`, client.token);
    expect(week.body.players[0].windows).toEqual([]);
    // A reader's refused call publishes nothing either.
    await post(`/music/player/${playerId}/fallback`, support.token, { playlistId: null });
    expect(published()).toBe(8);
  });
});
