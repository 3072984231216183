import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportEnquiries } from "../../db/schema.ts";
import { createSignedInUser, type SignedInUser } from "../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../test/harness.ts";
import { venuePlayer, waitFor } from "../../test/silent-players.ts";
import { connect, nextOfType } from "../../test/socket-client.ts";
import { createVenueStaff, type VenueStaff } from "../../test/venues.ts";
import { PlayersStore } from "../players/players.ts";

/**
 * Support acting on a client's players from an enquiry, and silence alerts
 * opening enquiries, on the real server, socket and database. Silence
 * sweeps are driven by the test on a fake clock, as in silence-alerts.test.ts.
 */

const MINUTE = 60_000;
let server: TestServer;
let staff: VenueStaff;
let support: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.modules.silenceAlerts.stopSweeping();
  staff = await createVenueStaff(server);
  support = await createSignedInUser(server, {
    role: "role-support",
    profile: { lastName: "Помогаева", firstName: "Анна" },
  });
});

afterAll(async () => {
  await server?.close();
});

/** A client's player playing music all the time by its fallback. */
function venue(name: string) {
  return venuePlayer(server, staff, name, { fallback: true });
}

describe("support's commands to a client's player", () => {
  it("pauses an online player as its owner would, writes it in the thread, and refuses an offline one", async () => {
    const place = await venue("Зал у бара");
    const stranger = await venue("Чужой зал");
    const made = await call(server, "POST", "/support/enquiries", {
      token: place.client.token,
      body: { topic: "player-silent", text: "Играет не то", playerId: place.playerId },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      playerId: place.playerId,
      playerName: "Зал у бара",
      establishmentId: place.establishmentId,
    });
    const id = made.body.id;
    const command = (token: string, body: unknown) =>
      call(server, "POST", `/support/enquiries/${id}/player-command`, { token, body });

    // Offline: 409, and nothing written into the thread.
    const offline = await command(support.token, { playerId: place.playerId, command: "pause" });
    expect(offline.status).toBe(409);
    expect(offline.body.reason).toContain("Плеер не запущен");

    const device = await connect(server, place.deviceToken);
    await nextOfType(device, "playerState");
    const owner = await connect(server, place.client.token);

    for (const [token, status] of [
      [place.client.token, 403],
      [staff.clientManager.token, 403],
    ] as const) {
      expect((await command(token, { playerId: place.playerId, command: "pause" })).status).toBe(
        status,
      );
    }
    expect(
      (await command(support.token, { playerId: stranger.playerId, command: "pause" })).status,
    ).toBe(400);
    expect(
      (await command(support.token, { playerId: place.playerId, command: "stop" })).status,
    ).toBe(400);
    expect((await command(support.token, { playerId: "x", command: "pause" })).status).toBe(400);
    const before = await call(server, "GET", `/support/enquiries/${id}`, { token: support.token });
    expect(before.body.events).toHaveLength(1);

    const paused = await command(support.token, { playerId: place.playerId, command: "pause" });
    expect(paused.status).toBe(200);
    expect(paused.body.events.at(-1)).toMatchObject({
      kind: "player-command",
      author: { id: support.id, side: "staff" },
      text: "Поддержка (Помогаева Анна) поставил(а) плеер «Зал у бара» на паузу",
    });
    // The device obeys, and the owner's screen hears it, as from the owner's own command.
    expect(await nextOfType(device, "pause")).toMatchObject({ playerId: place.playerId });
    expect(await nextOfType(owner, "pause")).toMatchObject({ playerId: place.playerId });
    const state = await new PlayersStore(server.app.db).live.findState(place.playerId);
    expect(state?.playing).toBe(false);
    device.socket.close();
    owner.socket.close();
  });
});

describe("a silence alert", () => {
  it("opens one enquiry for its player however many sweeps race, and joins an open one later", async () => {
    const place = await venue("Терраса");
    const device = await connect(server, place.deviceToken);
    await nextOfType(device, "playerState");
    device.socket.close();
    await device.closed;
    await waitFor(async () => {
      const state = await new PlayersStore(server.app.db).live.findState(place.playerId);
      return state?.lastSeenAt && state.heartbeatAt === null ? true : undefined;
    });
    const enquiriesOf = () =>
      server.app.db
        .select()
        .from(supportEnquiries)
        .where(eq(supportEnquiries.playerId, place.playerId));

    const t0 = Date.now() + MINUTE;
    await server.app.modules.silenceAlerts.sweep(t0);
    await Promise.all([
      server.app.modules.silenceAlerts.sweep(t0 + 5 * MINUTE),
      server.app.modules.silenceAlerts.sweep(t0 + 5 * MINUTE),
    ]);
    await server.app.modules.silenceAlerts.sweep(t0 + 6 * MINUTE);
    const [opened, ...more] = await enquiriesOf();
    expect(more).toEqual([]);
    expect(opened).toMatchObject({
      clientId: place.client.id,
      createdBy: null,
      topic: "player-silent",
      state: "new",
      establishmentId: place.establishmentId,
    });
    expect(opened?.alertId).not.toBeNull();
    const seen = await call(server, "GET", `/support/enquiries/${opened?.id}`, {
      token: place.client.token,
    });
    expect(seen.body.events).toHaveLength(1);
    expect(seen.body.events[0]).toMatchObject({ kind: "alert", author: null });
    expect(seen.body.events[0].text).toContain("«Терраса»");

    // It plays, then falls silent again while the enquiry is open: one more event, no new enquiry.
    const t1 = t0 + 11 * MINUTE;
    await new PlayersStore(server.app.db).live.writeState(place.playerId, {
      playing: true,
      heartbeatAt: new Date(t1),
      lastSeenAt: new Date(t1),
    });
    await server.app.modules.silenceAlerts.sweep(t1);
    await new PlayersStore(server.app.db).live.writeState(place.playerId, {
      playing: false,
      heartbeatAt: null,
    });
    const t2 = t1 + MINUTE;
    await server.app.modules.silenceAlerts.sweep(t2);
    await server.app.modules.silenceAlerts.sweep(t2 + 5 * MINUTE);
    expect(await enquiriesOf()).toHaveLength(1);
    const again = await call(server, "GET", `/support/enquiries/${opened?.id}`, {
      token: support.token,
    });
    expect(again.body.events.map((event: { kind: string }) => event.kind)).toEqual([
      "alert",
      "alert",
    ]);
  });
});
