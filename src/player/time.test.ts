import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPlayerTime, parsePlayerTime } from "./time.ts";

describe("player time", () => {
  it("formats m:ss and h:mm:ss", () => {
    expect(formatPlayerTime(0)).toBe("0:00");
    expect(formatPlayerTime(65.9)).toBe("1:05");
    expect(formatPlayerTime(3600 + 62)).toBe("1:01:02");
    expect(formatPlayerTime(Number.NaN)).toBe("0:00");
  });

  it("parses what it formats (h:mm:ss, mm:ss, m:ss)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 360_000 }), (seconds) => {
        expect(parsePlayerTime(formatPlayerTime(seconds))).toBe(seconds);
      }),
    );
    expect(parsePlayerTime("12:34")).toBe(754);
    expect(parsePlayerTime("1:60")).toBeUndefined();
    expect(parsePlayerTime("x")).toBeUndefined();
  });
});
