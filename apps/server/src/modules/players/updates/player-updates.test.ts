import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEstablishment,
  createSignedInUser,
  type SignedInUser,
} from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { storedKeys, temporaryUploads, uploadFile } from "../../../test/library.ts";
import { connect, type SocketClient } from "../../../test/socket-client.ts";

/**
 * Player updates (issue 13) on the real server: the admin's upload, meta
 * change, list and file; the box player's download with Range; and the
 * notice of a newer update on the player socket, at connect and live.
 */

let server: TestServer;
let admin: SignedInUser;
let staff: Record<"client" | "manager" | "support", SignedInUser>;
let deviceToken: string;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });
const post = (path: string, token: string, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body });

let counter = 0;
/** Bytes no other update has (updates of equal content share one stored file). */
function firmware(size = 1000): Buffer {
  counter += 1;
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 7 + counter) % 251;
  bytes.write(`fw-${counter}-${Date.now()}`);
  return bytes;
}

function upload(filename: string, data: Uint8Array, token = admin.token, query = "") {
  return uploadFile(server, `/music/player/update${query}`, data, { token, filename });
}

async function listAll(): Promise<Answer> {
  return get("/music/player/update/all?limit=500", admin.token);
}

async function deviceOfNewVenue(): Promise<string> {
  const owner = await createSignedInUser(server, { role: "role-client" });
  const establishmentId = await createEstablishment(server, owner.id);
  const created = await call(server, "POST", "/auth/code/create-code");
  const approved = await post("/auth/code/approve-code", owner.token, {
    code: created.body.code,
    establishmentId,
  });
  expect(approved.status).toBe(200);
  const polled = await call(server, "POST", "/auth/code/wait-for-verification", {
    body: { verificationId: created.body.verificationId },
  });
  return polled.body.tokens.token;
}

/** A device socket that said its version; answers after `connected`. */
async function boxAt(version: string): Promise<SocketClient> {
  const socket = await connect(server, deviceToken);
  socket.send({ type: "connect", version });
  for (;;) {
    const message = await socket.next();
    if (message.type === "connected") return socket;
  }
}

/** Proves a socket got nothing more: the next thing it reads is the answer to its ping. */
async function expectNothingMore(socket: SocketClient) {
  socket.send({ type: "ping" });
  expect(await socket.next()).toEqual({ type: "pong" });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  staff = {
    client: await createSignedInUser(server, { role: "role-client" }),
    manager: await createSignedInUser(server, { role: "role-client-manager" }),
    support: await createSignedInUser(server, { role: "role-support" }),
  };
  deviceToken = await deviceOfNewVenue();
});

afterAll(async () => {
  await server?.close();
});

describe("uploading a player update", () => {
  it("stores the file; name and version come from its file name or the query", async () => {
    const data = firmware(4096);
    const uploaded = await upload("fonika-box-1.0.0.bin", data);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({
      updateId: expect.any(String),
      name: "fonika-box-1.0.0",
      version: "1.0.0",
      fileName: "fonika-box-1.0.0.bin",
      size: 4096,
      sha256: createHash("sha256").update(data).digest("hex"),
      createdAt: expect.any(String),
    });
    expect(await storedKeys(server, "player-updates/")).toContain(
      `player-updates/${uploaded.body.sha256.slice(0, 2)}/${uploaded.body.sha256}`,
    );

    const named = await upload(
      "firmware.img",
      firmware(),
      admin.token,
      `?name=${encodeURIComponent("  Зимняя прошивка ")}&version=1.1.0-beta.1`,
    );
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ name: "Зимняя прошивка", version: "1.1.0-beta.1" });
    expect(temporaryUploads(server)).toEqual([]);
  });

  it("refuses a missing or empty file, a bad or used version and a bad name, storing nothing", async () => {
    await upload("box-2.0.0.bin", firmware());
    const before = (await listAll()).body.total;
    const keys = await storedKeys(server, "player-updates/");

    const noFile = await post("/music/player/update", admin.token, { name: "x" });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ type: "validation-error", reason: "Прикрепите файл" });
    const otherField = await uploadFile(server, "/music/player/update", firmware(), {
      token: admin.token,
      filename: "box-2.1.0.bin",
      field: "firmware",
    });
    expect(otherField.status).toBe(400);
    const empty = await upload("box-2.2.0.bin", new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ type: "validation-error", reason: "Файл пустой" });
    const noVersion = await upload("firmware.bin", firmware());
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.reason).toBe("Укажите версию: в имени файла её нет");
    const badVersion = await upload("firmware.bin", firmware(), admin.token, "?version=2.3");
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.type).toBe("validation-error");
    const longName = await upload(
      "box-2.4.0.bin",
      firmware(),
      admin.token,
      `?name=${"я".repeat(201)}`,
    );
    expect(longName.status).toBe(400);
    const taken = await upload("box-2.0.0-copy.bin", firmware(), admin.token, "?version=2.0.0");
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      type: "conflict",
      reason: "Обновление версии 2.0.0 уже загружено",
    });

    expect((await listAll()).body.total).toBe(before);
    expect(await storedKeys(server, "player-updates/")).toEqual(keys);
    expect(temporaryUploads(server)).toEqual([]);
  });
});

describe("changing an update's name and version", () => {
  it("renames and re-versions it, and refuses bad input and unknown ids, changing nothing", async () => {
    const made = (await upload("meta-3.0.0.bin", firmware())).body;
    await upload("meta-3.1.0.bin", firmware());
    const path = `/music/player/update/${made.updateId}/update-meta`;

    const changed = await post(path, admin.token, { name: " Весенняя ", version: "3.0.1" });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...made, name: "Весенняя", version: "3.0.1" });

    const refusals: Array<[unknown, number, string]> = [
      [{ name: "", version: "3.0.2" }, 400, "validation-error"],
      [{ name: "я".repeat(201), version: "3.0.2" }, 400, "validation-error"],
      [{ name: "Весенняя", version: "3.0" }, 400, "validation-error"],
      [{ name: "Весенняя", version: "v3.0.2" }, 400, "validation-error"],
      [{ name: "Весенняя" }, 400, "validation-error"],
      [{ name: "Весенняя", version: "3.1.0" }, 409, "conflict"],
    ];
    for (const [body, status, type] of refusals) {
      const answer = await post(path, admin.token, body);
      expect({ body, status: answer.status, type: answer.body.type }).toEqual({
        body,
        status,
        type,
      });
    }
    const malformed = await post("/music/player/update/not-a-uuid/update-meta", admin.token, {
      name: "Весенняя",
      version: "3.0.3",
    });
    expect(malformed.status).toBe(400);
    const unknown = await post(
      "/music/player/update/00000000-0000-4000-8000-000000000000/update-meta",
      admin.token,
      { name: "Весенняя", version: "3.0.3" },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ type: "not-found", reason: "Обновление не найдено" });

    const listed = (await listAll()).body.data.find(
      (update: { updateId: string }) => update.updateId === made.updateId,
    );
    expect(listed).toEqual(changed.body);
  });
});

describe("listing player updates", () => {
  it("answers newest upload first, 30 a page, found by name or version", async () => {
    const first = (await upload("list-4.0.0.bin", firmware(), admin.token, "?name=Склад")).body;
    const second = (await upload("list-4.1.0.bin", firmware(), admin.token, "?name=Склад")).body;
    const page = await get("/music/player/update/all", admin.token);
    expect(page.status).toBe(200);
    expect(page.body.data[0]).toEqual(second);
    expect(page.body.data[1]).toEqual(first);
    expect(page.body.totalPages).toBe(Math.ceil(page.body.total / 30));

    const byName = await get("/music/player/update/all?query=склад", admin.token);
    expect(byName.body).toEqual({ data: [second, first], total: 2, totalPages: 1 });
    const byVersion = await get("/music/player/update/all?query=4.1.0", admin.token);
    expect(byVersion.body.data).toEqual([second]);
    const paged = await get("/music/player/update/all?query=Склад&limit=1&offset=1", admin.token);
    expect(paged.body).toEqual({ data: [first], total: 2, totalPages: 2 });
    const wildcard = await get("/music/player/update/all?query=%25", admin.token);
    expect(wildcard.body.total).toBe(0);

    for (const query of ["limit=0", "limit=501", "offset=-1", `query=${"я".repeat(201)}`]) {
      const answer = await get(`/music/player/update/all?${query}`, admin.token);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
  });
});

describe("who may manage player updates", () => {
  it("refuses client, client manager, support and a device with 403, changing nothing", async () => {
    const made = (await upload("roles-5.0.0.bin", firmware())).body;
    const before = await listAll();
    const keys = await storedKeys(server, "player-updates/");
    const callers = { ...staff, device: { token: deviceToken } };
    for (const [who, caller] of Object.entries(callers)) {
      const answers = {
        upload: (await upload("roles-5.1.0.bin", firmware(), caller.token)).status,
        meta: (
          await post(`/music/player/update/${made.updateId}/update-meta`, caller.token, {
            name: "Чужая",
            version: "5.2.0",
          })
        ).status,
        list: (await get("/music/player/update/all", caller.token)).status,
        file: (
          await fetch(`${server.url}/api/v1/music/player/update/${made.updateId}/file`, {
            headers: { authorization: `Bearer ${caller.token}` },
          })
        ).status,
      };
      // A device downloads the firmware it installs, and manages nothing.
      expect({ who, answers }).toEqual({
        who,
        answers: { upload: 403, meta: 403, list: 403, file: who === "device" ? 200 : 403 },
      });
    }
    const anonymous = await call(server, "GET", `/music/player/update/${made.updateId}/file`);
    expect(anonymous.status).toBe(401);
    expect(await listAll()).toEqual(before);
    expect(await storedKeys(server, "player-updates/")).toEqual(keys);
  });
});

describe("downloading an update's file", () => {
  it("serves the admin and a player device, with Range", async () => {
    const data = firmware(10_000);
    const made = (await upload("download-6.0.0.bin", data)).body;
    const url = `${server.url}/api/v1/music/player/update/${made.updateId}/file`;

    const whole = await fetch(url, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("etag")).toBe(`"${made.sha256}"`);
    expect(whole.headers.get("content-disposition")).toContain('filename="download-6.0.0.bin"');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(data);

    const part = await fetch(url, {
      headers: { authorization: `Bearer ${deviceToken}`, range: "bytes=100-299" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-299/10000");
    expect(Buffer.from(await part.arrayBuffer())).toEqual(data.subarray(100, 300));

    const tail = await fetch(`${url}?access_token=${deviceToken}`, {
      headers: { range: "bytes=9990-" },
    });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(data.subarray(9990));
    const outside = await fetch(url, {
      headers: { authorization: `Bearer ${deviceToken}`, range: "bytes=20000-" },
    });
    expect(outside.status).toBe(416);

    expect((await get("/music/player/update/not-a-uuid/file", admin.token)).status).toBe(400);
    const unknown = await get(
      "/music/player/update/00000000-0000-4000-8000-000000000000/file",
      deviceToken,
    );
    expect(unknown.status).toBe(404);
  });
});

describe("a box player hears of a newer update", () => {
  it("when it connects with an older version, and not when it is up to date", async () => {
    const newest = (await upload("socket-90.0.0.bin", firmware(), admin.token, "?name=Новая")).body;
    await upload("socket-89.0.0.bin", firmware());

    const outdated = await boxAt("89.5.0");
    expect(await outdated.next()).toEqual({
      type: "playerUpdateAvailable",
      updateId: newest.updateId,
      name: "Новая",
      version: "90.0.0",
      size: newest.size,
      sha256: newest.sha256,
      url: `/api/v1/music/player/update/${newest.updateId}/file`,
    });
    const preRelease = await boxAt("90.0.0-rc.1");
    expect(await preRelease.next()).toMatchObject({ type: "playerUpdateAvailable" });

    const current = await boxAt("90.0.0");
    await expectNothingMore(current);
    const ahead = await boxAt("91.0.0");
    await expectNothingMore(ahead);

    // A browser or a device that says no version is no box to update.
    const browser = await connect(server, staff.client.token);
    browser.send({ type: "connect", version: "0.0.1" });
    expect(await browser.next()).toEqual({ type: "connected", userId: staff.client.id });
    await expectNothingMore(browser);
    const silent = await connect(server, deviceToken);
    silent.send({ type: "connect" });
    expect(await silent.next()).toMatchObject({ type: "connected" });
    await expectNothingMore(silent);

    const malformed = await connect(server, deviceToken);
    malformed.send({ type: "connect", version: "latest" });
    expect(await malformed.next()).toMatchObject({ type: "error" });

    for (const socket of [outdated, preRelease, current, ahead, browser, silent, malformed]) {
      socket.socket.close();
    }
  });

  it("at once when a newer update is uploaded or edited, on the box's socket", async () => {
    await upload("live-100.0.0.bin", firmware());
    const box = await boxAt("100.0.0");
    await expectNothingMore(box);

    // An older update is no news.
    const older = (await upload("live-99.0.0.bin", firmware())).body;
    await expectNothingMore(box);

    const newer = (await upload("live-100.1.0.bin", firmware())).body;
    expect(await box.next()).toMatchObject({
      type: "playerUpdateAvailable",
      updateId: newer.updateId,
      version: "100.1.0",
    });

    // An old update re-versioned above the newest is the news now.
    await post(`/music/player/update/${older.updateId}/update-meta`, admin.token, {
      name: "Исправленная",
      version: "100.2.0",
    });
    expect(await box.next()).toMatchObject({
      type: "playerUpdateAvailable",
      updateId: older.updateId,
      name: "Исправленная",
      version: "100.2.0",
    });
    box.socket.close();
  });
});
