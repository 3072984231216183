import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../../kernel/actor.ts";
import { playerRoom } from "../../../realtime/hub.ts";
import {
  createEstablishment,
  createSignedInUser,
  type SignedInUser,
} from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { AUDIO_FIXTURES, audioFixture, uploadFile } from "../../../test/library.ts";
import { playlistOf, subscribedClient as subscribeClient } from "../../../test/venues.ts";

let server: TestServer;
let admin: SignedInUser;
let clientManager: SignedInUser;
let support: SignedInUser;
let contentManager: SignedInUser;
let songId: string;
const unknownId = "0b7f2a9e-1c3d-4e5f-8a6b-7c8d9e0f1a2b";

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  clientManager = await createSignedInUser(server, { role: "role-client-manager" });
  support = await createSignedInUser(server, { role: "role-support" });
  contentManager = await createSignedInUser(server, { role: "role-content-manager" });
  const uploaded = await uploadFile(
    server,
    "/music/song/add",
    audioFixture(AUDIO_FIXTURES[0] as string),
    {
      token: contentManager.token,
      filename: AUDIO_FIXTURES[0] as string,
    },
  );
  songId = uploaded.body.song.id;
});

afterAll(async () => {
  await server?.close();
});

/** A playlist whose current version holds one song: one that can be played. */
async function playablePlaylist(name: string): Promise<string> {
  return (await playlistOf(server, contentManager, [songId], name)).id;
}

/** A client with one establishment subscribed (live) to a new tariff holding `playlistIds`. */
function subscribedClient(playlistIds: string[]) {
  return subscribeClient(server, { admin, clientManager }, playlistIds);
}

/** A client with exactly one establishment (made directly). */
async function clientWithEstablishment(name = "Кафе «Тест»") {
  const client = await createSignedInUser(server, { role: "role-client" });
  const establishmentId = await createEstablishment(server, client.id, { name });
  return { client, establishmentId };
}

const webPlayer = { name: "Зал", type: "web", address: "Москва, Тверская, 7" };

async function playersOf(user: SignedInUser): Promise<Answer["body"][]> {
  const answer = await get(`/music/player/${user.id}/all`, user.token);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe("adding players", () => {
  it("puts a web or box player in the owner's only establishment; refuses bad input and changes nothing", async () => {
    const { client, establishmentId } = await clientWithEstablishment("Кофейня «Зерно»");
    const web = await post("/music/player/add", client.token, webPlayer);
    expect(web.status).toBe(201);
    expect(web.body).toMatchObject({
      userId: client.id,
      establishmentId,
      establishmentName: "Кофейня «Зерно»",
      name: "Зал",
      type: "web",
      serialBoxNumber: null,
      abilities: { edit: true, remove: true },
    });
    const serial = `BOX-${randomUUID().slice(0, 8)}`;
    const box = await post("/music/player/add", client.token, {
      name: "Терраса",
      type: "boxPlayer",
      serialBoxNumber: serial,
      address: "Москва, Тверская, 7",
    });
    expect(box.status).toBe(201);
    expect(box.body.serialBoxNumber).toBe(serial);

    const other = await clientWithEstablishment();
    const refused: Array<[unknown, number, string?]> = [
      [{ ...webPlayer, type: "boxPlayer", serialBoxNumber: serial.toLowerCase() }, 409],
      [{ ...webPlayer, type: "boxPlayer" }, 400],
      [{ ...webPlayer, serialBoxNumber: "BOX-1" }, 400],
      [{ ...webPlayer, type: "boxPlayer", serialBoxNumber: "коробка 1" }, 400],
      [{ ...webPlayer, type: "radio" }, 400],
      [{ ...webPlayer, name: "ab" }, 400],
      [{ ...webPlayer, name: "x".repeat(201) }, 400],
      [{ ...webPlayer, address: "x".repeat(501) }, 400],
      [{ type: "web", address: "Москва" }, 400],
      [{ ...webPlayer, establishmentId: "not-an-id" }, 400],
      ["just text", 400],
      [{ ...webPlayer, establishmentId: other.establishmentId }, 404, "Заведение не найдено"],
      [{ ...webPlayer, establishmentId: unknownId }, 404, "Заведение не найдено"],
      [{ ...webPlayer, userId: other.client.id }, 403],
    ];
    for (const [body, status, reason] of refused) {
      const answer = await post("/music/player/add", client.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.reason, JSON.stringify(body)).toEqual(reason ?? expect.any(String));
    }
    const duplicate = await post("/music/player/add", client.token, {
      ...webPlayer,
      type: "boxPlayer",
      serialBoxNumber: serial,
    });
    expect(duplicate.body).toMatchObject({
      type: "conflict",
      reason: "Плеер с таким серийным номером уже зарегистрирован",
    });
    for (const token of [support.token, contentManager.token]) {
      expect((await post("/music/player/add", token, webPlayer)).status).toBe(403);
    }
    expect((await call(server, "POST", "/music/player/add", { body: webPlayer })).status).toBe(401);

    expect((await playersOf(client)).map((player) => player.id)).toEqual([
      web.body.id,
      box.body.id,
    ]);
    expect(await playersOf(other.client)).toEqual([]);
  });

  it("lets a client manager add a player for a client, but never to staff", async () => {
    const { client, establishmentId } = await clientWithEstablishment();
    const added = await post("/music/player/add", clientManager.token, {
      ...webPlayer,
      userId: client.id,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ userId: client.id, establishmentId });
    const forSelf = await post("/music/player/add", clientManager.token, webPlayer);
    expect(forSelf.status).toBe(400);
    expect(forSelf.body.reason).toBe("Плеер можно добавить только клиенту: укажите клиента");
    const forStaff = await post("/music/player/add", admin.token, {
      ...webPlayer,
      userId: support.id,
    });
    expect(forStaff.status).toBe(400);
    expect(await playersOf(client)).toHaveLength(1);
  });

  it("answers a clear 400 to a client with no or several establishments, and takes the named one", async () => {
    const none = await createSignedInUser(server, { role: "role-client" });
    const refused = await post("/music/player/add", none.token, webPlayer);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      type: "validation-error",
      reason: "Сначала добавьте заведение: плеер работает в заведении",
    });
    const { client } = await clientWithEstablishment("Первое");
    const second = await createEstablishment(server, client.id, { name: "Второе" });
    const ambiguous = await post("/music/player/add", client.token, webPlayer);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.reason).toBe("Выберите заведение: у клиента их несколько");
    expect(await playersOf(client)).toEqual([]);
    const named = await post("/music/player/add", client.token, {
      ...webPlayer,
      establishmentId: second,
    });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ establishmentId: second, establishmentName: "Второе" });
  });
});

describe("a player's own calls", () => {
  it("are changed by the owner and managers, read by support, and hidden from other clients", async () => {
    const { client, establishmentId } = await clientWithEstablishment();
    const other = await clientWithEstablishment();
    const { body: player } = await post("/music/player/add", client.token, webPlayer);
    const changed = await post(`/music/player/${player.id}/change`, client.token, {
      name: "Большой зал",
      address: "Москва, Тверская, 9",
    });
    expect(changed.body).toMatchObject({ name: "Большой зал", address: "Москва, Тверская, 9" });
    const byManager = await post(`/music/player/${player.id}/change`, clientManager.token, {
      name: "Зал у окна",
    });
    expect(byManager.body).toMatchObject({ name: "Зал у окна", address: "Москва, Тверская, 9" });

    const read = await get(`/music/player/${player.id}`, support.token);
    expect(read.status).toBe(200);
    expect(read.body.abilities).toEqual({ edit: false, remove: false });
    const hidden = await get(`/music/player/${player.id}`, other.client.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.reason).toBe("Плеер не найден");
    expect((await get(`/music/player/${unknownId}`, client.token)).status).toBe(404);
    expect((await get("/music/player/not-an-id", client.token)).status).toBe(400);

    const badChanges: Array<[string, string, unknown, number]> = [
      [player.id, other.client.token, { name: "Чужой" }, 404],
      [player.id, support.token, { name: "Поддержка" }, 403],
      [player.id, client.token, {}, 400],
      [player.id, client.token, { name: "ab" }, 400],
      [player.id, client.token, { address: "x".repeat(501) }, 400],
      [unknownId, client.token, { name: "Нет такого" }, 404],
    ];
    for (const [id, token, body, status] of badChanges) {
      expect((await post(`/music/player/${id}/change`, token, body)).status).toBe(status);
    }
    expect((await get(`/music/player/${player.id}`, client.token)).body).toMatchObject({
      name: "Зал у окна",
      address: "Москва, Тверская, 9",
    });

    // A user's players: one establishment's, to the user and staff only.
    const secondVenue = await createEstablishment(server, client.id, { name: "Второе" });
    await post("/music/player/add", client.token, { ...webPlayer, establishmentId: secondVenue });
    expect(await playersOf(client)).toHaveLength(2);
    const ofFirst = await get(
      `/music/player/${client.id}/all?establishmentId=${establishmentId}`,
      support.token,
    );
    expect(ofFirst.body).toMatchObject({ total: 1, data: [{ id: player.id }] });
    expect((await get(`/music/player/${client.id}/all`, other.client.token)).status).toBe(403);
    for (const bad of ["limit=0", "limit=501", "offset=-1", "establishmentId=x"]) {
      expect((await get(`/music/player/${client.id}/all?${bad}`, client.token)).status).toBe(400);
    }

    // Removing names the owner; anyone else's id changes nothing.
    expect(
      (await post(`/music/player/${player.id}/${other.client.id}/remove`, clientManager.token))
        .status,
    ).toBe(404);
    expect(
      (await post(`/music/player/${player.id}/${client.id}/remove`, other.client.token)).status,
    ).toBe(404);
    expect(
      (await post(`/music/player/${player.id}/${client.id}/remove`, support.token)).status,
    ).toBe(403);
    expect(await playersOf(client)).toHaveLength(2);
    const removed = await post(`/music/player/${player.id}/${client.id}/remove`, client.token);
    expect(removed.body).toEqual({ ok: true });
    expect((await get(`/music/player/${player.id}`, client.token)).status).toBe(404);
    expect(await playersOf(client)).toHaveLength(1);
  });

  it("are listed for staff with the client, establishment and type, paged and found by any name", async () => {
    const marker = randomUUID().slice(0, 8);
    const client = await createSignedInUser(server, {
      role: "role-client",
      profile: { lastName: `Клиентов${marker}`, firstName: "Иван" },
    });
    await createEstablishment(server, client.id, { name: `Бар ${marker}` });
    const serial = `SN-${marker}`;
    const { body: box } = await post("/music/player/add", client.token, {
      name: "Касса",
      type: "boxPlayer",
      serialBoxNumber: serial,
      address: "Казань, Баумана, 1",
    });
    const { body: web } = await post("/music/player/add", client.token, {
      ...webPlayer,
      name: `Веранда ${marker}`,
    });
    const search = async (query: string, token = admin.token) =>
      get(`/music/player/all?${query}`, token);

    const byClient = await search(`query=${encodeURIComponent(`Клиентов${marker}`)}`);
    expect(byClient.status).toBe(200);
    expect(byClient.body.total).toBe(2);
    expect(byClient.body.data[0]).toMatchObject({
      clientName: expect.stringContaining(`Клиентов${marker}`),
      establishmentName: `Бар ${marker}`,
    });
    expect(
      (await search(`query=${serial}`, support.token)).body.data.map((p: { id: string }) => p.id),
    ).toEqual([box.id]);
    expect((await search(`query=${encodeURIComponent(`Бар ${marker}`)}`)).body.total).toBe(2);
    expect(
      (await search(`query=${encodeURIComponent(`Веранда ${marker}`)}`, clientManager.token)).body
        .data,
    ).toMatchObject([{ id: web.id, type: "web" }]);
    const boxes = await search(`query=${marker}&type=boxPlayer`);
    expect(boxes.body.data.map((player: { id: string }) => player.id)).toEqual([box.id]);
    const paged = await search(`query=${marker}&count=1&page=1&sortBy=name`);
    expect(paged.body).toMatchObject({ total: 2, totalPages: 2 });
    expect(paged.body.data).toHaveLength(1);

    for (const token of [client.token, contentManager.token]) {
      expect((await search("", token)).status).toBe(403);
    }
    for (const bad of [
      "page=-1",
      "count=0",
      "count=501",
      "sortBy=price",
      "type=radio",
      `query=${"x".repeat(201)}`,
    ]) {
      expect((await search(bad)).status, bad).toBe(400);
    }
  });
});

describe("what a player may play", () => {
  it("is what its owner may play: their tariff's playlists and personal grants, while the subscription lives", async () => {
    const fromTariff = await playablePlaylist("Утро");
    const granted = await playablePlaylist("Вечер");
    const elsewhere = await playablePlaylist("Чужой");
    const { client, tariffId, subscriptionId } = await subscribedClient([fromTariff]);
    const allowedIds = async () => {
      const answer = await get(`/music/playlist/${client.id}/allowed?limit=500`, client.token);
      expect(answer.status).toBe(200);
      return answer.body.data.map((playlist: { id: string }) => playlist.id).sort();
    };
    expect(await allowedIds()).toEqual([fromTariff]);

    const { body: player } = await post("/music/player/add", client.token, webPlayer);
    const playlistsPath = `/music/player/${player.id}/playlist`;
    const notAllowed = await post(`${playlistsPath}/add`, client.token, { playlistId: elsewhere });
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body.reason).toBe("Этот плейлист не входит в тарифы клиента");
    expect((await post(`${playlistsPath}/add`, client.token, { playlistId: granted })).status).toBe(
      403,
    );
    // A new player starts with its venue's first playlist as its fallback (issue 28).
    expect(player.fallbackPlaylistId).toBe(fromTariff);
    expect((await get(`${playlistsPath}/all`, client.token)).body.data).toMatchObject([
      { playlistId: fromTariff, playable: true },
    ]);
    const again = await post(`${playlistsPath}/add`, client.token, { playlistId: fromTariff });
    expect(again.status).toBe(409);

    // A playlist granted to this client under the tariff is theirs too.
    const grant = await post(
      `/tariff/user/${client.id}/${tariffId}/playlist/add`,
      clientManager.token,
      { playlistId: granted },
    );
    expect(grant.status).toBe(200);
    expect(await allowedIds()).toEqual([fromTariff, granted].sort());
    expect(
      (await post(`${playlistsPath}/add`, clientManager.token, { playlistId: granted })).body.data,
    ).toHaveLength(2);
    const holders = await get(`/music/player/${client.id}/${fromTariff}/players`, support.token);
    expect(holders.body.data.map((one: { id: string }) => one.id)).toEqual([player.id]);
    const owner = browserActor(client.id);
    expect(
      (await server.app.modules.players.socketDirectory.playlistsOf(owner, player.id))?.sort(),
    ).toEqual([fromTariff, granted].sort());

    // Bad calls change nothing.
    const otherClient = await clientWithEstablishment();
    const badAdds: Array<[string, unknown, number]> = [
      [otherClient.client.token, { playlistId: elsewhere }, 404],
      [support.token, { playlistId: fromTariff }, 403],
      [client.token, { playlistId: "x" }, 400],
      [client.token, {}, 400],
    ];
    for (const [token, body, status] of badAdds) {
      expect((await post(`${playlistsPath}/add`, token, body)).status).toBe(status);
    }
    expect(
      (await post(`/music/player/${unknownId}/playlist/add`, client.token, { playlistId: granted }))
        .status,
    ).toBe(404);
    expect((await get(`${playlistsPath}/all`, otherClient.client.token)).status).toBe(404);
    expect((await get(`${playlistsPath}/all`, client.token)).body.data).toHaveLength(2);

    // When the subscription ends, its playlists stay on the player but do not play.
    const ended = await post(`/subscription/${subscriptionId}/end`, clientManager.token);
    expect(ended.body.state).toBe("ended");
    expect(await allowedIds()).toEqual([]);
    const kept = await get(`${playlistsPath}/all`, client.token);
    expect(kept.body.data).toMatchObject([
      { playlistId: fromTariff, playable: false },
      { playlistId: granted, playable: false },
    ]);
    expect(await server.app.modules.players.socketDirectory.playlistsOf(owner, player.id)).toEqual(
      [],
    );
    const { body: second } = await post("/music/player/add", client.token, {
      ...webPlayer,
      name: "Второй зал",
    });
    expect(
      (
        await post(`/music/player/${second.id}/playlist/add`, client.token, {
          playlistId: fromTariff,
        })
      ).status,
    ).toBe(403);

    // Taking a playlist off.
    const taken = await post(`${playlistsPath}/${granted}/remove`, client.token);
    expect(taken.body.data.map((one: { playlistId: string }) => one.playlistId)).toEqual([
      fromTariff,
    ]);
    expect((await post(`${playlistsPath}/${granted}/remove`, client.token)).status).toBe(404);
    expect((await post(`${playlistsPath}/${fromTariff}/remove`, support.token)).status).toBe(403);
    expect((await get(`${playlistsPath}/all`, client.token)).body.data).toHaveLength(1);
  });
});

describe("requests about players", () => {
  it("stores a purchase and a leave request for staff; refuses bad ones and changes nothing", async () => {
    const { client } = await clientWithEstablishment();
    const other = await clientWithEstablishment();
    const { body: player } = await post("/music/player/add", client.token, webPlayer);
    const purchase = await post(`/music/player/${client.id}/send-player-request`, client.token, {
      name: "Анна Смирнова",
      phone: "+7 (999) 123-45-67",
      email: "Anna@Example.com",
      address: "Москва, Тверская, 7",
      quantity: 2,
    });
    expect(purchase.status).toBe(201);
    expect(purchase.body).toMatchObject({
      kind: "purchase",
      phone: "79991234567",
      email: "anna@example.com",
      quantity: 2,
    });
    const leave = await post(`/music/player/${client.id}/leave-request`, client.token, {
      playerId: player.id,
      comment: "Закрываемся на ремонт",
    });
    expect(leave.status).toBe(201);
    expect(leave.body).toMatchObject({ kind: "leave", playerId: player.id, playerName: "Зал" });

    const badRequests: Array<[string, string, unknown, number]> = [
      ["send-player-request", client.token, { name: "Анна", address: "Москва, 1" }, 400],
      [
        "send-player-request",
        client.token,
        { name: "Анна", phone: "12345", address: "Москва, 1" },
        400,
      ],
      [
        "send-player-request",
        client.token,
        { name: "Анна", phone: "+79991234567", address: "Москва, 1", quantity: 0 },
        400,
      ],
      [
        "send-player-request",
        client.token,
        { name: "Анна", phone: "+79991234567", address: "Москва, 1", comment: "x".repeat(1001) },
        400,
      ],
      ["leave-request", client.token, { playerId: "x" }, 400],
      ["leave-request", other.client.token, { playerId: player.id }, 403],
      ["leave-request", client.token, { playerId: unknownId }, 404],
      [
        "send-player-request",
        support.token,
        { name: "Анна", phone: "+79991234567", address: "Москва, 1" },
        403,
      ],
    ];
    for (const [action, token, body, status] of badRequests) {
      const answer = await post(`/music/player/${client.id}/${action}`, token, body);
      expect(answer.status, `${action} ${JSON.stringify(body)}`).toBe(status);
    }
    // Another client's player is not the client's to leave.
    const { body: foreign } = await post("/music/player/add", other.client.token, webPlayer);
    expect(
      (
        await post(`/music/player/${client.id}/leave-request`, client.token, {
          playerId: foreign.id,
        })
      ).status,
    ).toBe(404);

    const listed = await get("/music/player/request/all?count=500", support.token);
    expect(listed.status).toBe(200);
    const mine = listed.body.data.filter((row: { userId: string }) => row.userId === client.id);
    expect(mine.map((row: { kind: string }) => row.kind).sort()).toEqual(["leave", "purchase"]);
    const purchases = await get("/music/player/request/all?kind=purchase&count=500", admin.token);
    expect(purchases.body.data.every((row: { kind: string }) => row.kind === "purchase")).toBe(
      true,
    );
    expect((await get("/music/player/request/all", client.token)).status).toBe(403);
    expect((await get("/music/player/request/all?kind=gift", admin.token)).status).toBe(400);

    // A deleted client's players go, and so do their requests with the buyer's details.
    const deleted = await post(`/auth/account/${client.id}/delete-account`, clientManager.token);
    expect(deleted.status).toBe(200);
    expect((await get(`/music/player/${client.id}/all`, admin.token)).body.total).toBe(0);
    const after = await get("/music/player/request/all?count=500", admin.token);
    expect(after.body.data.filter((row: { userId: string }) => row.userId === client.id)).toEqual(
      [],
    );
    expect(JSON.stringify(after.body)).not.toContain("Анна Смирнова");
    expect((await get(`/music/player/${other.client.id}/all`, admin.token)).body.total).toBe(1);
  });
});

describe("the player directory", () => {
  it("lets the owner and the establishment's device control a player, and counts players per establishment", async () => {
    const { client, establishmentId } = await clientWithEstablishment();
    const other = await clientWithEstablishment();
    const { body: player } = await post("/music/player/add", client.token, webPlayer);
    const directory = server.app.modules.players.socketDirectory;

    expect(await directory.findControllable(browserActor(client.id), player.id)).toEqual({
      playerId: player.id,
      ownerId: client.id,
    });
    expect(await directory.findControllable(browserActor(other.client.id), player.id)).toBeNull();
    expect(await directory.findControllable(browserActor(client.id), unknownId)).toBeNull();
    expect(await directory.findControllable(browserActor(client.id), "no-such-player")).toBeNull();
    expect(await directory.playlistsOf(browserActor(client.id), "no-such-player")).toBeNull();
    const device = { ...browserActor(client.id), sessionKind: "device" as const, establishmentId };
    expect(await directory.findControllable(device, player.id)).not.toBeNull();
    expect(
      await directory.findControllable(
        { ...device, establishmentId: other.establishmentId },
        player.id,
      ),
    ).toBeNull();
    expect(await directory.roomsOf(device)).toEqual([playerRoom(player.id)]);
    expect(await directory.roomsOf(browserActor(client.id))).toEqual([]);
    expect(await directory.playlistsOf(browserActor(other.client.id), player.id)).toBeNull();

    // The establishment shows how many players it has; none is online without its device's socket.
    const venue = await get(`/establishment/${client.id}/${establishmentId}`, client.token);
    expect(venue.body.playerInfo).toEqual({ players: 1, online: 0 });

    // A device signed in for the establishment reads its player, and changes nothing.
    const created = await call(server, "POST", "/auth/code/create-code");
    await post("/auth/code/approve-code", client.token, {
      code: created.body.code,
      establishmentId,
    });
    const polled = await call(server, "POST", "/auth/code/wait-for-verification", {
      body: { verificationId: created.body.verificationId },
    });
    const deviceToken = polled.body.tokens.token;
    expect((await get(`/music/player/${player.id}`, deviceToken)).status).toBe(200);
    expect((await get(`/music/player/${player.id}/playlist/all`, deviceToken)).status).toBe(200);
    expect((await get(`/music/player/${client.id}/all`, deviceToken)).body.total).toBe(1);
    expect((await post("/music/player/add", deviceToken, webPlayer)).status).toBe(403);
    expect(
      (await post(`/music/player/${player.id}/change`, deviceToken, { name: "Устройство" })).status,
    ).toBe(403);
    expect(await playersOf(client)).toMatchObject([{ name: "Зал" }]);
  });
});

/** The actor of a client's browser session, as the auth plugin makes it. */
function browserActor(userId: string): Actor {
  return {
    userId,
    authority: ["role-client"],
    role: "role-client",
    sessionId: randomUUID(),
    sessionKind: "browser",
    establishmentId: null,
  };
}
