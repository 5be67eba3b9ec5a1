import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { blockedAddress, type IngestError } from "./errors.ts";
import type { AddressVerdict } from "./ip-policy.ts";

/**
 * The SSRF guard itself: the address a connection is about to go to is judged. Hostnames are
 * resolved by our own lookup, which refuses the connection if *any* resolved address is
 * forbidden (so a round-robin name cannot smuggle in a private address); literal IPs skip DNS
 * in Node, so they are judged before connecting. Because the check happens on every new
 * connection, redirects and DNS rebinding are covered too.
 */
export interface ConnectGuard {
  /** A `lookup` for net.connect: refuses hosts with any forbidden address. */
  lookup: GuardedLookup;
  /** The refusal for a literal IP host (brackets of IPv6 allowed); null for names and allowed IPs. */
  refuseLiteral(hostname: string): IngestError | null;
}

export function connectGuard(judge: (address: string) => AddressVerdict): ConnectGuard {
  return {
    lookup: guardedLookup(judge),
    refuseLiteral(hostname) {
      const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
      return isIP(bare) ? refusalFor(bare, judge) : null;
    },
  };
}

type LookupCallback = (
  error: Error | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export type GuardedLookup = (
  hostname: string,
  options: { all?: boolean; family?: number | "IPv4" | "IPv6" },
  callback: LookupCallback,
) => void;

function guardedLookup(judge: (address: string) => AddressVerdict): GuardedLookup {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const refusal = refusalFor(address, judge, hostname);
        if (refusal) return callback(refusal, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(
          Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }),
          [],
        );
      callback(null, first.address, first.family);
    });
  };
}

function refusalFor(
  address: string,
  judge: (address: string) => AddressVerdict,
  hostname?: string,
) {
  const verdict = judge(address);
  if (verdict.allowed) return null;
  return blockedAddress(address, verdict.range ?? "special-purpose", hostname);
}
