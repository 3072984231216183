import { describe, expect, it } from "vitest";
import { batched } from "./batched.ts";

describe("batched", () => {
  it("reads the keys asked for while a batch runs together in the next one", async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = batched(async (keys: readonly string[]) => {
      batches.push([...keys]);
      if (batches.length === 1) await gate;
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    });
    const first = read("a");
    // Once the first batch has started (and waits), these three queue behind it.
    while (batches.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const rest = Promise.all([read("b"), read("c"), read("d")]);
    release();
    expect(await first).toBe("A");
    expect(await rest).toEqual(["B", "C", "D"]);
    expect(batches).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("answers undefined for a key the read leaves out, and fails every call of a failed batch", async () => {
    const read = batched(async (keys: readonly string[]) => {
      if (keys.includes("broken")) throw new Error("database gone");
      return new Map([["known", 1]]);
    });
    expect(await Promise.all([read("known"), read("unknown")])).toEqual([1, undefined]);
    const failed = await Promise.allSettled([read("broken"), read("known")]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    // The next batch is read again.
    expect(await read("known")).toBe(1);
  });

  it("takes at most 500 keys a batch", async () => {
    const sizes: number[] = [];
    const read = batched(async (keys: readonly number[]) => {
      sizes.push(keys.length);
      return new Map(keys.map((key) => [key, key]));
    });
    const keys = Array.from({ length: 1_200 }, (_, index) => index);
    expect(await Promise.all(keys.map(read))).toEqual(keys);
    expect(sizes).toEqual([500, 500, 200]);
  });
});
