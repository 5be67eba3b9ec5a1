import { describe, expect, it } from "vitest";
import { decodeReason } from "./decode-reason.ts";

describe("decodeReason", () => {
  it("names the field and says what is wrong, without the library's wording", () => {
    expect(decodeReason('Expected a value with a length of at most 1000000\n  at ["opml"]')).toBe(
      "opml: longer than 1000000",
    );
    expect(
      decodeReason('Expected number\n  at ["n"]\nExpected "x" | "y"\n  at ["inner"]["a"]'),
    ).toBe('n: must be a number; inner.a: must be "x" | "y"');
    expect(decodeReason('Missing key\n  at ["inner"]')).toBe("inner: required");
    expect(decodeReason("Expected object")).toBe("must be an object");
    expect(decodeReason('keys.p256dh must be 65 bytes\n  at ["keys"]["p256dh"]')).toBe(
      "keys.p256dh: keys.p256dh must be 65 bytes",
    );
  });
});
