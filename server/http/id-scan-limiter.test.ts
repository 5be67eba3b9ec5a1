import { describe, expect, it } from "vitest";
import { IdScanLimiter } from "./id-scan-limiter.ts";

describe("IdScanLimiter", () => {
  it("allows a burst, then one lookup per refill interval, per user", () => {
    const limiter = new IdScanLimiter({ capacity: 3, refillMs: 1000 });
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => limiter.take("bob", t))).toEqual([true, true, true, false]);
    expect(limiter.take("alice", t)).toBe(true);
    expect(limiter.waitMs("bob", t)).toBe(1000);
    expect(limiter.take("bob", t + 500)).toBe(false);
    expect(limiter.take("bob", t + 1000)).toBe(true);
    expect(limiter.take("bob", t + 1000)).toBe(false);
    // The bucket never holds more than its capacity.
    expect([1, 2, 3, 4].map(() => limiter.take("bob", t + 60_000))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
