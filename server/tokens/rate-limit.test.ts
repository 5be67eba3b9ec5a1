import { describe, expect, it } from "vitest";
import { TokenRateLimit } from "./rate-limit.ts";

describe("per-token rate limit", () => {
  it("lets a token send its budget in a window, then says how long to wait", () => {
    let now = 1_000_000;
    const limit = new TokenRateLimit(3, 60_000, () => now);
    expect([limit.take("a"), limit.take("a"), limit.take("a")]).toEqual([0, 0, 0]);
    now += 15_000;
    expect(limit.take("a")).toBe(45);
    // Another token has its own budget.
    expect(limit.take("b")).toBe(0);
    now += 45_000;
    expect(limit.take("a")).toBe(0);
  });
});
