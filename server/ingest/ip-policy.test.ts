import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressPolicy, parseIp, specialRange } from "./ip-policy.ts";

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = (first: fc.Arbitrary<number>, second: fc.Arbitrary<number> = octet) =>
  fc.tuple(first, second, octet, octet).map((parts) => parts.join("."));
const strict = addressPolicy(false);

describe("IP classifier (property-based)", () => {
  it.each([
    ["10/8", ipv4(fc.constant(10)), "private"],
    ["127/8", ipv4(fc.constant(127)), "loopback"],
    ["172.16/12", ipv4(fc.constant(172), fc.integer({ min: 16, max: 31 })), "private"],
    ["192.168/16", ipv4(fc.constant(192), fc.constant(168)), "private"],
    ["169.254/16", ipv4(fc.constant(169), fc.constant(254)), "link-local (cloud metadata)"],
    ["100.64/10", ipv4(fc.constant(100), fc.integer({ min: 64, max: 127 })), "carrier-grade NAT"],
    ["224/4", ipv4(fc.integer({ min: 224, max: 239 })), "multicast"],
    ["0/8", ipv4(fc.constant(0)), "unspecified"],
  ])("every address in %s is refused", (_, arbitrary, range) => {
    fc.assert(
      fc.property(arbitrary, (address) => {
        expect(strict(address)).toEqual({ allowed: false, range });
        // The same address wrapped as IPv4-mapped IPv6 is refused too.
        expect(strict(`::ffff:${address}`).allowed).toBe(false);
      }),
    );
  });

  it("addresses in ordinary public blocks are allowed", () => {
    const publicFirstOctet = fc.constantFrom(1, 8, 23, 45, 64, 93, 104, 151, 185, 211);
    fc.assert(
      fc.property(ipv4(publicFirstOctet), (address) => {
        expect(strict(address)).toEqual({ allowed: true, range: null });
      }),
    );
  });

  it("neighbours of the private ranges are public", () => {
    fc.assert(
      fc.property(
        ipv4(fc.constant(172), fc.constantFrom(15, 32)),
        ipv4(fc.constant(100), fc.constantFrom(63, 128)),
        (a, b) => {
          expect(strict(a).allowed).toBe(true);
          expect(strict(b).allowed).toBe(true);
        },
      ),
    );
  });

  it("classifies IPv6 special ranges, including embedded IPv4", () => {
    expect(specialRange("::1")).toBe("loopback");
    expect(specialRange("::")).toBe("unspecified");
    expect(specialRange("fe80::1%eth0")).toBe("link-local");
    expect(specialRange("fd12:3456::1")).toBe("unique local (private)");
    expect(specialRange("ff02::1")).toBe("multicast");
    expect(specialRange("::ffff:169.254.169.254")).toBe(
      "link-local (cloud metadata), IPv4 inside IPv6",
    );
    expect(specialRange("::ffff:7f00:1")).toBe("loopback, IPv4 inside IPv6");
    expect(specialRange("64:ff9b::10.0.0.1")).toBe("private, IPv4 inside IPv6");
    expect(specialRange("2002:c0a8:0101::1")).toBe("private, IPv4 inside IPv6");
    expect(specialRange("2606:4700::1111")).toBeNull();
    expect(specialRange("[2001:4860:4860::8888]")).toBeNull();
  });

  it("random IPv6 addresses inside fc00::/7 and fe80::/10 are refused", () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const ula = fc.tuple(
      fc.integer({ min: 0xfc00, max: 0xfdff }),
      fc.array(group, { minLength: 7, maxLength: 7 }),
    );
    const linkLocal = fc.tuple(
      fc.integer({ min: 0xfe80, max: 0xfebf }),
      fc.array(group, { minLength: 7, maxLength: 7 }),
    );
    fc.assert(
      fc.property(ula, linkLocal, ([a, restA], [b, restB]) => {
        expect(strict([a.toString(16), ...restA].join(":")).allowed).toBe(false);
        expect(strict([b.toString(16), ...restB].join(":")).allowed).toBe(false);
      }),
    );
  });

  it("an allow-list opens exactly the listed CIDRs; true opens everything", () => {
    const loopbackOnly = addressPolicy(["127.0.0.1/32", "::1"]);
    expect(loopbackOnly("127.0.0.1").allowed).toBe(true);
    expect(loopbackOnly("::ffff:127.0.0.1").allowed).toBe(true);
    expect(loopbackOnly("::1").allowed).toBe(true);
    expect(loopbackOnly("127.0.0.2").allowed).toBe(false);
    expect(loopbackOnly("10.0.0.1").allowed).toBe(false);
    expect(addressPolicy(true)("169.254.169.254")).toEqual({
      allowed: true,
      range: "link-local (cloud metadata)",
    });
    expect(() => addressPolicy(["not-a-cidr"])).toThrow(/not a CIDR/);
  });

  it("parses IPv6 forms to 16 bytes", () => {
    expect(Array.from(parseIp("::1") ?? [])).toEqual([...Array(15).fill(0), 1]);
    expect(Array.from(parseIp("::ffff:1.2.3.4") ?? []).slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIp("example.com")).toBeNull();
  });
});
