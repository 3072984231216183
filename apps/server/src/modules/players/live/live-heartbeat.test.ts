import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BusEvent } from "../../../realtime/bus.ts";
import { createEstablishment, createSignedInUser, deviceActor } from "../../../test/factories.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { PlayersStore } from "../players.store.ts";
import { DEVICE_SILENT_MS, HEARTBEAT_RENEW_MS } from "./live.policy.ts";
import { HEARTBEAT_FRESH_MS, HEARTBEAT_WRITE_MS, LiveService } from "./live.service.ts";

/**
 * A device's pings are gathered, once in HEARTBEAT_WRITE_MS, and its
 * stored heartbeat renewed once in HEARTBEAT_RENEW_MS (issue 30): a ping
 * still keeps its players online, a player whose heartbeat had gone stale
 * comes back online and is told, a ping noted just before its socket
 * closed does not bring the player back, and a device silent here for
 * DEVICE_SILENT_MS is written offline. On the real server's database and bus.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client's venue with two players, a LiveService of its own on the real app, and its device. */
async function venueWithDevice() {
  const client = await createSignedInUser(server, { role: "role-client" });
  const establishmentId = await createEstablishment(server, client.id, { name: "Кафе" });
  const playerIds: string[] = [];
  for (const name of ["Зал", "Терраса"]) {
    const player = await call(server, "POST", "/music/player/add", {
      token: client.token,
      body: { name, type: "web", address: "Москва, Тверская, 7", establishmentId },
    });
    expect(player.status).toBe(201);
    playerIds.push(player.body.id as string);
  }
  const directory = server.app.modules.players.socketDirectory;
  const live = new LiveService({
    store: new PlayersStore(server.app.db),
    bus: server.app.bus,
    log: server.app.log,
    history: { recordStarted: async () => {}, recordEnded: async () => {} },
    findControllable: directory.findControllable,
    playlistsOf: directory.playlistsOf,
    playlistTracks: (ids) => server.app.modules.library.playlistTracks(ids),
    // These venues keep the explicit filter off (explicit-filter.test.ts covers it on).
    explicitFilterOf: async () => false,
    decide: directory.decide,
  });
  const told: string[] = [];
  const stopListening = server.app.bus.subscribe((event: BusEvent) => {
    if (event.kind !== "messages") return;
    for (const message of event.messages) {
      if (message.type === "playerState" && message.state.online) told.push(message.state.playerId);
    }
  });
  const device = deviceActor(client.id, establishmentId);
  const online = async () =>
    Promise.all(playerIds.map(async (playerId) => (await live.stateOf(playerId)).online));
  return { client, playerIds, live, told, stopListening, device, online };
}

/** The device went silent past the online threshold: the clock moves on 13 s. */
function stale(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + HEARTBEAT_FRESH_MS + 1_000);
}

describe("device heartbeats written together", () => {
  it("renews a pinged venue's players within the write interval, and forgets a ping of a closed socket", async () => {
    const { playerIds, live, told, stopListening, device, online } = await venueWithDevice();
    try {
      await live.opened(device);
      expect(await online()).toEqual([true, true]);

      // Pings again (many, of one venue): they renew its players within the interval.
      stale();
      expect(await online()).toEqual([false, false]);
      told.length = 0;
      for (let ping = 0; ping < 5; ping++) live.alive(device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      expect(await online()).toEqual([true, true]);
      expect(told.sort()).toEqual([...playerIds].sort());

      // A ping noted just before the socket closed is dropped with it.
      live.alive(device);
      await live.closed(device);
      expect(await online()).toEqual([false, false]);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      expect(await online()).toEqual([false, false]);
    } finally {
      vi.useRealTimers();
      stopListening();
      live.stop();
    }
  });

  it("renews the players left when one of the venue's players is removed while its device is connected", async () => {
    const { client, playerIds, live, stopListening, device } = await venueWithDevice();
    const errors = vi.spyOn(server.app.log, "error");
    try {
      await live.opened(device);
      const [kept, removed] = playerIds as [string, string];
      const removal = await call(server, "POST", `/music/player/${removed}/${client.id}/remove`, {
        token: client.token,
      });
      expect(removal.status).toBe(200);

      // The device pings on; the player removed is skipped, not the write of the one left.
      stale();
      live.alive(device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      expect((await live.stateOf(kept)).online).toBe(true);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      vi.useRealTimers();
      stopListening();
      live.stop();
    }
  });

  it("reads the players of venues it does not know yet together, each venue's own", async () => {
    const venues = [await venueWithDevice(), await venueWithDevice()];
    try {
      // Pings before (or without) the sockets' opening here: the venues are read from the database,
      // in one write, and their players, which never had a state row, get one.
      const [{ live }] = venues as [(typeof venues)[0]];
      for (const venue of venues) live.alive(venue.device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      for (const venue of venues) expect(await venue.online()).toEqual([true, true]);
    } finally {
      for (const venue of venues) {
        venue.stopListening();
        venue.live.stop();
      }
    }
  });

  it("renews a pinging device's stored heartbeat only once in HEARTBEAT_RENEW_MS, the first time up to an interval later, at random", async () => {
    const { playerIds, live, stopListening, device } = await venueWithDevice();
    const [playerId] = playerIds as [string];
    const storedBeat = async () =>
      (await new PlayersStore(server.app.db).live.findState(playerId))?.heartbeatAt?.getTime();
    // Devices that arrive together renew apart: this one's first renewal is due half an interval late.
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    try {
      await live.opened(device);
      const arrived = await storedBeat();
      expect(arrived).toBeDefined();
      const arrivedAt = Date.now();
      vi.useFakeTimers({ toFake: ["Date"] });
      // Pings before its first renewal is due (one and a half intervals) write nothing.
      vi.setSystemTime(arrivedAt + HEARTBEAT_RENEW_MS * 1.5 - 2_000);
      live.alive(device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      expect(await storedBeat()).toBe(arrived);
      // The first ping past it renews it.
      vi.setSystemTime(arrivedAt + HEARTBEAT_RENEW_MS * 1.5 + 2_000);
      live.alive(device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      const renewed = await storedBeat();
      expect(renewed).toBeGreaterThan(arrived as number);
      // From then on, once in the whole interval.
      vi.setSystemTime((renewed as number) + HEARTBEAT_RENEW_MS - 5_000);
      live.alive(device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      expect(await storedBeat()).toBe(renewed);
      vi.setSystemTime((renewed as number) + HEARTBEAT_RENEW_MS + 5_000);
      live.alive(device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      expect(await storedBeat()).toBeGreaterThan(renewed as number);
    } finally {
      random.mockRestore();
      vi.useRealTimers();
      stopListening();
      live.stop();
    }
  });

  it("has nothing to write for a connected venue's pings until its players are due", async () => {
    const { live, stopListening, device } = await venueWithDevice();
    const random = vi.spyOn(Math, "random").mockReturnValue(0);
    try {
      await live.opened(device);
      // The first ping after the arrival is written (none is due yet: it learns when one is).
      live.alive(device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      const writes = vi.spyOn(globalThis, "setTimeout");
      const writeTimers = () =>
        writes.mock.calls.filter(([, delay]) => delay === HEARTBEAT_WRITE_MS).length;
      // Pings within the renewal interval: no write is even set up.
      for (let ping = 0; ping < 5; ping++) live.alive(device);
      expect(writeTimers()).toBe(0);
      // Past the renewal: the next ping is written.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + HEARTBEAT_RENEW_MS + 1_000);
      live.alive(device);
      expect(writeTimers()).toBe(1);
      writes.mockRestore();
    } finally {
      random.mockRestore();
      vi.useRealTimers();
      stopListening();
      live.stop();
    }
  });

  it("writes a device's players offline once it falls silent here, last seen at its last ping, and back at its next ping", async () => {
    const { playerIds, live, told, stopListening, device, online } = await venueWithDevice();
    try {
      vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
      await live.opened(device);
      expect(await online()).toEqual([true, true]);
      const lastHeard = Date.now();
      // Still within DEVICE_SILENT_MS of its last word: online.
      vi.advanceTimersByTime(DEVICE_SILENT_MS - 4_000);
      await sleep(300);
      expect(await online()).toEqual([true, true]);
      // Past it: the next look finds it silent.
      vi.advanceTimersByTime(8_000);
      await vi.waitFor(async () => expect(await online()).toEqual([false, false]));
      for (const playerId of playerIds) {
        expect((await live.stateOf(playerId)).lastSeenAt).toBe(new Date(lastHeard).toISOString());
      }
      // It speaks again: online at once, and told.
      told.length = 0;
      live.alive(device);
      await sleep(HEARTBEAT_WRITE_MS + 500);
      expect(await online()).toEqual([true, true]);
      expect(told.sort()).toEqual([...playerIds].sort());
    } finally {
      vi.useRealTimers();
      stopListening();
      live.stop();
    }
  });
});
