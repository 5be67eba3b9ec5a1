import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyCookieRules, enforceCookieRules } from "./cookies.ts";

describe("cookie rules (prefixes, 400-day cap)", () => {
  it("drops prefixed cookies without the Secure flag", () => {
    expect(enforceCookieRules("__Secure-a=1; Path=/; HttpOnly")).toBeNull();
    expect(enforceCookieRules("__Host-a=1; Path=/; HttpOnly")).toBeNull();
    expect(enforceCookieRules("__Secure-a=1; Path=/; Secure")).toBe("__Secure-a=1; Path=/; Secure");
  });

  it("requires __Host- cookies to be host-only on the root path", () => {
    expect(enforceCookieRules("__Host-a=1; Secure; Path=/; Domain=example.com")).toBeNull();
    expect(enforceCookieRules("__Host-a=1; Secure; Path=/app")).toBeNull();
    expect(enforceCookieRules("__Host-a=1; Secure; Path=/")).toBe("__Host-a=1; Secure; Path=/");
  });

  it("caps max age at 400 days for any value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 10 }), (maxAge) => {
        const out = enforceCookieRules(`a=1; Max-Age=${maxAge}; HttpOnly`)!;
        const kept = Number(/Max-Age=(\d+)/.exec(out)?.[1]);
        expect(kept).toBe(Math.min(maxAge, 34_560_000));
      }),
    );
  });

  it("caps a far expiry date", () => {
    const out = enforceCookieRules("a=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT")!;
    const expires = Date.parse(out.split("Expires=")[1]!);
    expect(expires).toBeLessThanOrEqual(Date.now() + 34_560_000 * 1000 + 1000);
  });

  it("rewrites response headers and reports dropped cookies", () => {
    const headers = new Headers();
    headers.append("set-cookie", "ok=1; Max-Age=99999999");
    headers.append("set-cookie", "__Secure-bad=1");
    const dropped: string[] = [];
    applyCookieRules(headers, (name) => dropped.push(name));
    expect(headers.getSetCookie()).toEqual(["ok=1; Max-Age=34560000"]);
    expect(dropped).toEqual(["__Secure-bad"]);
  });
});
