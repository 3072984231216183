import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BusEvent } from "../../../realtime/bus.ts";
import { call, startTestServer, type TestServer } from "../../../test/harness.ts";
import { type ScheduledPlayer, scheduledPlayer } from "../../../test/silent-players.ts";
import { createVenueStaff, type VenueStaff } from "../../../test/venues.ts";
import { presentState } from "../live/live-states.ts";
import { PlayersStore } from "../players.store.ts";
import type { SilenceAlerts } from "./silence-alerts.ts";

/**
 * When the silence sweep runs (issue 16: an idle process queries nothing).
 * Its own timer is driven by fake timers (setTimeout only: the database and
 * the clock stay real), and each sweep it makes is counted: a sweep is the
 * sweeper's only query. Due times are read from sweeps on a fake clock.
 * The file's tests run in order on one fresh database: empty first.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SWEEP_MS = 30_000;

let server: TestServer;
let staff: VenueStaff;
let alerts: SilenceAlerts;
/** The player with a window, made by the second test. */
let venue: ScheduledPlayer;

beforeAll(async () => {
  server = await startTestServer();
  alerts = server.app.modules.silenceAlerts;
  await alerts.stopSweeping();
  staff = await createVenueStaff(server);
});

afterAll(async () => {
  vi.useRealTimers();
  await server?.close();
});

/** Runs `body` with the sweeper's timers faked and its sweeps counted; stops it after. */
async function withFakeTimers(body: (sweeps: () => number) => Promise<void>): Promise<void> {
  const sweep = vi.spyOn(alerts, "sweep");
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    await body(() => sweep.mock.calls.length);
  } finally {
    await alerts.stopSweeping();
    vi.useRealTimers();
    sweep.mockRestore();
  }
}

/** Advances the fake timers and waits until the sweep they started (if any) has armed what it asks for. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.waitFor(() => expect(alerts.sweeping).toBe(false));
}

/** HH:MM:SS of an instant on Moscow's wall clock (the venues' default zone, UTC+3). */
function moscowTime(atMs: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Moscow",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(atMs);
}

describe("the silence sweep's timer", () => {
  it("sleeps while no player could be silent (no timer, no query) and wakes within 30 s on an event", async () => {
    expect((await alerts.sweep()).nextSweepAt).toBeNull();
    await withFakeTimers(async (sweeps) => {
      alerts.start();
      expect(alerts.sweepDueAt).not.toBeNull();
      await advance(SWEEP_MS);
      expect(sweeps()).toBe(1);
      // No timer of its own (the database's pool may hold some on PostgreSQL):
      // a day goes by without a sweep.
      expect(alerts.sweepDueAt).toBeNull();
      await advance(24 * HOUR);
      expect(sweeps()).toBe(1);

      const wakers: BusEvent[] = [
        { kind: "music-access-changed", rooms: [] },
        { kind: "schedule-changed", rooms: [], playerIds: [crypto.randomUUID()] },
        { kind: "establishments-changed", rooms: [], establishmentIds: [crypto.randomUUID()] },
        // A device connected, left or reported, as its process tells every other one.
        {
          kind: "messages",
          rooms: [],
          messages: [{ type: "playerState", state: presentState(crypto.randomUUID(), null) }],
        },
      ];
      for (const [index, event] of wakers.entries()) {
        await server.app.bus.publish(event);
        const due = alerts.sweepDueAt;
        expect(due).not.toBeNull();
        expect(Math.abs((due ?? 0) - (Date.now() + SWEEP_MS))).toBeLessThan(5_000);
        await advance(SWEEP_MS - 5_000);
        expect(sweeps()).toBe(1 + index);
        await advance(10_000);
        expect(sweeps()).toBe(2 + index);
        expect(alerts.sweepDueAt).toBeNull();
      }
      // An event the sweep has no use for leaves it asleep.
      await server.app.bus.publish({ kind: "songs-changed", rooms: [], songIds: [] });
      expect(alerts.sweepDueAt).toBeNull();
    });
  });

  it("sleeps until an offline player's window opens and sweeps then, not before", async () => {
    // A one-minute window every day, six hours from now (whole minutes, Moscow time).
    let opensAt = Math.ceil((Date.now() + 6 * HOUR) / MINUTE) * MINUTE;
    if (moscowTime(opensAt).startsWith("23:59")) opensAt += 2 * MINUTE;
    venue = await scheduledPlayer(server, staff, "Вечерний зал", {
      window: { startTime: moscowTime(opensAt), endTime: moscowTime(opensAt + MINUTE) },
    });
    await withFakeTimers(async (sweeps) => {
      alerts.start();
      await advance(SWEEP_MS);
      // The news of the device's leaving may still be on its way on a busy
      // machine: it wakes the sweep once more, and the sweep after it sleeps.
      if (alerts.sweepDueAt !== opensAt) await advance(SWEEP_MS);
      expect(alerts.sweepDueAt).toBe(opensAt);
      const asleep = sweeps();
      expect(asleep).toBeLessThanOrEqual(2);
      // A minute before the opening: still asleep; a minute after: swept.
      await advance(opensAt - Date.now() - MINUTE);
      expect(sweeps()).toBe(asleep);
      await advance(2 * MINUTE);
      expect(sweeps()).toBe(asleep + 1);
    });
  });

  it("answers its due time: the window's opening, every 30 s while silent or online, the next opening after", async () => {
    const { playerId } = venue;
    const now = Date.now();
    const before = await alerts.sweep(now);
    // The window of the test before opens six hours on: from here its instants are the fake clock's.
    const opensAt = before.nextSweepAt ?? 0;
    expect(before.silent).toEqual([]);
    expect(opensAt - now).toBeGreaterThan(5 * HOUR);
    expect(opensAt - now).toBeLessThan(7 * HOUR);

    const atOpening = await alerts.sweep(opensAt);
    expect(atOpening.silent).toEqual([playerId]);
    expect(atOpening.nextSweepAt).toBe(opensAt + SWEEP_MS);

    // The window closed: the silence is dropped and the sweep sleeps until tomorrow's opening.
    const closed = await alerts.sweep(opensAt + MINUTE + 1_000);
    expect(closed.silent).toEqual([]);
    expect(closed.nextSweepAt).toBe(opensAt + 24 * HOUR);

    // Online and playing outside its window: its line may be cut without a word, so watched.
    const later = opensAt + 2 * HOUR;
    await new PlayersStore(server.app.db).live.writeState(playerId, {
      playing: true,
      heartbeatAt: new Date(later),
      lastSeenAt: new Date(later),
    });
    expect((await alerts.sweep(later)).nextSweepAt).toBe(later + SWEEP_MS);
    // Its heartbeat long gone: offline again, asleep until the opening.
    const nextDay = later + 20 * HOUR;
    expect((await alerts.sweep(nextDay)).nextSweepAt).toBe(opensAt + 24 * HOUR);
    // Offline as written now too (that heartbeat lies in the real clock's future).
    await new PlayersStore(server.app.db).live.writeState(playerId, {
      playing: false,
      heartbeatAt: null,
    });
  });

  it("is woken by a venue's new time zone, which moves when its window opens; a bad zone changes nothing", async () => {
    const { client, establishmentId } = venue;
    const now = Date.now();
    const opensAt = (await alerts.sweep(now)).nextSweepAt ?? 0;
    expect(opensAt - now).toBeGreaterThan(5 * HOUR);
    const heard: BusEvent[] = [];
    const stopHearing = server.app.bus.subscribe((event) => heard.push(event));
    try {
      const changeZone = (timeZone: string) =>
        call(server, "POST", `/establishment/${client.id}/${establishmentId}/change`, {
          token: client.token,
          body: { timeZone },
        });
      const refused = await changeZone("Mars/Olympus_Mons");
      expect(refused.status).toBe(400);
      expect(refused.body.type).toBe("validation-error");
      expect(heard.filter((event) => event.kind === "establishments-changed")).toEqual([]);
      expect((await alerts.sweep(now)).nextSweepAt).toBe(opensAt);

      // Vladivostok is 7 hours ahead of Moscow: the same wall time comes 7 hours sooner.
      expect((await changeZone("Asia/Vladivostok")).status).toBe(200);
      expect(heard).toContainEqual({
        kind: "establishments-changed",
        rooms: [],
        establishmentIds: [establishmentId],
      });
      const sooner = opensAt - 7 * HOUR;
      expect((await alerts.sweep(now)).nextSweepAt).toBe(
        sooner > now ? sooner : sooner + 24 * HOUR,
      );
    } finally {
      stopHearing();
    }
  });
});
