import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TIMING } from "../../config/constants.ts";
import { browserTimers } from "../timers.ts";
import { createRefreshScheduler, type RefreshOutcome } from "./refresh-scheduler.ts";

/** A refresh whose answers the test queues up; records when it was called. */
function scriptedRefresh(...outcomes: RefreshOutcome[]) {
  const calls: number[] = [];
  const refresh = vi.fn(async () => {
    calls.push(Date.now());
    return outcomes.shift() ?? "ok";
  });
  return { refresh, calls };
}

describe("token refresh timing (SPEC.md §4)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the spec's intervals: 50 s between refreshes, 30 s retry after a 401", () => {
    expect(TIMING.tokenRefreshMs).toBe(50_000);
    expect(TIMING.refreshRetryAfter401Ms).toBe(30_000);
  });

  it("refreshes every 50 s while running", async () => {
    const { refresh, calls } = scriptedRefresh();
    const onSessionLost = vi.fn();
    const scheduler = createRefreshScheduler({ refresh, onSessionLost, timers: browserTimers });
    scheduler.start();

    await vi.advanceTimersByTimeAsync(49_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([50_000]);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(calls).toEqual([50_000, 100_000, 150_000]);
    expect(onSessionLost).not.toHaveBeenCalled();
    scheduler.stop();
  });

  it("retries once 30 s after a 401 and carries on after a success", async () => {
    const { refresh, calls } = scriptedRefresh("unauthorized", "ok");
    const onSessionLost = vi.fn();
    const scheduler = createRefreshScheduler({ refresh, onSessionLost, timers: browserTimers });
    scheduler.start();

    await vi.advanceTimersByTimeAsync(50_000);
    expect(calls).toEqual([50_000]);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([50_000, 80_000]);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(calls).toEqual([50_000, 80_000, 130_000]);
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(scheduler.isRunning()).toBe(true);
    scheduler.stop();
  });

  it("logs out on the second 401 in a row and stops refreshing", async () => {
    const { refresh, calls } = scriptedRefresh("unauthorized", "unauthorized");
    const onSessionLost = vi.fn();
    const scheduler = createRefreshScheduler({ refresh, onSessionLost, timers: browserTimers });
    scheduler.start();

    await vi.advanceTimersByTimeAsync(50_000);
    expect(onSessionLost).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([50_000, 80_000]);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(scheduler.isRunning()).toBe(false);
    await vi.advanceTimersByTimeAsync(500_000);
    expect(calls).toHaveLength(2);
  });

  it("counts only 401s in a row: a success in between resets the count", async () => {
    const { refresh } = scriptedRefresh("unauthorized", "ok", "unauthorized", "ok");
    const onSessionLost = vi.fn();
    const scheduler = createRefreshScheduler({ refresh, onSessionLost, timers: browserTimers });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(50_000 + 30_000 + 50_000 + 30_000);
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(onSessionLost).not.toHaveBeenCalled();
    scheduler.stop();
  });

  it("tries again at the next tick after a failure that is not a 401", async () => {
    const { refresh, calls } = scriptedRefresh("failed", "ok");
    const onSessionLost = vi.fn();
    const scheduler = createRefreshScheduler({ refresh, onSessionLost, timers: browserTimers });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(calls).toEqual([50_000, 100_000]);
    expect(onSessionLost).not.toHaveBeenCalled();
    scheduler.stop();
  });

  it("ends the session at once when there is nothing to refresh with", async () => {
    const { refresh } = scriptedRefresh("no-session");
    const onSessionLost = vi.fn();
    const scheduler = createRefreshScheduler({ refresh, onSessionLost, timers: browserTimers });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(50_000);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(scheduler.isRunning()).toBe(false);
  });

  it("does nothing after stop, even for a refresh that was already out", async () => {
    let answer: (outcome: RefreshOutcome) => void = () => {};
    const refresh = vi.fn(
      () =>
        new Promise<RefreshOutcome>((resolve) => {
          answer = resolve;
        }),
    );
    const onSessionLost = vi.fn();
    const scheduler = createRefreshScheduler({ refresh, onSessionLost, timers: browserTimers });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(50_000);
    scheduler.stop();
    answer("unauthorized");
    await vi.advanceTimersByTimeAsync(200_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionLost).not.toHaveBeenCalled();
  });
});
