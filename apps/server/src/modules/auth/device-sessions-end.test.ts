import { MESSAGES } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema.ts";
import { createEstablishment, randomIp, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { connect, nextOfType, type SocketClient } from "../../test/socket-client.ts";
import {
  addPlayer,
  createVenueStaff,
  type SubscribedClient,
  songInPlaylist,
  step,
  subscribedClient,
  subscribeVenue,
  type VenueStaff,
} from "../../test/venues.ts";

/**
 * Devices follow the venue and the owner (issue 27), on the real server: a
 * box's device session learns its player when its socket names it and is
 * bound to it from then on, so removing that player ends the session; an
 * owner blocked, moved back to wait-activation or deleted stops every
 * device of every venue of theirs at once — the socket hears 'Access
 * denied error', the token gets 401 on a song's file and the plan, the
 * refresh is refused.
 */

let server: TestServer;
let staff: VenueStaff;
let songId: string;
let playlistId: string;

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Answer = { status: number; body: any };
const get = (path: string, token: string): Promise<Answer> => call(server, "GET", path, { token });
const post = (path: string, token: string | undefined, body?: unknown): Promise<Answer> =>
  call(server, "POST", path, { token, body, headers: { "x-forwarded-for": randomIp() } });

beforeAll(async () => {
  // Open sockets' sessions are read again every second (a socket let in before its binding).
  server = await startTestServer({ SOCKET_SESSION_CHECK_SECONDS: "1" });
  staff = await createVenueStaff(server);
  ({ songId, playlistId } = await songInPlaylist(server, staff.contentManager, "Устройства"));
});

afterAll(async () => {
  await server?.close();
});

interface Device {
  token: string;
  refreshToken: string;
  sessionId: string;
}

/** A device code approved by the owner for the establishment, as a box signs in. */
async function deviceFor(owner: SignedInUser, establishmentId: string): Promise<Device> {
  const created = await step(server, "/auth/code/create-code", undefined);
  await step(server, "/auth/code/approve-code", owner.token, {
    code: created.code,
    establishmentId,
  });
  const polled = await step(server, "/auth/code/wait-for-verification", undefined, {
    verificationId: created.verificationId,
  });
  const { token, refreshToken } = polled.tokens as { token: string; refreshToken: string };
  return { token, refreshToken, sessionId: decodeJwt(token).sid as string };
}

/** A box player at the venue that plays the playlist; answers its id. */
function boxPlayer(owner: SignedInUser, establishmentId: string, serial: string) {
  return addPlayer(server, owner, {
    name: `Коробка ${serial}`,
    type: "boxPlayer",
    serialBoxNumber: serial,
    establishmentId,
    playlistIds: [playlistId],
  });
}

/** The device's socket, open and answering (naming its player, as a box of a serial does). */
async function playing(device: Device, playerId?: string): Promise<SocketClient> {
  const socket = await connect(server, device.token, playerId ? { playerId } : {});
  socket.send({ type: "ping" });
  await nextOfType(socket, "pong");
  return socket;
}

/** The status of a song's file asked by Range, as a box fetches it. */
async function fileStatus(token: string): Promise<number> {
  const answer = await fetch(`${server.url}/api/v1/music/song/${songId}/file`, {
    headers: { authorization: `Bearer ${token}`, range: "bytes=0-1023" },
  });
  await answer.arrayBuffer();
  return answer.status;
}

const planStatus = async (token: string, playerId: string) =>
  (await get(`/music/player/${playerId}/plan`, token)).status;

const refreshStatus = async (device: Device) =>
  (await post("/auth/refresh-token", undefined, { refreshToken: device.refreshToken })).status;

/** Plays on: its socket answers, its file, plan and refresh are served. */
async function expectPlaysOn(device: Device, socket: SocketClient, playerId: string) {
  socket.send({ type: "ping" });
  expect(await nextOfType(socket, "pong")).toEqual({ type: "pong" });
  expect(await fileStatus(device.token)).toBe(206);
  expect(await planStatus(device.token, playerId)).toBe(200);
  const refreshed = await post("/auth/refresh-token", undefined, {
    refreshToken: device.refreshToken,
  });
  expect(refreshed.status).toBe(200);
  device.token = refreshed.body.token;
  device.refreshToken = refreshed.body.refreshToken;
}

/** Stopped at once: 'Access denied error' and closed, 401 on its file and plan, refresh refused. */
async function expectStopped(device: Device, socket: SocketClient, playerId: string) {
  expect(await nextOfType(socket, "error")).toEqual({
    type: "error",
    message: MESSAGES.accessDenied,
  });
  expect(await socket.closed).toBe(4401);
  expect(await fileStatus(device.token)).toBe(401);
  expect(await planStatus(device.token, playerId)).toBe(401);
  expect(await refreshStatus(device)).toBe(401);
  const again = await connect(server, device.token, { playerId });
  expect(await again.next()).toEqual({ type: "error", message: MESSAGES.accessDenied });
  expect(await again.closed).toBe(4401);
}

async function sessionRow(sessionId: string) {
  const [row] = await server.app.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

describe("a box's device session and its player", () => {
  it("is bound to the player its socket names, and ends when that player is removed", async () => {
    const venue = await subscribedClient(server, staff, [playlistId]);
    const { client, establishmentId } = venue;
    const [first, second] = [
      await boxPlayer(client, establishmentId, "END-0001"),
      await boxPlayer(client, establishmentId, "END-0002"),
    ];
    const firstBox = await deviceFor(client, establishmentId);
    const secondBox = await deviceFor(client, establishmentId);
    expect((await sessionRow(firstBox.sessionId))?.playerId).toBeNull();

    const firstSocket = await playing(firstBox, first);
    const secondSocket = await playing(secondBox, second);
    expect((await sessionRow(firstBox.sessionId))?.playerId).toBe(first);
    expect((await sessionRow(secondBox.sessionId))?.playerId).toBe(second);
    await expectPlaysOn(firstBox, firstSocket, first);

    const removed = await post(`/music/player/${first}/${client.id}/remove`, client.token);
    expect(removed.status).toBe(200);
    await expectStopped(firstBox, firstSocket, first);
    expect(await sessionRow(firstBox.sessionId)).toMatchObject({
      revokedReason: "player-removed",
    });

    // The venue's other box plays on.
    await expectPlaysOn(secondBox, secondSocket, second);
    secondSocket.socket.close();
  });

  it("once bound, acts for its player only: naming another is refused, its calls reach no other", async () => {
    const { client, establishmentId } = await subscribedClient(server, staff, [playlistId]);
    const mine = await boxPlayer(client, establishmentId, "BIND-0001");
    const other = await boxPlayer(client, establishmentId, "BIND-0002");
    const box = await deviceFor(client, establishmentId);
    // Unbound, the venue's device reads either player's plan.
    expect(await planStatus(box.token, other)).toBe(200);

    const wide = await playing(box);
    (await playing(box, mine)).socket.close();
    // A socket let in before the binding stood for the whole venue: it is let go.
    expect(await nextOfType(wide, "error")).toEqual({
      type: "error",
      message: MESSAGES.accessDenied,
    });
    expect(await wide.closed).toBe(4401);
    const named = await connect(server, box.token, { playerId: other });
    expect(await named.next()).toEqual({ type: "error", message: MESSAGES.playerNotFound });
    expect(await named.closed).toBe(4404);
    expect((await sessionRow(box.sessionId))?.playerId).toBe(mine);

    // Its HTTP calls and a socket that names no player are its player's only.
    expect(await planStatus(box.token, mine)).toBe(200);
    expect(await planStatus(box.token, other)).not.toBe(200);
    const unnamed = await connect(server, box.token);
    const state = await nextOfType(unnamed, "playerState");
    expect((state.state as { playerId: string }).playerId).toBe(mine);
    unnamed.send({ type: "play", playerId: other });
    expect(await nextOfType(unnamed, "error")).toEqual({
      type: "error",
      message: MESSAGES.playerNotFound,
    });
    unnamed.socket.close();

    // A restart on the same session (its state file) names its player again: still fine.
    const restarted = await playing(box, mine);
    restarted.socket.close();
  });
});

describe("an owner who may no longer play stops every device at once", () => {
  /** A client with two subscribed venues, a bound box and an unbound device at each. */
  async function ownerWithDevices() {
    const venue: SubscribedClient = await subscribedClient(server, staff, [playlistId]);
    const { client } = venue;
    const secondVenue = await createEstablishment(server, client.id, { name: "Второе кафе" });
    await subscribeVenue(server, staff, venue, secondVenue);
    const devices: Array<{ device: Device; socket: SocketClient; playerId: string }> = [];
    for (const [index, establishmentId] of [venue.establishmentId, secondVenue].entries()) {
      const playerId = await boxPlayer(client, establishmentId, `OWN-${index}-${Date.now()}`);
      const bound = await deviceFor(client, establishmentId);
      devices.push({ device: bound, socket: await playing(bound, playerId), playerId });
      const unbound = await deviceFor(client, establishmentId);
      devices.push({ device: unbound, socket: await playing(unbound), playerId });
    }
    for (const { device, socket, playerId } of devices) {
      await expectPlaysOn(device, socket, playerId);
    }
    return { client, devices };
  }

  async function expectAllStopped(
    devices: Awaited<ReturnType<typeof ownerWithDevices>>["devices"],
  ) {
    for (const { device, socket, playerId } of devices) {
      await expectStopped(device, socket, playerId);
    }
  }

  it("when blocked", async () => {
    const { client, devices } = await ownerWithDevices();
    const blocked = await post(`/auth/account/${client.id}/block`, staff.clientManager.token);
    expect(blocked.status).toBe(200);
    await expectAllStopped(devices);
    // Unblocked, the owner signs in again; the devices need new codes.
    await post(`/auth/account/${client.id}/unblock`, staff.clientManager.token);
    expect(await refreshStatus(devices[0]?.device as Device)).toBe(401);
  });

  it("when moved back to wait-activation", async () => {
    const { client, devices } = await ownerWithDevices();
    const moved = await post(`/auth/role/${client.id}/change`, staff.clientManager.token, {
      newRole: "wait-activation",
    });
    expect(moved.status).toBe(200);
    await expectAllStopped(devices);
    // Activated again, the old devices stay ended: each needs a new code.
    const activated = await post(`/auth/role/${client.id}/change`, staff.clientManager.token, {
      newRole: "role-client",
    });
    expect(activated.status).toBe(200);
    for (const { device, playerId } of devices) {
      expect(await planStatus(device.token, playerId)).toBe(401);
    }
  });

  it("when deleted", async () => {
    const { client, devices } = await ownerWithDevices();
    const deleted = await post(`/auth/account/${client.id}/delete-account`, client.token);
    expect(deleted.status).toBe(200);
    await expectAllStopped(devices);
  });
});
