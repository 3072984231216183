import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type AccessTokenClaims,
  createAccessTokens,
  makeRoom,
  VERIFIED_CACHE_SIZE,
} from "./access-token.ts";

const SECRET = new TextEncoder().encode("a secret of at least thirty-two bytes, for tests");

function claimsOf(index: number): AccessTokenClaims {
  return {
    userId: `device-${index}`,
    authority: ["PLAYER_DEVICE"],
    sessionId: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    kind: "device",
    establishmentId: `venue-${index}`,
  };
}

afterEach(() => vi.restoreAllMocks());

describe("access tokens", () => {
  it("answers a token's claims, and null for a forged or tampered one", async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(claimsOf(1));
    expect(await tokens.verify(token)).toMatchObject({ userId: "device-1", kind: "device" });

    const forged = await createAccessTokens(new TextEncoder().encode("x".repeat(40))).sign(
      claimsOf(1),
    );
    expect(await tokens.verify(forged)).toBeNull();
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect(await tokens.verify(tampered)).toBeNull();
  });

  it("checks the HMAC of 11 000 reconnecting sockets' tokens once, however they come back", async () => {
    const tokens = createAccessTokens(SECRET);
    const count = 11_000;
    expect(count).toBeLessThan(VERIFIED_CACHE_SIZE);
    const signed = await Promise.all(
      Array.from({ length: count }, (_, i) => tokens.sign(claimsOf(i))),
    );
    // Verified, a token's claims are made once: the same object answered again is a
    // token whose HMAC was not checked again.
    const first = [];
    for (const token of signed) first.push(await tokens.verify(token));
    expect(new Set(first).size).toBe(count);
    // The reconnect comes in the order of the first connection: with the
    // oldest dropped first from a smaller cache, every one of them missed.
    for (const [index, token] of signed.entries()) {
      expect(await tokens.verify(token)).toBe(first[index]);
    }
  });

  it("refuses a kept token once it has expired", async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(claimsOf(2));
    const claims = await tokens.verify(token);
    expect(claims).not.toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(((claims?.exp ?? 0) + 1) * 1000);
    expect(await tokens.verify(token)).toBeNull();
    vi.useRealTimers();
  });

  it("makes room by dropping the expired tokens at the front first, and then the oldest", () => {
    const kept = new Map([
      ["expired", { exp: 100 }],
      ["also expired", { exp: 150 }],
      ["live", { exp: 400 }],
      ["expired behind a live one", { exp: 120 }],
    ]);
    makeRoom(kept, 200, 4);
    expect([...kept.keys()]).toEqual(["live", "expired behind a live one"]);
    makeRoom(kept, 200, 2);
    // Nothing expired at the front: the oldest goes.
    expect([...kept.keys()]).toEqual(["expired behind a live one"]);
  });
});
