import { afterEach, describe, expect, it, vi } from "vitest";
import { type BusEvent, type EventBus, InProcessBus, RedisBus } from "./bus.ts";

const event: BusEvent = {
  kind: "messages",
  rooms: ["user:u1"],
  messages: [{ type: "stopPlay", playerId: "p1" }],
};

/** Resolves with the first event a bus hands to its listeners. */
function nextEvent(bus: EventBus): Promise<BusEvent> {
  return new Promise((resolve) => {
    const unsubscribe = bus.subscribe((received) => {
      unsubscribe();
      resolve(received);
    });
  });
}

const opened: EventBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

describe("InProcessBus", () => {
  it("hands a published event to every listener", async () => {
    const bus = new InProcessBus();
    opened.push(bus);
    const first = nextEvent(bus);
    const second = nextEvent(bus);

    await bus.publish(event);

    expect(await first).toEqual(event);
    expect(await second).toEqual(event);
  });

  it("delivers nothing once closed", async () => {
    const bus = new InProcessBus();
    const received: BusEvent[] = [];
    bus.subscribe((delivered) => received.push(delivered));
    await bus.close();

    await bus.publish(event);

    expect(received).toEqual([]);
  });

  it("has no lag: it delivers at once", () => {
    expect(new InProcessBus().lagSeconds()).toBe(0);
  });
});

describe("RedisBus", () => {
  const redisUrl = process.env.TEST_REDIS_URL;

  it.skipIf(!redisUrl)("answers a readiness ping while subscribed", async () => {
    const bus = await RedisBus.open(redisUrl as string, { channel: `fonika:test:${Date.now()}` });
    opened.push(bus);
    await expect(bus.ping()).resolves.toBeUndefined();
  });

  it.skipIf(!redisUrl)(
    "two buses on one Redis deliver to each other, each event once",
    async () => {
      const channel = `fonika:test:${Date.now()}:${Math.random()}`;
      const first = await RedisBus.open(redisUrl as string, { channel });
      const second = await RedisBus.open(redisUrl as string, { channel });
      opened.push(first, second);
      const receivedByFirst: BusEvent[] = [];
      first.subscribe((delivered) => receivedByFirst.push(delivered));
      const atSecond = nextEvent(second);

      await first.publish(event);
      expect(await atSecond).toEqual(event);

      const atFirst = nextEvent(first);
      const back: BusEvent = {
        kind: "access-changed",
        rooms: ["user:u2"],
        userIds: ["u2"],
        sessionIds: [],
      };
      await second.publish(back);
      expect(await atFirst).toEqual(back);
      // The local copy came at once; the echo from Redis is not delivered again.
      // Redis keeps a channel's order: a marker published now comes after every
      // echo of what came before.
      const heard: BusEvent = {
        kind: "devices-heard",
        rooms: [],
        alive: true,
        beats: [{ playerId: "p1", at: 1_764_000_000_000 }],
      };
      const heardAtFirst = nextEvent(first);
      await second.publish(heard);
      expect(await heardAtFirst).toEqual(heard);
      const marker: BusEvent = { kind: "music-access-changed", rooms: [] };
      const markerAtFirst = nextEvent(first);
      await second.publish(marker);
      expect(await markerAtFirst).toEqual(marker);
      expect(receivedByFirst).toEqual([event, back, heard, marker]);
    },
  );

  it.skipIf(!redisUrl)(
    "times its own probe through Redis as its lag, and hands no probe to listeners",
    async () => {
      const channel = `fonika:test:${Date.now()}:${Math.random()}`;
      const first = await RedisBus.open(redisUrl as string, { channel, probeIntervalMs: 20 });
      const second = await RedisBus.open(redisUrl as string, { channel, probeIntervalMs: 20 });
      opened.push(first, second);
      const received: BusEvent[] = [];
      first.subscribe((delivered) => received.push(delivered));
      second.subscribe((delivered) => received.push(delivered));

      // A probe of the first bus is on its way.
      await vi.waitFor(() => expect(first.lagSeconds()).toBeGreaterThan(0));
      // Redis keeps a connection's order and a channel's: a marker of the first
      // bus seen by the second, then one of the second seen by the first, come
      // to the first after that probe.
      const seenBySecond = nextEvent(second);
      await first.publish({ kind: "music-access-changed", rooms: [] });
      await seenBySecond;
      const seenByFirst = nextEvent(first);
      await second.publish({ kind: "loudness-pending", rooms: [] });
      await seenByFirst;

      // A probe that never came back would show the time since it was sent.
      const lag = first.lagSeconds();
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThan(0.25);
      // The markers, and no probe.
      expect(received).toEqual([
        { kind: "music-access-changed", rooms: [] },
        { kind: "music-access-changed", rooms: [] },
        { kind: "loudness-pending", rooms: [] },
        { kind: "loudness-pending", rooms: [] },
      ]);
    },
  );

  it("fails to open, quickly, when Redis does not answer", async () => {
    const started = Date.now();
    await expect(
      RedisBus.open("redis://127.0.0.1:1", { connectTimeoutMs: 1_000 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
