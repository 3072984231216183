import { describe, expect, it } from "vitest";
import { BusCache } from "./bus-cache.ts";

/** A store whose reads the test answers one by one. */
function store() {
  const values = new Map<string, string>();
  const pending: (() => void)[] = [];
  let reads = 0;
  return {
    values,
    get reads() {
      return reads;
    },
    load: (key: string) =>
      new Promise<string | undefined>((resolve) => {
        reads++;
        pending.push(() => resolve(values.get(key)));
      }),
    /** Answers every read asked so far, with what the store holds now. */
    answer: async () => {
      for (const next of pending.splice(0)) next();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe("a bus cache", () => {
  it("reads again, and waits, for an entry past its time", async () => {
    let now = 0;
    const db = store();
    db.values.set("p", "зал");
    const cache = new BusCache({ load: db.load, ttlMs: 1_000, now: () => now });
    const first = cache.get("p");
    await db.answer();
    expect(await first).toBe("зал");
    now = 1_500;
    db.values.set("p", "терраса");
    const second = cache.get("p");
    await db.answer();
    expect(await second).toBe("терраса");
    expect(db.reads).toBe(2);
  });

  it("with staleWhileRevalidate, answers an entry past its time at once and reads it again once behind it", async () => {
    let now = 0;
    const db = store();
    db.values.set("p", "зал");
    const cache = new BusCache({
      load: db.load,
      ttlMs: 1_000,
      now: () => now,
      staleWhileRevalidate: true,
    });
    const first = cache.get("p");
    await db.answer();
    expect(await first).toBe("зал");

    now = 1_500;
    db.values.set("p", "терраса");
    // Answered from memory without waiting for the read, however many ask.
    expect(await cache.get("p")).toBe("зал");
    expect(await cache.get("p")).toBe("зал");
    expect(db.reads).toBe(2);
    await db.answer();
    expect(await cache.get("p")).toBe("терраса");
    expect(db.reads).toBe(2);

    // Gone from the store: the next ask after its time still answers the
    // old entry once, then the entry is gone and a read waits.
    now = 3_000;
    db.values.delete("p");
    expect(await cache.get("p")).toBe("терраса");
    await db.answer();
    const after = cache.get("p");
    await db.answer();
    expect(await after).toBeUndefined();
    expect(db.reads).toBe(4);
  });

  it("keeps a stale entry when the read behind it fails, and reads again at the next ask", async () => {
    let now = 0;
    let failing = false;
    let reads = 0;
    const cache = new BusCache<string>({
      load: async () => {
        reads++;
        if (failing) throw new Error("database gone");
        return "зал";
      },
      ttlMs: 1_000,
      now: () => now,
      staleWhileRevalidate: true,
    });
    expect(await cache.get("p")).toBe("зал");
    now = 1_500;
    failing = true;
    expect(await cache.get("p")).toBe("зал");
    await new Promise((resolve) => setImmediate(resolve));
    failing = false;
    expect(await cache.get("p")).toBe("зал");
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(3);
  });

  it("does not keep a read that raced with a forget", async () => {
    const db = store();
    db.values.set("p", "зал");
    const cache = new BusCache({ load: db.load, staleWhileRevalidate: true });
    const reading = cache.get("p");
    cache.forget(["p"]);
    await db.answer();
    expect(await reading).toBe("зал");
    expect(cache.size).toBe(0);
  });
  it("never answers an entry past its own end, not even while revalidating", async () => {
    let now = 0;
    const db = store();
    db.values.set("v", "до 100");
    const cache = new BusCache({
      load: db.load,
      ttlMs: 60_000,
      now: () => now,
      staleWhileRevalidate: true,
      expiresAtOf: () => 100,
    });
    const first = cache.get("v");
    await db.answer();
    expect(await first).toBe("до 100");
    now = 99;
    expect(await cache.get("v")).toBe("до 100");
    now = 100;
    db.values.set("v", "продлена");
    const after = cache.get("v");
    await db.answer();
    expect(await after).toBe("продлена");
    expect(db.reads).toBe(2);
  });

  it("reads the missing keys of getMany in one loadMany, and keeps what it read", async () => {
    let loads: string[][] = [];
    const cache = new BusCache<string>({
      load: async () => {
        throw new Error("getMany must not load key by key");
      },
      loadMany: async (keys) => {
        loads.push([...keys]);
        return new Map(keys.filter((key) => key !== "нет").map((key) => [key, `${key}!`]));
      },
    });
    expect(await cache.getMany(["а", "б", "нет", "а"])).toEqual(
      new Map([
        ["а", "а!"],
        ["б", "б!"],
      ]),
    );
    expect(loads).toEqual([["а", "б", "нет"]]);
    loads = [];
    expect(await cache.getMany(["а", "в"])).toEqual(
      new Map([
        ["а", "а!"],
        ["в", "в!"],
      ]),
    );
    expect(loads).toEqual([["в"]]);
  });

  it("does not keep what getMany read while a change was announced", async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let version = 1;
    const cache = new BusCache<number>({
      load: async () => version,
      // A single miss is read through it too (batched): the second read finds it released.
      loadMany: async (keys) => {
        const read = version;
        await released;
        return new Map(keys.map((key) => [key, read]));
      },
    });
    const racing = cache.getMany(["v"]);
    await Promise.resolve();
    version = 2;
    cache.forget(["v"]);
    release();
    expect((await racing).get("v")).toBe(1);
    expect(await cache.get("v")).toBe(2);
  });

  it("reads single misses asked for together in one loadMany, and keeps them", async () => {
    const reads: string[][] = [];
    const cache = new BusCache<string>({
      load: async () => {
        throw new Error("a single load is not used when loadMany is given");
      },
      loadMany: async (keys) => {
        reads.push([...keys]);
        return new Map(keys.filter((key) => key !== "gone").map((key) => [key, `value of ${key}`]));
      },
    });
    expect(await Promise.all(["a", "b", "gone"].map((key) => cache.get(key)))).toEqual([
      "value of a",
      "value of b",
      undefined,
    ]);
    expect(reads).toEqual([["a", "b", "gone"]]);
    expect(await cache.get("a")).toBe("value of a");
    expect(reads).toHaveLength(1);
  });
});
