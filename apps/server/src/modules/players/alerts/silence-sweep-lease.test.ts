import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { takeLease } from "../../../db/leases.ts";
import { startTestServer, type TestServer } from "../../../test/harness.ts";
import { PlayersStore } from "../players.store.ts";
import { SilenceAlerts, SWEEP_LEASE_MS } from "./silence-alerts.ts";

/**
 * Several processes on one database sweep for silence one at a time (issue
 * 30): the lease (`leases`) and the sweep's timer that takes it. The
 * processes here are two sweepers on the test server's database, each its
 * own holder, their timers faked (setTimeout only) and their clock one
 * variable.
 */

const SWEEP_MS = 30_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.modules.silenceAlerts.stopSweeping();
});

afterAll(async () => {
  vi.useRealTimers();
  await server?.close();
});

describe("a lease", () => {
  it("is taken by one holder until it expires, renewed by its holder, then taken by another", async () => {
    const db = server.app.db;
    const now = Date.now();
    expect(await takeLease(db, "lease-test", "a", now, now + 1_000)).toBe(true);
    expect(await takeLease(db, "lease-test", "b", now + 500, now + 1_500)).toBe(false);
    // Its holder renews it: still a's at a + 1 500.
    expect(await takeLease(db, "lease-test", "a", now + 900, now + 2_000)).toBe(true);
    expect(await takeLease(db, "lease-test", "b", now + 1_500, now + 2_500)).toBe(false);
    // Expired: b's now, and no longer a's.
    expect(await takeLease(db, "lease-test", "b", now + 2_000, now + 3_000)).toBe(true);
    expect(await takeLease(db, "lease-test", "a", now + 2_100, now + 3_100)).toBe(false);
    // Of two asking at once, one gets it.
    const both = await Promise.all([
      takeLease(db, "lease-race", "a", now, now + 1_000),
      takeLease(db, "lease-race", "b", now, now + 1_000),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });
});

describe("the silence sweep of several processes", () => {
  it("runs on one process's timer at a time, and on another's once the first stops", async () => {
    let clock = Date.now();
    const sweeper = (holder: string) =>
      new SilenceAlerts({
        store: new PlayersStore(server.app.db),
        log: server.app.log,
        bus: server.app.bus,
        decide: async () => new Map(),
        establishments: { namesOf: async () => new Map(), placesOf: async () => new Map() },
        emailOf: async () => null,
        sendMail: async () => undefined,
        now: () => clock,
        sweepLease: (nowMs, untilMs) =>
          takeLease(server.app.db, "silence-sweep (test)", holder, nowMs, untilMs),
      });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const a = sweeper("a");
    const b = sweeper("b");
    const sweeps = { a: vi.spyOn(a, "sweep"), b: vi.spyOn(b, "sweep") };
    const count = () => ({ a: sweeps.a.mock.calls.length, b: sweeps.b.mock.calls.length });
    const advance = async (ms: number) => {
      clock += ms;
      await vi.advanceTimersByTimeAsync(ms);
      await vi.waitFor(() => expect(a.sweeping || b.sweeping).toBe(false));
    };
    try {
      a.start();
      b.start();
      await advance(SWEEP_MS);
      // Both timers came due: one process swept.
      const first = count();
      expect(first.a + first.b).toBe(1);
      const [holder, other] = first.a === 1 ? [a, b] : [b, a];
      // Nothing to judge, the sweeping one sleeps; the other looks every 30 s and does not sweep
      // while the lease lasts.
      await advance(SWEEP_MS);
      await advance(SWEEP_MS);
      expect(count()).toEqual(first);
      expect(holder.sweepDueAt).toBeNull();
      expect(other.sweepDueAt).not.toBeNull();
      // The lease, taken at 30 s, ran out at 105 s (the first one stopped, or slept): the other's
      // look at 120 s takes it and sweeps.
      expect(SWEEP_MS + SWEEP_LEASE_MS).toBeLessThan(4 * SWEEP_MS);
      await holder.stopSweeping();
      await advance(SWEEP_MS);
      const after = count();
      expect(after.a + after.b).toBe(2);
      expect(first.a === 1 ? after.b : after.a).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
      vi.useRealTimers();
    }
  });
});
