import { describe, expect, it } from "vitest";
import { jsonDepthExceeds, valueDepthExceeds } from "./json-depth.ts";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("JSON depth bounds", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[{{{{\\"[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds("[1],[2],[3]", 1)).toBe(false);
  });

  it("stops a 50,000-deep text at the limit without recursion", () => {
    expect(jsonDepthExceeds(nested(50_000), 64)).toBe(true);
    expect(jsonDepthExceeds(nested(64), 64)).toBe(false);
  });

  it("bounds parsed values the same way", () => {
    expect(valueDepthExceeds(JSON.parse(nested(50_000)), 64)).toBe(true);
    expect(valueDepthExceeds(JSON.parse(nested(64)), 64)).toBe(false);
    expect(valueDepthExceeds({ a: { b: [1] } }, 3)).toBe(false);
    expect(valueDepthExceeds({ a: { b: [1] } }, 2)).toBe(true);
    expect(valueDepthExceeds("text", 0)).toBe(false);
  });
});
