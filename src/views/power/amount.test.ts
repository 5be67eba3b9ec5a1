import { describe, expect, it } from "vitest";
import { exceeds, formatPower, parsePower, wholePower } from "./amount.ts";

describe("POWER amounts", () => {
  it("formats 18-decimal base units without floats", () => {
    expect(formatPower("0")).toBe("0");
    expect(formatPower("1000000000000000000")).toBe("1");
    expect(formatPower("1500000000000000000")).toBe("1.5");
    expect(formatPower("1234567000000000000000000")).toBe("1,234,567");
    // A balance past 2^53 whole units stays exact.
    expect(formatPower(`${9007199254740993n * 10n ** 18n}`)).toBe("9,007,199,254,740,993");
    expect(formatPower("1005000000000000000")).toBe("1.01");
    expect(formatPower("1004000000000000000")).toBe("1");
    expect(formatPower("1234500000000000000", "en", 4)).toBe("1.2345");
    expect(formatPower("-2500000000000000000")).toBe("-2.5");
  });

  it("uses the language's separators", () => {
    expect(formatPower("1234500000000000000000", "de")).toBe("1.234,5");
  });

  it("parses typed amounts into base units, refusing what is not a positive amount", () => {
    expect(parsePower("1")).toBe("1000000000000000000");
    expect(parsePower(" 0.5 ")).toBe("500000000000000000");
    expect(parsePower("1,000.25")).toBe("1000250000000000000000");
    expect(parsePower(".5")).toBe("500000000000000000");
    expect(parsePower("0.000000000000000001")).toBe("1");
    expect(parsePower("0.0000000000000000001")).toBeNull();
    expect(parsePower("0")).toBeNull();
    expect(parsePower("")).toBeNull();
    expect(parsePower("-1")).toBeNull();
    expect(parsePower("1e3")).toBeNull();
    expect(parsePower(".")).toBeNull();
  });

  it("compares an amount with a balance", () => {
    expect(wholePower(10)).toBe("10000000000000000000");
    expect(exceeds(wholePower(11), wholePower(10))).toBe(true);
    expect(exceeds(wholePower(10), wholePower(10))).toBe(false);
    expect(exceeds(wholePower(10), null)).toBe(false);
  });
});
