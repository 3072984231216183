import { PARTITION_IDS } from "@fonika/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tariffInput } from "../../../test/clients.ts";
import { createEstablishment, createSignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import {
  createVenueStaff,
  playlistOf,
  type SubscribedClient,
  songInPlaylist,
  step,
  subscribedClient,
  subscribeVenue,
  type VenueStaff,
} from "../../../test/venues.ts";

/**
 * What a playlist answer tells the one who reads it (issue 28): a content
 * manager, the tariffs that hold it (on the playlist, in lists and in the
 * library's listing); a client, which of their venues offer it; and a
 * playlist made with its first version takes tracks at once. Bad input and
 * the wrong role change nothing.
 */

let server: TestServer;
let staff: VenueStaff;
let songId: string;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });
const post = (path: string, token: string, body: unknown = {}): Promise<Answer> =>
  call(server, "POST", path, { token, body });
let counter = 0;
const uniqueName = (name: string) => `${name} ${Date.now()}-${counter++}`;

beforeAll(async () => {
  server = await startTestServer();
  staff = await createVenueStaff(server);
  ({ songId } = await songInPlaylist(server, staff.contentManager, "Первый"));
});

afterAll(async () => {
  await server?.close();
});

/** A tariff of these playlists, named, on offer unless `active` is false. */
async function tariffOf(name: string, playlistIds: string[], active = true) {
  return step(
    server,
    "/tariff/add",
    staff.admin.token,
    tariffInput({ name: uniqueName(name), active, playlistIds }),
  ) as Promise<{ id: string; name: string }>;
}

/** The playlists a content manager finds by these words. */
async function managerFinds(text: string) {
  const found = await get(
    `/music/playlist/all?text=${encodeURIComponent(text)}`,
    staff.contentManager.token,
  );
  expect(found.status).toBe(200);
  return found.body.data as Array<{ id: string; name: string; versions: unknown[] }>;
}

describe("the tariffs of a playlist", () => {
  it("are named to a content manager on the playlist, in lists and in the library's listing", async () => {
    const folder = await post(
      `/vault/${PARTITION_IDS.playlists}/make-folder`,
      staff.contentManager.token,
      { name: uniqueName("Папка тарифов") },
    );
    expect(folder.status).toBe(201);
    const inTwo = await step(server, "/music/playlist/add", staff.contentManager.token, {
      name: uniqueName("Утро"),
      folderId: folder.body.entryId,
    });
    const inNone = await step(server, "/music/playlist/add", staff.contentManager.token, {
      name: uniqueName("Вечер"),
      folderId: folder.body.entryId,
    });
    const basic = await tariffOf("Базовый", [inTwo.id]);
    const archived = await tariffOf("Архив", [inTwo.id], false);

    const playlist = await get(`/music/playlist/${inTwo.id}`, staff.contentManager.token);
    expect(playlist.status).toBe(200);
    // By name: «Архив» before «Базовый»; one not on offer says so.
    expect(playlist.body.tariffs).toEqual([
      { id: archived.id, name: archived.name, active: false },
      { id: basic.id, name: basic.name, active: true },
    ]);
    expect(playlist.body.establishmentIds).toBeUndefined();
    expect(
      (await get(`/music/playlist/${inNone.id}`, staff.contentManager.token)).body.tariffs,
    ).toEqual([]);

    const [listed] = await managerFinds(inTwo.name);
    expect(listed).toMatchObject({
      id: inTwo.id,
      tariffs: [{ id: archived.id }, { id: basic.id }],
    });

    const listing = await get(`/vault/${folder.body.entryId}/ls`, staff.contentManager.token);
    expect(listing.status).toBe(200);
    const tariffsByName = Object.fromEntries(
      listing.body.data.map((entry: { name: string; tariffs: Array<{ name: string }> }) => [
        entry.name,
        entry.tariffs.map((tariff) => tariff.name),
      ]),
    );
    expect(tariffsByName).toEqual({
      [inTwo.name]: [archived.name, basic.name],
      [inNone.name]: [],
    });

    // The admin takes the playlist out of a tariff: the next answer says so.
    await step(
      server,
      `/tariff/${basic.id}/change`,
      staff.admin.token,
      tariffInput({ name: basic.name, playlistIds: [] }),
    );
    expect(
      (await get(`/music/playlist/${inTwo.id}`, staff.contentManager.token)).body.tariffs,
    ).toEqual([{ id: archived.id, name: archived.name, active: false }]);
  });

  it("count a tariff's own playlists, not those granted to one client under it", async () => {
    const own = await playlistOf(server, staff.contentManager, [songId], "Свой");
    const granted = await playlistOf(server, staff.contentManager, [songId], "Подарок");
    const subscribed = await subscribedClient(server, staff, [own.id]);
    const grant = await post(
      `/tariff/user/${subscribed.client.id}/${subscribed.tariffId}/playlist/add`,
      staff.clientManager.token,
      { playlistId: granted.id },
    );
    expect(grant.status).toBe(200);
    const answer = await get(`/music/playlist/${granted.id}`, staff.contentManager.token);
    expect(answer.body.tariffs).toEqual([]);
  });

  it("are not told to clients, support or the admin", async () => {
    const playlist = await playlistOf(server, staff.contentManager, [songId], "Для всех");
    const subscribed = await subscribedClient(server, staff, [playlist.id]);
    const support = await createSignedInUser(server, { role: "role-support" });
    for (const token of [subscribed.client.token, support.token, staff.admin.token]) {
      const answer = await get(`/music/playlist/${playlist.id}`, token);
      expect(answer.status).toBe(200);
      expect(answer.body.tariffs).toBeUndefined();
    }
  });
});

describe("a client's venues that offer a playlist", () => {
  let subscribed: SubscribedClient;
  let both: { id: string };
  let onlyFirst: { id: string };
  let waitingVenueId: string;
  let bareVenueId: string;

  beforeAll(async () => {
    both = await playlistOf(server, staff.contentManager, [songId], "Обе");
    onlyFirst = await playlistOf(server, staff.contentManager, [songId], "Одна");
    subscribed = await subscribedClient(server, staff, [both.id]);
    // A second venue subscribed to the same tariff but not yet activated, a third with none.
    waitingVenueId = await createEstablishment(server, subscribed.client.id, { name: "Бар" });
    await subscribeVenue(server, staff, subscribed, waitingVenueId, { activate: false });
    bareVenueId = await createEstablishment(server, subscribed.client.id, { name: "Склад" });
    // One playlist granted to the client under the tariff: the venues of that tariff offer it.
    await step(
      server,
      `/tariff/user/${subscribed.client.id}/${subscribed.tariffId}/playlist/add`,
      staff.clientManager.token,
      { playlistId: onlyFirst.id },
    );
  });

  it("are named on the client's playlists, pending subscriptions included, venues without one left out", async () => {
    const listed = await get("/music/playlist/all?limit=50", subscribed.client.token);
    expect(listed.status).toBe(200);
    const byId = new Map(
      listed.body.data.map((playlist: { id: string; establishmentIds: string[] }) => [
        playlist.id,
        [...playlist.establishmentIds].sort(),
      ]),
    );
    const venues = [subscribed.establishmentId, waitingVenueId].sort();
    expect(byId.get(both.id)).toEqual(venues);
    expect(byId.get(onlyFirst.id)).toEqual(venues);
    expect([...byId.values()].flat()).not.toContain(bareVenueId);

    const one = await get(`/music/playlist/${both.id}`, subscribed.client.token);
    expect([...one.body.establishmentIds].sort()).toEqual(venues);
    const allowed = await get(
      `/music/playlist/${subscribed.client.id}/allowed`,
      subscribed.client.token,
    );
    expect(
      allowed.body.data.find((playlist: { id: string }) => playlist.id === both.id)
        .establishmentIds,
    ).toHaveLength(2);
  });

  it("are told to the client alone: staff reading the client's playlists and content managers get none", async () => {
    const asManager = await get(
      `/music/playlist/${subscribed.client.id}/allowed`,
      staff.clientManager.token,
    );
    expect(asManager.status).toBe(200);
    expect(asManager.body.data.length).toBeGreaterThan(0);
    for (const playlist of asManager.body.data) expect(playlist.establishmentIds).toBeUndefined();
    const asContent = await get(`/music/playlist/${both.id}`, staff.contentManager.token);
    expect(asContent.body.establishmentIds).toBeUndefined();
  });
});

describe("a playlist made with its first version", () => {
  it("takes tracks at once: «Версия 1» is made with it and is current", async () => {
    const name = uniqueName("Сразу с версией");
    const made = await post("/music/playlist/add", staff.contentManager.token, {
      name,
      firstVersion: true,
    });
    expect(made.status).toBe(201);
    expect(made.body.versions).toEqual([
      expect.objectContaining({ name: "Версия 1", isCurrent: true, tracksCount: 0 }),
    ]);
    const [version] = made.body.versions;
    expect(made.body.currentVersionId).toBe(version.entryId);
    const added = await post(`/vault/${version.entryId}/make-song`, staff.contentManager.token, {
      songIds: [songId],
    });
    expect(added.status).toBe(200);
    const playlist = await get(`/music/playlist/${made.body.id}`, staff.contentManager.token);
    expect(playlist.body.tracksCount).toBe(1);
    expect(playlist.body.tracks.map((track: { song: { id: string } }) => track.song.id)).toEqual([
      songId,
    ]);
  });

  it("is not made unless asked: old clients make it themselves and it is current", async () => {
    const made = await post("/music/playlist/add", staff.contentManager.token, {
      name: uniqueName("По-старому"),
    });
    expect(made.status).toBe(201);
    expect(made.body.versions).toEqual([]);
    expect(made.body.currentVersionId).toBeNull();
    const version = await post(
      `/vault/${made.body.entryId}/make-version`,
      staff.contentManager.token,
    );
    expect(version.body.name).toBe("Версия 1");
    const playlist = await get(`/music/playlist/${made.body.id}`, staff.contentManager.token);
    expect(playlist.body.currentVersionId).toBe(version.body.entryId);
  });

  it("is not made, nor the playlist, on bad input, a wrong place, a taken name or a wrong role", async () => {
    const name = uniqueName("Не появится");
    const client = await createSignedInUser(server, { role: "role-client" });
    const refusals: Array<[string, Answer]> = [
      [
        "not a boolean",
        await post("/music/playlist/add", staff.contentManager.token, {
          name,
          firstVersion: "yes",
        }),
      ],
      [
        "a folder of Tracks",
        await post("/music/playlist/add", staff.contentManager.token, {
          name,
          firstVersion: true,
          folderId: PARTITION_IDS.tracks,
        }),
      ],
      ["a client", await post("/music/playlist/add", client.token, { name, firstVersion: true })],
      [
        "support",
        await post(
          "/music/playlist/add",
          (await createSignedInUser(server, { role: "role-support" })).token,
          { name, firstVersion: true },
        ),
      ],
    ];
    expect(refusals.map(([why, answer]) => [why, answer.status])).toEqual([
      ["not a boolean", 400],
      ["a folder of Tracks", 400],
      ["a client", 403],
      ["support", 403],
    ]);
    expect(await managerFinds(name)).toEqual([]);

    // A name taken beside it: refused, and the playlist there keeps its one version.
    const first = await post("/music/playlist/add", staff.contentManager.token, {
      name,
      firstVersion: true,
    });
    expect(first.status).toBe(201);
    const again = await post("/music/playlist/add", staff.contentManager.token, {
      name,
      firstVersion: true,
    });
    expect(again.status).toBe(400);
    expect(again.body.type).toBe("duplicate-entry-error");
    const found = await managerFinds(name);
    expect(found).toHaveLength(1);
    expect(found[0]?.versions).toHaveLength(1);
    const listing = await get(`/vault/${first.body.entryId}/ls`, staff.contentManager.token);
    expect(listing.body.data.map((entry: { name: string }) => entry.name)).toEqual(["Версия 1"]);
  });
});
