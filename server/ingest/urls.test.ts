import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalHttpUrl } from "./urls.ts";

describe("canonicalHttpUrl", () => {
  it("accepts only URLs the URL parser writes back unchanged", () => {
    const pieces = [
      "a",
      "B",
      "0",
      "-",
      ".",
      "/",
      "%2e",
      "%2E",
      "%zz",
      "?",
      "#",
      "'",
      ":",
      "@",
      " ",
      "\\",
      "é",
      "..",
      "x",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom("http://", "https://", "HTTP://"),
        fc.constantFrom(
          "example.com",
          "a.b-c.org",
          "A.com",
          "1.2.3.4",
          "x.123",
          "0x7f.1",
          "ex.com:8080",
        ),
        fc.array(fc.constantFrom(...pieces), { maxLength: 12 }),
        (scheme, host, path) => {
          const url = `${scheme}${host}/${path.join("")}`;
          const fast = canonicalHttpUrl(url);
          if (fast !== null) expect(new URL(url).href).toBe(fast);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("takes the common shapes of links in feed content", () => {
    for (const url of [
      "https://example.com/2024/05/post-title/",
      "https://cdn.example.com/img/a_b-c.jpg?w=800&h=600",
      "http://www.example.org/~user/page.html#section-2",
    ])
      expect(canonicalHttpUrl(url)).toBe(url);
    for (const url of [
      "https://example.com",
      "https://Example.com/",
      "https://a.com/a/../b",
      "https://a.com/x?q='1'",
    ])
      expect(canonicalHttpUrl(url)).toBeNull();
  });
});
