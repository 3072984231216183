import { describe, expect, it } from "vitest";
import { GatheredSends } from "./gathered-sends.ts";

/** A sender whose each call waits until `finish` is called, and what it was given. */
function controlledSender() {
  const calls: string[][] = [];
  const finishers: Array<(errors: unknown[]) => void> = [];
  const sender = new GatheredSends(
    (payloads) =>
      new Promise<unknown[]>((resolve) => {
        calls.push(payloads);
        finishers.push(resolve);
      }),
  );
  const finish = async (errors: unknown[] = []) => {
    finishers.shift()?.(errors);
    // The sender's loop takes what waited in the next turn of promises.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { sender, calls, finish };
}

describe("GatheredSends", () => {
  it("sends a payload at once when none is on its way, and gathers the next ones behind it, in order", async () => {
    const { sender, calls, finish } = controlledSender();
    const first = sender.send("a");
    // At once: not at the end of the turn.
    expect(calls).toEqual([["a"]]);
    const rest = [sender.send("b"), sender.send("c"), sender.send("d")];
    expect(calls).toEqual([["a"]]);
    await finish();
    await first;
    expect(calls).toEqual([["a"], ["b", "c", "d"]]);
    await finish();
    await Promise.all(rest);
    // Quiet again: the next one goes at once.
    void sender.send("e");
    expect(calls.at(-1)).toEqual(["e"]);
    await finish();
  });

  it("fails only the payloads the sender answered an error for, and all of a failed call", async () => {
    const failing = new GatheredSends(async () => {
      throw new Error("Redis is away");
    });
    await expect(failing.send("a")).rejects.toThrow("Redis is away");

    const { sender, finish } = controlledSender();
    const first = sender.send("a");
    const rest = Promise.allSettled([sender.send("b"), sender.send("c")]);
    await finish();
    await first;
    await finish([null, new Error("c refused")]);
    const [b, c] = await rest;
    expect(b).toEqual({ status: "fulfilled", value: undefined });
    expect(c).toMatchObject({ status: "rejected", reason: new Error("c refused") });
  });
});
