import { describe, expect, it } from "vitest";
import { chargesOf, isWholeKopecks, periodTotalKopecks, toKopecks, toRoubles } from "./money.ts";

describe("roubles and kopecks", () => {
  it("turns roubles into whole kopecks, rounding away float noise", () => {
    expect(toKopecks(1490)).toBe(149_000);
    expect(toKopecks(0.1 + 0.2)).toBe(30);
    expect(toKopecks(99.995)).toBe(10_000);
    expect(toKopecks(0)).toBe(0);
  });

  it("takes prices with at most two decimals as whole kopecks", () => {
    expect(isWholeKopecks(1490)).toBe(true);
    expect(isWholeKopecks(99.5)).toBe(true);
    expect(isWholeKopecks(0.1 + 0.2)).toBe(true);
    expect(isWholeKopecks(19.99)).toBe(true);
    expect(isWholeKopecks(0.005)).toBe(false);
    expect(isWholeKopecks(10.123)).toBe(false);
  });

  it("turns kopecks back into roubles", () => {
    expect(toRoubles(149_000)).toBe(1490);
    expect(toRoubles(9950)).toBe(99.5);
    expect(toRoubles(toKopecks(0.1) + toKopecks(0.2))).toBe(0.3);
  });
});

describe("the price rule", () => {
  it("charges the tariff and monthly items every month, one-time items once", () => {
    const charges = chargesOf(100_000, [
      { recurrent: true, priceKopecks: 5_000 },
      { recurrent: true, priceKopecks: 2_550 },
      { recurrent: false, priceKopecks: 30_000 },
    ]);
    expect(charges).toEqual({ priceKopecks: 107_550, oneTimeKopecks: 30_000 });
    expect(periodTotalKopecks(charges, 3)).toBe(107_550 * 3 + 30_000);
  });

  it("leaves rejected items out and charges pending or approved ones", () => {
    const charges = chargesOf(1_000, [
      { recurrent: true, priceKopecks: 500, approval: "rejected" },
      { recurrent: false, priceKopecks: 700, approval: "rejected" },
      { recurrent: true, priceKopecks: 200, approval: "pending" },
      { recurrent: false, priceKopecks: 300, approval: "approved" },
    ]);
    expect(charges).toEqual({ priceKopecks: 1_200, oneTimeKopecks: 300 });
  });

  it("is the tariff's price alone without items", () => {
    const charges = chargesOf(149_000, []);
    expect(charges).toEqual({ priceKopecks: 149_000, oneTimeKopecks: 0 });
    expect(periodTotalKopecks(charges, 12)).toBe(1_788_000);
  });
});
