import { describe, expect, it } from "vitest";
import { FRAME_BUDGET, FrameBudget } from "./frame-budget.ts";

function budgetAt(start = 0) {
  let now = start;
  const budget = new FrameBudget({
    burst: 10,
    refillPerSecond: 2,
    bytesPerUnit: 1_024,
    now: () => now,
  });
  return { budget, advance: (ms: number) => (now += ms) };
}

describe("a socket's frame budget", () => {
  it("lets a burst through, then refuses until it refills at its rate", () => {
    const { budget, advance } = budgetAt();
    for (let frame = 0; frame < 10; frame++) expect(budget.take(100), `frame ${frame}`).toBe(true);
    expect(budget.take(100)).toBe(false);
    advance(499);
    expect(budget.take(100)).toBe(false);
    advance(1);
    expect(budget.take(100)).toBe(true);
    expect(budget.take(100)).toBe(false);
  });

  it("never holds more than its burst, however long the socket was quiet", () => {
    const { budget, advance } = budgetAt();
    advance(60 * 60 * 1000);
    for (let frame = 0; frame < 10; frame++) expect(budget.take(1)).toBe(true);
    expect(budget.take(1)).toBe(false);
  });

  it("charges a unit per started KiB, and spends nothing on a refused frame", () => {
    const { budget } = budgetAt();
    expect(budget.take(0)).toBe(true);
    expect(budget.take(1_024)).toBe(true);
    expect(budget.take(1_025)).toBe(true); // 2 units: 6 left
    expect(budget.take(7 * 1_024)).toBe(false);
    expect(budget.take(6 * 1_024)).toBe(true);
    expect(budget.take(1)).toBe(false);
  });

  it("covers the web player's resend of its whole outbox, and stops a flood of frames of the largest size", () => {
    const budget = new FrameBudget({ ...FRAME_BUDGET, now: () => 0 });
    // connect, a status, 5 000 kept play reports of ~300 bytes, a ping.
    expect(budget.take(120)).toBe(true);
    expect(budget.take(400)).toBe(true);
    for (let report = 0; report < 5_000; report++) expect(budget.take(300)).toBe(true);
    expect(budget.take(15)).toBe(true);

    const flood = new FrameBudget({ ...FRAME_BUDGET, now: () => 0 });
    let sent = 0;
    while (flood.take(16 * 1_024)) sent += 1;
    expect(sent * 16 * 1_024).toBeLessThanOrEqual(FRAME_BUDGET.burst * FRAME_BUDGET.bytesPerUnit);
  });
});
