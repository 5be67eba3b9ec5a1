import { describe, expect, it } from "vitest";
import { READABILITY_MAX_AGE_MS, readabilityFresh } from "./readability.ts";

describe("readability cache", () => {
  const now = Date.parse("2025-03-10T00:00:00Z");
  it("is fresh for three days, then refetched", () => {
    const at = (ms: number) => new Date(now - ms).toISOString();
    expect(readabilityFresh({ readabilityContent: "x", readabilityUpdatedAt: at(1000) }, now)).toBe(
      true,
    );
    expect(
      readabilityFresh(
        { readabilityContent: "x", readabilityUpdatedAt: at(READABILITY_MAX_AGE_MS + 1) },
        now,
      ),
    ).toBe(false);
    expect(readabilityFresh({ readabilityContent: null, readabilityUpdatedAt: at(0) }, now)).toBe(
      false,
    );
    expect(readabilityFresh({ readabilityContent: "x", readabilityUpdatedAt: null }, now)).toBe(
      false,
    );
  });
});
