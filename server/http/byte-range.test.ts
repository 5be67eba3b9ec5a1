import { describe, expect, it } from "vitest";
import { byteRange } from "./byte-range.ts";

describe("a Range header over a body of known size", () => {
  it("reads the forms players send", () => {
    expect(byteRange("bytes=0-", 100)).toEqual([0, 99]);
    expect(byteRange("bytes=10-19", 100)).toEqual([10, 19]);
    expect(byteRange("bytes=90-200", 100)).toEqual([90, 99]);
    expect(byteRange("bytes=-10", 100)).toEqual([90, 99]);
  });

  it("leaves what it cannot serve to a whole answer", () => {
    expect(byteRange(undefined, 100)).toBeUndefined();
    expect(byteRange("bytes=100-", 100)).toBeUndefined();
    expect(byteRange("bytes=5-1", 100)).toBeUndefined();
    expect(byteRange("bytes=0-1,5-6", 100)).toBeUndefined();
    expect(byteRange("items=0-1", 100)).toBeUndefined();
  });
});
