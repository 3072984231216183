import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories.ts";
import { startTwoProcesses, type TestServer } from "../../../test/harness.ts";
import { connect, nextOfType } from "../../../test/socket-client.ts";
import {
  addPlayer,
  deviceTokenFor,
  subscribedClient,
  type VenueStaff,
} from "../../../test/venues.ts";

/**
 * Two server processes on one PostgreSQL database and one Redis (CI gives
 * TEST_REDIS_URL and TEST_DATABASE_URL): the player's device socket on one,
 * the owner's remote control on the other.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DATABASE_URL;

describe.skipIf(!redisUrl || !sharedDatabase)("live state across processes (REDIS_URL)", () => {
  let first: TestServer;
  let second: TestServer;
  let staff: Pick<VenueStaff, "admin" | "clientManager">;

  beforeAll(async () => {
    // One deployment: one signing key, one database, one Redis.
    [first, second] = await startTwoProcesses(redisUrl as string);
    staff = {
      admin: await createSignedInUser(first, { role: "role-admin" }),
      clientManager: await createSignedInUser(first, { role: "role-client-manager" }),
    };
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a command sent to one process reaches the device on the other, and its reports come back", async () => {
    const { client, establishmentId } = await subscribedClient(first, staff, []);
    const playerId = await addPlayer(first, client, { establishmentId });
    const deviceToken = await deviceTokenFor(first, client, establishmentId);

    const remote = await connect(second, client.token);
    expect(await remote.next()).toMatchObject({ type: "playerState", state: { online: false } });
    const device = await connect(first, deviceToken);
    expect(await device.next()).toMatchObject({ type: "playerState", state: { playerId } });
    // The device is online for the other process too (the heartbeat in the table).
    expect(await nextOfType(remote, "playerState")).toMatchObject({ state: { online: true } });
    expect(await remote.next()).toMatchObject({ type: "status", playerId });

    remote.send({ type: "volume", playerId, volume: 20 });
    expect(await nextOfType(device, "volume")).toEqual({ type: "volume", playerId, volume: 20 });
    expect(await remote.next()).toEqual({ type: "volume", playerId, volume: 20 });
    expect(await remote.next()).toMatchObject({ type: "playerState", state: { volume: 20 } });

    device.send({
      type: "playerStatus",
      playerId,
      songId: null,
      playlistId: null,
      positionSeconds: 0,
      volume: 20,
      playing: false,
    });
    expect(await remote.next()).toMatchObject({
      type: "playerState",
      state: { volume: 20, positionSeconds: 0, playing: false, online: true },
    });

    device.socket.close();
    expect(await nextOfType(remote, "playerState")).toMatchObject({ state: { online: false } });
    remote.send({ type: "play", playerId });
    expect(await remote.next()).toEqual({ type: "needToStartPlayerError", playerId });
    remote.socket.close();
  });
});
