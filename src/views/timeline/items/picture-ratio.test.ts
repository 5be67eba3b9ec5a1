import { describe, expect, it } from "vitest";
import { tileRatio } from "./picture-ratio.ts";

describe("Pictures tile ratio", () => {
  it("square crops every picture square", () => {
    expect(tileRatio("square", { width: 400, height: 600 })).toBe("1 / 1");
    expect(tileRatio("square", undefined, { width: 800, height: 200 })).toBe("1 / 1");
  });

  it("original keeps the feed's width and height before the picture loads", () => {
    expect(tileRatio("original", { width: 400, height: 600 })).toBe("400 / 600");
    expect(tileRatio("original", { width: 400, height: 600 }, { width: 10, height: 10 })).toBe(
      "400 / 600",
    );
  });

  it("original without a known size: square until loaded, then the picture's own ratio", () => {
    expect(tileRatio("original", {})).toBe("1 / 1");
    expect(tileRatio("original", { width: 0, height: 300 })).toBe("1 / 1");
    expect(tileRatio("original", {}, { width: 1600, height: 900 })).toBe("1600 / 900");
  });

  it("keeps extreme ratios within 1:4 and 4:1", () => {
    expect(tileRatio("original", { width: 10, height: 10_000 })).toBe("250 / 1000");
    expect(tileRatio("original", { width: 10_000, height: 10 })).toBe("4000 / 1000");
  });
});
