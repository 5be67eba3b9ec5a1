import { describe, expect, it } from "vitest";
import { longItemId, parseItemId, shortItemId } from "./item-ids.ts";

describe("Google Reader item ids", () => {
  const id = "1810000000000000001";
  const hex = BigInt(id).toString(16).padStart(16, "0");

  it("reads every form clients send as the same entry", () => {
    expect(parseItemId(`tag:google.com,2005:reader/item/${hex}`)).toBe(id);
    expect(parseItemId(`tag:google.com,2005:reader/item/${hex.replace(/^0+/, "")}`)).toBe(id);
    expect(parseItemId(hex)).toBe(id);
    expect(parseItemId(hex.toUpperCase())).toBe(id);
    expect(parseItemId(id)).toBe(id);
    expect(parseItemId(` ${id}\n`)).toBe(id);
  });

  it("reads negative decimals as the unsigned 64-bit number they stand for", () => {
    expect(parseItemId("-1")).toBe("18446744073709551615");
    const big = 2n ** 63n + 5n;
    expect(shortItemId(big.toString())).toBe((big - 2n ** 64n).toString());
    expect(parseItemId(shortItemId(big.toString()))).toBe(big.toString());
  });

  it("writes the long form padded and the short form decimal", () => {
    expect(longItemId(id)).toBe(`tag:google.com,2005:reader/item/${hex}`);
    expect(shortItemId(id)).toBe(id);
  });

  it("refuses what is none of the forms", () => {
    for (const bad of ["", "x", "tag:google.com,2005:reader/item/xyz", "0", "1".repeat(21), "-"]) {
      expect(parseItemId(bad), bad).toBeUndefined();
    }
    expect(parseItemId("-9223372036854775809")).toBeUndefined();
  });
});
