import { afterEach, describe, expect, it } from "vitest";
import { InProcessBus } from "../../../realtime/bus.ts";
import { DevicesElsewhere } from "./devices-elsewhere.ts";
import { HEARTBEAT_FRESH_MS } from "./live.policy.ts";

/**
 * What a process holds of the devices on other processes: two processes'
 * views on one (in-process) bus, each told only what the other publishes.
 */

const buses: InProcessBus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.close();
});

function twoProcesses(localToA: readonly string[] = []) {
  const bus = new InProcessBus();
  buses.push(bus);
  const a = new DevicesElsewhere({ bus, isLocal: (id) => localToA.includes(id) });
  const b = new DevicesElsewhere({ bus, isLocal: () => false });
  return { a, b };
}

describe("devices on other processes", () => {
  it("answers alive within the online rule from what the other process told, and nothing after", async () => {
    const { a, b } = twoProcesses();
    const now = Date.now();
    expect(a.isAlive("p1", now)).toBeUndefined();
    await b.heard(["p1", "p2"], now);
    expect(a.isAlive("p1", now)).toBe(true);
    expect(a.isAlive("p2", now + HEARTBEAT_FRESH_MS - 1)).toBe(true);
    // Not renewed within the rule (its process died): the stored heartbeat decides.
    expect(a.isAlive("p2", now + HEARTBEAT_FRESH_MS)).toBeUndefined();
    // Gone: not known alive any more, so the stored heartbeat decides.
    await b.gone([{ playerId: "p1", at: now + 1_000 }]);
    expect(a.isAlive("p1", now + 1_000)).toBeUndefined();
    await b.heard(["p1"], now + 2_000);
    expect(a.isAlive("p1", now + 2_000)).toBe(true);
  });

  it("keeps the later word of a device moving between processes, whichever comes first", async () => {
    const { a, b } = twoProcesses();
    const now = Date.now();
    // Left one process at `now`, arrived at another a second later: told in the other order.
    await b.heard(["p1"], now + 1_000);
    await b.gone([{ playerId: "p1", at: now }]);
    expect(a.isAlive("p1", now + 1_000)).toBe(true);
    // A renewal sent before the device went, arriving after its going, does not bring it back.
    await b.gone([{ playerId: "p2", at: now + 1_000 }]);
    await b.heard(["p2"], now);
    expect(a.isAlive("p2", now + 1_000)).toBeUndefined();
  });

  it("ignores what it is told of its own devices, and forgets all when stopped", async () => {
    const { a, b } = twoProcesses(["mine"]);
    const now = Date.now();
    await b.heard(["mine", "theirs"], now);
    expect(a.isAlive("mine", now)).toBeUndefined();
    expect(a.isAlive("theirs", now)).toBe(true);
    a.stop();
    expect(a.isAlive("theirs", now)).toBeUndefined();
    await b.heard(["theirs"], now);
    expect(a.isAlive("theirs", now)).toBeUndefined();
  });

  it("publishes nothing when there is nothing to tell", async () => {
    const { b } = twoProcesses();
    const bus = buses[0] as InProcessBus;
    const events: unknown[] = [];
    bus.subscribe((event) => events.push(event));
    await b.heard([], Date.now());
    await b.gone([]);
    expect(events).toEqual([]);
  });
});
