import { describe, expect, it } from "vitest";
import { PresenceTurns } from "./presence-turns.ts";

/** Presence turns over work that records its calls, one turn held open until released. */
function recording() {
  const calls: string[] = [];
  let hold: Promise<void> | undefined;
  let release: () => void = () => {};
  const turns = new PresenceTurns({
    arrived: async (ids) => {
      calls.push(`arrived ${ids.join(",")}`);
      await hold;
    },
    left: async (ids) => {
      calls.push(`left ${ids.join(",")}`);
      await hold;
    },
  });
  return {
    turns,
    calls,
    holdNextTurn() {
      hold = new Promise((resolve) => {
        release = () => {
          hold = undefined;
          resolve();
        };
      });
    },
    release: () => release(),
  };
}

describe("PresenceTurns", () => {
  it("handles the changes noted while a turn runs together, each player's in its order", async () => {
    const { turns, calls, holdNextTurn, release } = recording();
    holdNextTurn();
    const first = turns.arrived(["a"]);
    while (calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // While the first turn runs: b leaves and comes back, c comes and goes, d arrives.
    const next = Promise.all([
      turns.left(["b"]),
      turns.arrived(["c"]),
      turns.arrived(["b"]),
      turns.left(["c"]),
      turns.arrived(["d"]),
    ]);
    release();
    await Promise.all([first, next]);
    expect(calls).toEqual(["arrived a", "left b", "arrived c,b,d", "left c"]);
  });

  it("fails the calls of a failed turn and goes on with the next", async () => {
    let fail = true;
    const turns = new PresenceTurns({
      arrived: async () => {
        if (fail) throw new Error("database gone");
      },
      left: async () => {},
    });
    await expect(turns.arrived(["a"])).rejects.toThrow("database gone");
    fail = false;
    await expect(turns.arrived(["a"])).resolves.toBeUndefined();
  });

  it("takes at most 500 players a turn", async () => {
    const sizes: number[] = [];
    const turns = new PresenceTurns({
      arrived: async (ids) => {
        sizes.push(ids.length);
      },
      left: async () => {},
    });
    const ids = Array.from({ length: 1_200 }, (_, index) => `p${index}`);
    await Promise.all(ids.map((id) => turns.arrived([id])));
    expect(sizes).toEqual([500, 500, 200]);
  });

  it("answers at once for no players", async () => {
    const { turns, calls } = recording();
    await turns.left([]);
    expect(calls).toEqual([]);
  });
});
