import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories.ts";
import { call, startTwoProcesses, type TestServer } from "../../../test/harness.ts";
import { venuePlayer } from "../../../test/silent-players.ts";
import { connect, nextOfType } from "../../../test/socket-client.ts";
import type { VenueStaff } from "../../../test/venues.ts";

/**
 * Two server processes on one PostgreSQL database and one Redis (CI gives
 * TEST_REDIS_URL and TEST_DATABASE_URL), both sweeping for silent players
 * at the same instants: each silence is raised and mailed once.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DATABASE_URL;
const MINUTE = 60_000;

describe.skipIf(!redisUrl || !sharedDatabase)("silence alerts across processes", () => {
  let first: TestServer;
  let second: TestServer;
  let staff: VenueStaff;

  beforeAll(async () => {
    // One deployment: one signing key, one database, one Redis.
    [first, second] = await startTwoProcesses(redisUrl as string);
    for (const server of [first, second]) await server.app.modules.silenceAlerts.stopSweeping();
    staff = {
      admin: await createSignedInUser(first, { role: "role-admin" }),
      clientManager: await createSignedInUser(first, { role: "role-client-manager" }),
      contentManager: await createSignedInUser(first, { role: "role-content-manager" }),
    };
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("raises and mails a silence once whichever process sweeps, and a play on one clears it for both", async () => {
    const { client, playerId, playlistId, deviceToken } = await venuePlayer(first, staff, "Зал", {
      fallback: true,
    });
    const device = await connect(first, deviceToken);
    await nextOfType(device, "playerState");
    const report = (playing: boolean) =>
      device.send({
        type: "playerStatus",
        playerId,
        songId: null,
        playlistId,
        positionSeconds: 0,
        volume: 80,
        playing,
      });
    report(false);
    await nextOfType(device, "playerState");

    const t0 = Date.now();
    const raised: string[] = [];
    for (const minutes of [0, 1, 2, 3, 4, 5, 5.5, 6, 7]) {
      const results = await Promise.all(
        [first, second].map((server) =>
          server.app.modules.silenceAlerts.sweep(t0 + minutes * MINUTE),
        ),
      );
      raised.push(...results.flatMap((result) => result.raised));
    }
    expect(raised).toEqual([playerId]);
    const mails = [first, second].flatMap((server) =>
      server.logs.filter((entry) => entry.to === client.email && "subject" in entry),
    );
    expect(mails).toHaveLength(1);
    const alerts = await call(second, "GET", "/music/player/alerts", { token: client.token });
    expect(alerts.body.data).toMatchObject([{ playerId }]);

    // The device, on the first process, plays: the alert clears, as the second process reads it.
    report(true);
    for (let attempt = 0; attempt < 100; attempt++) {
      const open = await call(second, "GET", "/music/player/alerts", { token: client.token });
      if (open.body.data.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(
      (await call(second, "GET", "/music/player/alerts", { token: client.token })).body.data,
    ).toEqual([]);
    device.socket.close();
    await device.closed;
  });
});
