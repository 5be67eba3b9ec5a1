import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginPathFor, sanitizeRedirect } from "./redirect.ts";

describe("sanitizeRedirect", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(sanitizeRedirect("/timeline/view-1/all/pending")).toBe("/timeline/view-1/all/pending");
    expect(sanitizeRedirect("/settings/general?tab=a#top")).toBe("/settings/general?tab=a#top");
  });

  it.each([
    undefined,
    null,
    42,
    "",
    "timeline",
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "/login",
    "/login?redirect=/x",
  ])("falls back to / for %s", (raw) => {
    expect(sanitizeRedirect(raw)).toBe("/");
  });

  it("never leaves the origin, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const result = sanitizeRedirect(raw);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(new URL(result, "http://app.test").origin).toBe("http://app.test");
      }),
    );
  });
});

describe("loginPathFor", () => {
  it("encodes the return path", () => {
    expect(loginPathFor("/power?x=1")).toBe("/login?redirect=%2Fpower%3Fx%3D1");
  });

  it("omits a useless redirect", () => {
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("https://evil.example")).toBe("/login");
  });
});
