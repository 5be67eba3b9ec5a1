import { describe, expect, it } from "vitest";
import { levelProgress, multiplierOf } from "./level.ts";

describe("level and multiplier", () => {
  it("keeps the multiplier between 1x and 5x", () => {
    expect(multiplierOf(null)).toBe(1);
    expect(multiplierOf(0)).toBe(1);
    expect(multiplierOf(3)).toBe(3);
    expect(multiplierOf(9)).toBe(5);
    expect(multiplierOf(Number.NaN)).toBe(1);
  });

  it("measures progress from the previous threshold to the next", () => {
    expect(
      levelProgress({ prevActivityPoints: 100, activityPoints: 150, nextActivityPoints: 200 }),
    ).toBe(0.5);
    expect(
      levelProgress({ prevActivityPoints: 100, activityPoints: 50, nextActivityPoints: 200 }),
    ).toBe(0);
    expect(
      levelProgress({ prevActivityPoints: 100, activityPoints: 500, nextActivityPoints: null }),
    ).toBe(1);
  });
});
