import { isIPv4, isIPv6 } from "node:net";

/**
 * Which IP addresses a server-side fetch may connect to. Feeds are user-supplied URLs, so
 * without this anyone could make the server read its own admin ports, the LAN, or the cloud
 * metadata service (169.254.169.254). Checked on the resolved address at connect time.
 */

/** `true` allows every address; a list of CIDRs allows just those (e.g. ["127.0.0.1/32"]). */
export type PrivateNetworkPolicy = boolean | string[];

export interface AddressVerdict {
  allowed: boolean;
  /** The special-purpose range the address falls in, e.g. "loopback"; null for public. */
  range: string | null;
}

type Cidr = { bytes: Uint8Array; prefix: number };

const SPECIAL_V4: ReadonlyArray<[cidr: string, name: string]> = [
  ["0.0.0.0/8", "unspecified"],
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "carrier-grade NAT"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link-local (cloud metadata)"],
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "IETF protocol assignments"],
  ["192.0.2.0/24", "documentation"],
  ["192.88.99.0/24", "6to4 relay"],
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"],
];

const SPECIAL_V6: ReadonlyArray<[cidr: string, name: string]> = [
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["::/96", "IPv4-compatible"],
  ["64:ff9b:1::/48", "local NAT64"],
  ["100::/64", "discard"],
  ["2001:db8::/32", "documentation"],
  ["2001::/32", "Teredo"],
  ["fc00::/7", "unique local (private)"],
  ["fe80::/10", "link-local"],
  ["fec0::/10", "site-local"],
  ["ff00::/8", "multicast"],
];

const V4_RANGES = SPECIAL_V4.map(([cidr, name]) => ({ ...parseCidr(cidr)!, name }));
const V6_RANGES = SPECIAL_V6.map(([cidr, name]) => ({ ...parseCidr(cidr)!, name }));

/** The special-purpose range an address belongs to, or null for a public address. */
export function specialRange(address: string): string | null {
  const bytes = parseIp(address);
  if (!bytes) return "unparseable";
  if (bytes.length === 4) return V4_RANGES.find((r) => inCidr(bytes, r))?.name ?? null;
  // Addresses that embed an IPv4 one are judged by the embedded address.
  const embedded = embeddedIPv4(bytes);
  if (embedded) {
    const range = V4_RANGES.find((r) => inCidr(embedded, r))?.name ?? null;
    return range ? `${range}, IPv4 inside IPv6` : null;
  }
  return V6_RANGES.find((r) => inCidr(bytes, r))?.name ?? null;
}

/** Compiles a policy once; the returned function judges one address. */
export function addressPolicy(
  policy: PrivateNetworkPolicy = false,
): (address: string) => AddressVerdict {
  if (policy === true) return (address) => ({ allowed: true, range: specialRange(address) });
  const allowList = (policy || []).map((cidr) => {
    const parsed = parseCidr(cidr);
    if (!parsed) throw new Error(`allowPrivateNetworks: "${cidr}" is not a CIDR or IP address`);
    return parsed;
  });
  return (address) => {
    const range = specialRange(address);
    if (range === null) return { allowed: true, range };
    const bytes = parseIp(address);
    const candidates = bytes
      ? [bytes, embeddedIPv4(bytes)].filter((b): b is Uint8Array => b !== null)
      : [];
    const allowed = candidates.some((b) => allowList.some((cidr) => inCidr(b, cidr)));
    return { allowed, range };
  };
}

/** "10.0.0.0/8", "fc00::/7", or a bare address (a /32 or /128). */
export function parseCidr(text: string): Cidr | null {
  const [address = "", prefixText] = text.trim().split("/");
  const bytes = parseIp(address);
  if (!bytes) return null;
  const max = bytes.length * 8;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { bytes, prefix };
}

function inCidr(bytes: Uint8Array, cidr: Cidr): boolean {
  if (bytes.length !== cidr.bytes.length) return false;
  let bits = cidr.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (cidr.bytes[i]! & mask)) return false;
  }
  return true;
}

/** IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4. */
function embeddedIPv4(bytes: Uint8Array): Uint8Array | null {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (
    bytes[0] === 0x00 &&
    bytes[1] === 0x64 &&
    bytes[2] === 0xff &&
    bytes[3] === 0x9b &&
    zeros(4, 12)
  ) {
    return bytes.slice(12);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}

/** 4 or 16 bytes for an IPv4/IPv6 literal (brackets and zone ids tolerated), else null. */
export function parseIp(text: string): Uint8Array | null {
  const address = text
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(address)) return Uint8Array.from(address.split(".").map(Number));
  if (!isIPv6(address)) return null;
  let head = address;
  let tailV4: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (v4) {
    tailV4 = v4[1]!.split(".").map(Number);
    head = `${address.slice(0, -v4[1]!.length)}0:0`;
  }
  const [left = "", right] = head.split("::");
  const groups = (part: string) =>
    part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16));
  const leftGroups = groups(left);
  const rightGroups = right === undefined ? [] : groups(right);
  const fill = 8 - leftGroups.length - rightGroups.length;
  const all = [...leftGroups, ...Array(right === undefined ? 0 : fill).fill(0), ...rightGroups];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  if (tailV4.length === 4) bytes.set(tailV4, 12);
  return bytes;
}
