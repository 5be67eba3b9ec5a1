import { describe, expect, it } from "vitest";
import { powerAmount } from "./power-amount.ts";

describe("powerAmount", () => {
  it("reads 18 decimals and drops trailing zeros", () => {
    expect(powerAmount("100000000000000000000")).toBe("100");
    expect(powerAmount("2500000000000000000")).toBe("2.5");
    expect(powerAmount("1")).toBe("0.000000000000000001");
    expect(powerAmount("0")).toBe("0");
  });
});
