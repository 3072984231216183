import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SpreadRounds } from "./spread-rounds.ts";

describe("SpreadRounds", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function rounds(items: Set<number>, visit: (slice: number[]) => Promise<void>) {
    return new SpreadRounds<number>({
      periodMs: 10_000,
      tickMs: 1_000,
      items: () => [...items],
      isCurrent: (item) => items.has(item),
      visit,
    });
  }

  it("visits every item once a period, a tenth of them a second", async () => {
    const items = new Set(Array.from({ length: 95 }, (_, index) => index));
    const slices: number[][] = [];
    const spread = rounds(items, async (slice) => {
      slices.push(slice);
    });
    spread.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(slices).toHaveLength(10);
    expect(Math.max(...slices.map((slice) => slice.length))).toBe(10);
    expect(slices.flat().sort((a, b) => a - b)).toEqual([...items]);
    // The next period visits them all again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(slices.flat()).toHaveLength(190);
    spread.stop();
  });

  it("skips an item gone before its slice and takes a new one in the next round", async () => {
    const items = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const visited: number[] = [];
    const spread = rounds(items, async (slice) => {
      visited.push(...slice);
    });
    spread.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(visited).toEqual([1]);
    items.delete(5);
    items.add(11);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(visited).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(visited.slice(9)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    spread.stop();
  });

  it("never runs two slices at once: a slow one delays the next", async () => {
    const items = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    let running = 0;
    let most = 0;
    const spread = rounds(items, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      running--;
    });
    spread.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(most).toBe(1);
    spread.stop();
  });

  it("looks again only a period later when there was nothing to visit", async () => {
    const items = new Set<number>();
    let rounds = 0;
    const visited: number[] = [];
    const spread = new SpreadRounds<number>({
      periodMs: 10_000,
      tickMs: 1_000,
      items: () => {
        rounds++;
        return [...items];
      },
      isCurrent: (item) => items.has(item),
      visit: async (slice) => {
        visited.push(...slice);
      },
    });
    spread.start();
    await vi.advanceTimersByTimeAsync(10_500);
    expect(rounds).toBe(1);
    items.add(7);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toBe(2);
    expect(visited).toEqual([7]);
    spread.stop();
  });

  it("visits all at each tick when the period is no longer than a tick", async () => {
    const items = new Set([1, 2, 3]);
    const slices: number[][] = [];
    const spread = new SpreadRounds<number>({
      periodMs: 1_000,
      tickMs: 1_000,
      items: () => [...items],
      isCurrent: (item) => items.has(item),
      visit: async (slice) => {
        slices.push(slice);
      },
    });
    spread.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(slices).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    spread.stop();
  });
});
