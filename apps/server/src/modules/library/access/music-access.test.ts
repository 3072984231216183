import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tariffInput } from "../../../test/clients.ts";
import { createSignedInUser, type SignedInUser } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, uploadFile } from "../../../test/library.ts";
import { deviceTokenFor, playlistOf, subscribedClient } from "../../../test/venues.ts";

/**
 * The music itself follows the allowed rule (issue 13): staff hear every
 * song; a client and its venue's device only the songs of their allowed
 * playlists; anyone else nothing. What may not be heard is answered 404.
 */

let server: TestServer;
let admin: SignedInUser;
let clientManager: SignedInUser;
let support: SignedInUser;
let contentManager: SignedInUser;
let firstSong: string;
let secondSong: string;
let firstPlaylist: string;
let secondPlaylist: string;
let secondVersionEntry: string;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

/** Reads a song's file as `<audio src>` does, with a range. */
async function songFile(songId: string, token: string) {
  const answer = await fetch(
    `${server.url}/api/v1/music/song/${songId}/file?access_token=${token}`,
    { headers: { range: "bytes=0-9" } },
  );
  const bytes = Buffer.from(await answer.arrayBuffer());
  return { status: answer.status, bytes };
}

async function upload(name: string): Promise<string> {
  const uploaded = await uploadFile(server, "/music/song/add", audioFixture(name), {
    token: contentManager.token,
    filename: name,
  });
  expect(uploaded.status).toBe(201);
  return uploaded.body.song.id;
}

/** What of the two songs and playlists this token reaches: each call's status. */
async function reach(token: string) {
  return {
    firstFile: (await songFile(firstSong, token)).status,
    firstMeta: (await get(`/music/song/${firstSong}/meta`, token)).status,
    secondFile: (await songFile(secondSong, token)).status,
    secondMeta: (await get(`/music/song/${secondSong}/meta`, token)).status,
    firstPlaylist: (await get(`/music/playlist/${firstPlaylist}`, token)).status,
    secondPlaylist: (await get(`/music/playlist/${secondPlaylist}`, token)).status,
  };
}

const NOTHING = {
  firstFile: 404,
  firstMeta: 404,
  secondFile: 404,
  secondMeta: 404,
  firstPlaylist: 404,
  secondPlaylist: 404,
};
const ONLY_FIRST = { ...NOTHING, firstFile: 206, firstMeta: 200, firstPlaylist: 200 };
const EVERYTHING = {
  firstFile: 206,
  firstMeta: 200,
  secondFile: 206,
  secondMeta: 200,
  firstPlaylist: 200,
  secondPlaylist: 200,
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  clientManager = await createSignedInUser(server, { role: "role-client-manager" });
  support = await createSignedInUser(server, { role: "role-support" });
  contentManager = await createSignedInUser(server, { role: "role-content-manager" });
  firstSong = await upload(AUDIO_FIXTURES[0] as string);
  secondSong = await upload(AUDIO_FIXTURES[1] as string);
  firstPlaylist = (await playlistOf(server, contentManager, [firstSong], "Утро")).id;
  const second = await playlistOf(server, contentManager, [secondSong], "Вечер");
  secondPlaylist = second.id;
  secondVersionEntry = second.versionEntryId;
});

afterAll(async () => {
  await server?.close();
});

describe("who may hear which music", () => {
  it("gives staff every song and playlist", async () => {
    for (const staff of [admin, clientManager, support, contentManager]) {
      expect(await reach(staff.token)).toEqual(EVERYTHING);
    }
  });

  it("gives a client without a subscription, and an account waiting for activation, nothing", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    expect(await reach(client.token)).toEqual(NOTHING);
    const list = await get("/music/song?limit=30", client.token);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);

    for (const role of ["wait-activation", "edit-personal-info"] as const) {
      const waiting = await createSignedInUser(server, { role });
      expect(await reach(waiting.token)).toEqual(NOTHING);
    }
  });

  it("gives a subscribed client the songs of its tariff's playlists, and nothing once it ends", async () => {
    const { client, subscriptionId } = await subscribedClient(server, { admin, clientManager }, [
      firstPlaylist,
    ]);
    expect(await reach(client.token)).toEqual(ONLY_FIRST);
    // The range answer is the file's own bytes.
    const ranged = await songFile(firstSong, client.token);
    expect(ranged.bytes.equals(audioFixture(AUDIO_FIXTURES[0] as string).subarray(0, 10))).toBe(
      true,
    );
    const playlist = await get(`/music/playlist/${firstPlaylist}`, client.token);
    expect(playlist.body.tracks.map((track: { song: { id: string } }) => track.song.id)).toEqual([
      firstSong,
    ]);
    const list = await get("/music/song?limit=30", client.token);
    expect(list.body.data.map((song: { id: string }) => song.id)).toEqual([firstSong]);

    const ended = await post(`/subscription/${subscriptionId}/end`, clientManager.token);
    expect(ended.status).toBe(200);
    expect(await reach(client.token)).toEqual(NOTHING);
  });

  it("follows a personal grant, a tariff's playlists and a playlist's version at once", async () => {
    const { client, tariffId } = await subscribedClient(server, { admin, clientManager }, [
      firstPlaylist,
    ]);
    expect(await reach(client.token)).toEqual(ONLY_FIRST);

    const granted = await post(
      `/tariff/user/${client.id}/${tariffId}/playlist/add`,
      clientManager.token,
      { playlistId: secondPlaylist },
    );
    expect(granted.status).toBe(200);
    expect(await reach(client.token)).toEqual(EVERYTHING);

    const withdrawn = await post(
      `/tariff/user/${client.id}/${tariffId}/playlist/${secondPlaylist}/remove`,
      clientManager.token,
    );
    expect(withdrawn.status).toBe(200);
    expect(await reach(client.token)).toEqual(ONLY_FIRST);

    // The tariff now holds the second playlist instead of the first.
    const tariff = await get(`/tariff/${tariffId}`, admin.token);
    const changed = await post(
      `/tariff/${tariffId}/change`,
      admin.token,
      tariffInput({ name: tariff.body.name, playlistIds: [secondPlaylist] }),
    );
    expect(changed.status).toBe(200);
    const afterChange = await reach(client.token);
    expect(afterChange.firstFile).toBe(404);
    expect(afterChange.secondFile).toBe(206);

    // A song put into the current version of an allowed playlist is heard at once.
    const placed = await post(`/vault/${secondVersionEntry}/make-song`, contentManager.token, {
      songIds: [firstSong],
    });
    expect(placed.status).toBe(200);
    expect((await songFile(firstSong, client.token)).status).toBe(206);
  });

  it("gives a venue's device what its owner may hear", async () => {
    const { client, establishmentId } = await subscribedClient(server, { admin, clientManager }, [
      firstPlaylist,
    ]);
    const device = await deviceTokenFor(server, client, establishmentId);
    const reached = await reach(device);
    expect(reached.firstFile).toBe(206);
    expect(reached.firstPlaylist).toBe(200);
    expect(reached.secondFile).toBe(404);
    expect(reached.secondPlaylist).toBe(404);
  });

  it("does not reveal whether a refused song exists: the same answer as an unknown one", async () => {
    const client = await createSignedInUser(server, { role: "role-client" });
    const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";
    const withoutRequest = ({ status, body }: Answer) => ({
      status,
      body: { ...body, requestId: 0 },
    });
    for (const [refused, unknown] of [
      [`/music/song/${firstSong}/meta`, `/music/song/${unknownId}/meta`],
      [`/music/playlist/${firstPlaylist}`, `/music/playlist/${unknownId}`],
      [`/music/playlist/${firstPlaylist}/avatar-file`, `/music/playlist/${unknownId}/avatar-file`],
    ]) {
      expect(withoutRequest(await get(refused as string, client.token))).toEqual(
        withoutRequest(await get(unknown as string, client.token)),
      );
    }
  });
});
