import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerStates } from "../../../db/schema.ts";
import {
  createEstablishment,
  createSignedInUser,
  type SignedInUser,
} from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, uploadFile } from "../../../test/library.ts";
import { connect, type SocketClient } from "../../../test/socket-client.ts";
import { addPlayer, deviceTokenFor } from "../../../test/venues.ts";
import { HEARTBEAT_FRESH_MS } from "../live/live.service.ts";

/**
 * The players base (issue 13) on the real server: each player's live state
 * as real device sockets report it, the filters by online, playback and
 * type, the search, the totals, and who may look.
 */

let server: TestServer;
let admin: SignedInUser;
let clientManager: SignedInUser;
let support: SignedInUser;
let contentManager: SignedInUser;
let smirnova: SignedInUser;
let petrov: SignedInUser;
let song: { id: string; title: string; artists: string[] };
let playlist: { id: string; name: string };
const marker = randomUUID().slice(0, 8);
/** The players by their names, once the venues are set up. */
const ids = { hall: "", till: "", terrace: "", backroom: "", veranda: "" };
const devices: SocketClient[] = [];
let staleSeenAt: Date;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

/** A device socket signed in for the venue, as a box or a browser tab of the venue opens it. */
async function deviceOf(owner: SignedInUser, establishmentId: string): Promise<SocketClient> {
  const device = await connect(server, await deviceTokenFor(server, owner, establishmentId));
  devices.push(device);
  return device;
}

/** Waits until the device's own report came back to it as the player's state. */
async function reported(device: SocketClient, playerId: string, check: object) {
  for (;;) {
    const message = (await device.next()) as { type: string; state?: { playerId: string } };
    if (message.type !== "playerState" || message.state?.playerId !== playerId) continue;
    try {
      expect(message.state).toMatchObject(check);
      return;
    } catch {
      // An earlier state (the one of connecting) arrived first: read on.
    }
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  clientManager = await createSignedInUser(server, { role: "role-client-manager" });
  support = await createSignedInUser(server, { role: "role-support" });
  contentManager = await createSignedInUser(server, { role: "role-content-manager" });
  const name = AUDIO_FIXTURES[0] as string;
  const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
    token: contentManager.token,
    filename: name,
  });
  song = uploaded.body.song;
  const made = await post("/music/playlist/add", contentManager.token, {
    name: `Утро ${marker}`,
  });
  expect(made.status).toBe(201);
  playlist = { id: made.body.id, name: `Утро ${marker}` };

  smirnova = await createSignedInUser(server, {
    role: "role-client",
    profile: { lastName: `Смирнова${marker}`, firstName: "Анна" },
  });
  petrov = await createSignedInUser(server, {
    role: "role-client",
    profile: { lastName: `Петров${marker}`, firstName: "Иван" },
  });
  const bar = await createEstablishment(server, smirnova.id, { name: `Бар ${marker}` });
  const cafe = await createEstablishment(server, smirnova.id, { name: `Кафе ${marker}` });
  const store = await createEstablishment(server, petrov.id, { name: `Склад ${marker}` });
  const dacha = await createEstablishment(server, petrov.id, { name: `Дача ${marker}` });
  ids.hall = await addPlayer(server, smirnova, {
    establishmentId: bar,
    name: "Зал",
  });
  ids.till = await addPlayer(server, smirnova, {
    establishmentId: cafe,
    name: "Касса",
    type: "boxPlayer",
    serialBoxNumber: `SN${marker}`,
  });
  ids.terrace = await addPlayer(server, petrov, {
    establishmentId: store,
    name: "Терраса",
  });
  ids.backroom = await addPlayer(server, petrov, {
    establishmentId: store,
    name: "Подсобка",
  });
  ids.veranda = await addPlayer(server, petrov, {
    establishmentId: dacha,
    name: "Веранда",
  });

  // A server process that died left Терраса "playing" with a heartbeat nobody renews.
  staleSeenAt = new Date(Date.now() - HEARTBEAT_FRESH_MS - 5_000);
  await server.app.db.insert(playerStates).values({
    playerId: ids.terrace,
    songId: song.id,
    playlistId: playlist.id,
    playing: true,
    heartbeatAt: staleSeenAt,
    lastSeenAt: staleSeenAt,
  });

  // Веранда's device came and went.
  const gone = await deviceOf(petrov, dacha);
  await reported(gone, ids.veranda, { online: true });
  gone.socket.close();
  await gone.closed;

  // Зал plays, Касса is paused with a song loaded; both devices stay connected.
  const barDevice = await deviceOf(smirnova, bar);
  barDevice.send({
    type: "playerStatus",
    playerId: ids.hall,
    songId: song.id,
    playlistId: playlist.id,
    positionSeconds: 12,
    volume: 70,
    playing: true,
  });
  await reported(barDevice, ids.hall, { playing: true, songId: song.id });
  const cafeDevice = await deviceOf(smirnova, cafe);
  cafeDevice.send({
    type: "playerStatus",
    playerId: ids.till,
    songId: song.id,
    playlistId: null,
    positionSeconds: 40,
    volume: 70,
    playing: false,
  });
  await reported(cafeDevice, ids.till, { playing: false, songId: song.id });
});

afterAll(async () => {
  for (const device of devices) device.socket.close();
  await server?.close();
});

/** The players of this file's clients matching `filters`, as `token`'s holder sees them. */
async function base(filters: string, token = admin.token): Promise<Answer> {
  const both = `query=${marker}&${filters}`;
  return get(`/music/player/all?${both}`, token);
}

function namesOf(answer: Answer): string[] {
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return answer.body.data.map((player: { id: string }) => byId.get(player.id)).sort();
}

describe("the players base's live state", () => {
  it("answers, for each player, whether it is online and playing, what it plays and when it was last seen", async () => {
    const answer = await base("count=500");
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(5);
    const byId = new Map<string, Answer["body"]>(
      answer.body.data.map((player: { id: string }) => [player.id, player] as const),
    );
    const now = Date.now();
    expect(byId.get(ids.hall)).toMatchObject({
      name: "Зал",
      clientName: expect.stringContaining(`Смирнова${marker}`),
      establishmentName: `Бар ${marker}`,
      live: {
        online: true,
        playing: true,
        nowPlaying: {
          songId: song.id,
          title: song.title,
          artists: song.artists,
          playlistId: playlist.id,
          playlistName: playlist.name,
        },
      },
    });
    expect(Date.parse(byId.get(ids.hall).live.lastSeenAt)).toBeGreaterThan(now - 10_000);
    expect(byId.get(ids.till).live).toMatchObject({
      online: true,
      playing: false,
      nowPlaying: { songId: song.id, title: song.title, playlistId: null, playlistName: null },
    });
    // A heartbeat older than the online rule allows: offline, and so not playing.
    expect(byId.get(ids.terrace).live).toEqual({
      online: false,
      playing: false,
      nowPlaying: null,
      lastSeenAt: staleSeenAt.toISOString(),
      silentSince: null,
    });
    expect(byId.get(ids.veranda).live).toMatchObject({ online: false, playing: false });
    expect(Date.parse(byId.get(ids.veranda).live.lastSeenAt)).toBeGreaterThan(now - 30_000);
    expect(byId.get(ids.backroom).live).toEqual({
      online: false,
      playing: false,
      nowPlaying: null,
      lastSeenAt: null,
      silentSince: null,
    });

    // One player's state, read-only, for staff and its owner; a stranger hears 404.
    for (const token of [admin.token, support.token, clientManager.token, smirnova.token]) {
      const one = await get(`/music/player/${ids.hall}/live`, token);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(byId.get(ids.hall).live);
    }
    expect((await get(`/music/player/${ids.hall}/live`, petrov.token)).status).toBe(404);
    expect((await get(`/music/player/${randomUUID()}/live`, admin.token)).status).toBe(404);
    const badId = await get("/music/player/not-a-uuid/live", admin.token);
    expect(badId.status).toBe(400);
    expect(badId.body.type).toBe("validation-error");
    // Reading the state commands nothing: staff still have no remote.
    expect((await post(`/music/player/${ids.hall}/pause`, admin.token)).status).toBe(403);
    expect((await get(`/music/player/${ids.hall}/live`, admin.token)).body.playing).toBe(true);
  });

  it("sorts by last seen: the ones heard most recently first, never-connected last", async () => {
    const answer = await base("sortBy=lastSeen");
    expect(answer.status).toBe(200);
    const order = answer.body.data.map((player: { id: string }) => player.id);
    expect(new Set(order.slice(0, 2))).toEqual(new Set([ids.hall, ids.till]));
    expect(order.slice(2)).toEqual([ids.veranda, ids.terrace, ids.backroom]);
  });
});

describe("the players base's filters", () => {
  it("filters by online, playback and type, alone and together, with totals of what matches", async () => {
    const cases: Array<[string, string[]]> = [
      ["status=online", ["hall", "till"]],
      ["status=offline", ["backroom", "terrace", "veranda"]],
      // Терраса's stored state says playing, but it is offline: an offline player plays nothing.
      ["playback=playing", ["hall"]],
      ["playback=paused", ["till"]],
      ["type=boxPlayer", ["till"]],
      ["type=web", ["backroom", "hall", "terrace", "veranda"]],
      ["type=web&status=online", ["hall"]],
      ["type=web&status=offline", ["backroom", "terrace", "veranda"]],
      ["type=boxPlayer&playback=paused", ["till"]],
      ["type=boxPlayer&playback=playing", []],
      ["status=offline&playback=playing", []],
      ["status=online&playback=paused", ["till"]],
    ];
    const wrong: string[] = [];
    for (const [filters, expected] of cases) {
      const answer = await base(`${filters}&count=500`);
      const got = namesOf(answer);
      if (
        answer.status !== 200 ||
        answer.body.total !== expected.length ||
        JSON.stringify(got) !== JSON.stringify([...expected].sort())
      ) {
        wrong.push(`${filters}: ${answer.status} ${answer.body.total} ${got.join(",")}`);
      }
    }
    expect(wrong).toEqual([]);

    // Paging counts the filtered players only.
    const first = await base("status=offline&count=2&page=0&sortBy=name");
    const second = await base("status=offline&count=2&page=1&sortBy=name");
    expect(first.body).toMatchObject({ total: 3, totalPages: 2 });
    expect(second.body).toMatchObject({ total: 3, totalPages: 2 });
    expect([...namesOf(first), ...namesOf(second)].sort()).toEqual([
      "backroom",
      "terrace",
      "veranda",
    ]);
    expect(second.body.data).toHaveLength(1);
  });

  it("finds players by their client, establishment or serial, and narrows the found by the filters", async () => {
    const search = (query: string, filters = "") =>
      get(`/music/player/all?query=${encodeURIComponent(query)}&count=500&${filters}`, admin.token);
    expect(namesOf(await search(`Смирнова${marker}`))).toEqual(["hall", "till"]);
    expect(namesOf(await search(`Склад ${marker}`))).toEqual(["backroom", "terrace"]);
    expect(namesOf(await search(`sn${marker}`))).toEqual(["till"]);
    expect(namesOf(await search(`Смирнова${marker}`, "status=online&type=web"))).toEqual(["hall"]);
    expect(namesOf(await search(`Петров${marker}`, "status=online"))).toEqual([]);
    const nothing = await search(`Петров${marker}`, "playback=playing");
    expect(nothing.body).toMatchObject({ data: [], total: 0, totalPages: 0 });
  });

  it("refuses a bad filter with a clear reason and answers staff only", async () => {
    for (const [bad, reason] of [
      ["status=busy", "online или offline"],
      ["status=ONLINE", "online или offline"],
      ["playback=stopped", "playing или paused"],
      ["type=radio", "web или boxPlayer"],
    ] as const) {
      const answer = await base(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.type, bad).toBe("validation-error");
      expect(answer.body.reason, bad).toContain(reason);
    }
    const badSort = await base("sortBy=popular");
    expect(badSort.status).toBe(400);
    expect(badSort.body.type).toBe("validation-error");

    for (const token of [support.token, clientManager.token]) {
      expect((await base("status=online", token)).status).toBe(200);
    }
    for (const token of [smirnova.token, contentManager.token]) {
      const refused = await base("status=online", token);
      expect(refused.status).toBe(403);
      expect(refused.body.type).toBe("forbidden");
    }
    expect((await call(server, "GET", "/music/player/all?status=online")).status).toBe(401);
  });
});
