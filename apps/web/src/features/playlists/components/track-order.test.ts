import { describe, expect, it } from "vitest";
import { addTag } from "./tags-input.tsx";
import { moveItem } from "./track-order.ts";

describe("reordering tracks", () => {
  it("puts one item at another position", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(["a", "b"], 1, 5)).toEqual(["a", "b"]);
  });
});

describe("playlist tags", () => {
  it("adds a trimmed tag once, whatever its letter case, up to 20", () => {
    expect(addTag(["джаз"], "  утро ")).toEqual(["джаз", "утро"]);
    expect(addTag(["джаз"], "ДЖАЗ")).toEqual(["джаз"]);
    expect(addTag(["джаз"], "   ")).toEqual(["джаз"]);
    const twenty = Array.from({ length: 20 }, (_, index) => `тег ${index}`);
    expect(addTag(twenty, "ещё")).toEqual(twenty);
    expect(addTag([], "я".repeat(60))).toEqual(["я".repeat(50)]);
  });
});
