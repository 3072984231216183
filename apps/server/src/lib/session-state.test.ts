import { describe, expect, it } from "vitest";
import { type SessionState, SessionStateCache } from "./session-state.ts";

const state = (userId: string, overrides: Partial<SessionState> = {}): SessionState => ({
  userId,
  kind: "browser",
  establishmentId: null,
  playerId: null,
  authority: ["role-client"],
  status: "active",
  revoked: false,
  expiresAt: null,
  ...overrides,
});

describe("SessionStateCache", () => {
  it("reads a session once, then answers from memory until told of a change", async () => {
    const database = new Map([["s1", state("u1")]]);
    let loads = 0;
    const cache = new SessionStateCache({
      load: async (id) => {
        loads++;
        return database.get(id);
      },
    });
    expect(await cache.get("s1")).toEqual(state("u1"));
    expect(await cache.get("s1")).toEqual(state("u1"));
    expect(loads).toBe(1);

    database.set("s1", state("u1", { status: "blocked" }));
    cache.forget(["u1"], []);
    expect((await cache.get("s1"))?.status).toBe("blocked");
    expect(loads).toBe(2);
    database.set("s1", state("u1", { revoked: true }));
    cache.forget([], ["s1"]);
    expect((await cache.get("s1"))?.revoked).toBe(true);
  });

  it("does not keep a read that raced with a change", async () => {
    let release: () => void = () => {};
    let current = state("u1");
    const cache = new SessionStateCache({
      load: async () => {
        const seen = current;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return seen;
      },
    });
    const pending = cache.get("s1");
    // The account is blocked while the old state is on its way.
    current = state("u1", { status: "blocked" });
    cache.forget(["u1"], []);
    release();
    expect((await pending)?.status).toBe("active");
    const next = cache.get("s1");
    release();
    expect((await next)?.status).toBe("blocked");
  });

  it("expires entries after the TTL, drops everything on a gap and stays bounded", async () => {
    let now = 0;
    let loads = 0;
    const cache = new SessionStateCache({
      load: async (id) => {
        loads++;
        return state(`user-of-${id}`);
      },
      ttlMs: 1_000,
      maxEntries: 2,
      now: () => now,
    });
    await cache.get("a");
    now = 999;
    await cache.get("a");
    expect(loads).toBe(1);
    now = 1_000;
    await cache.get("a");
    expect(loads).toBe(2);
    await cache.get("b");
    await cache.get("c");
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
