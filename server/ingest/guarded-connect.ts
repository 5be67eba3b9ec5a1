import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import type { buildConnector } from "undici";
import { blockedAddress } from "./errors.ts";
import type { AddressVerdict } from "./ip-policy.ts";

/**
 * The SSRF guard itself: an undici connector that judges the address it is about to connect
 * to. Hostnames are resolved by our own lookup, which refuses the connection if *any* resolved
 * address is forbidden (so a round-robin name cannot smuggle in a private address); literal
 * IPs skip DNS in Node, so they are judged here before connecting. Because the check happens
 * on every new connection, redirects and DNS rebinding are covered too.
 */
export function guardedConnector(
  judge: (address: string) => AddressVerdict,
  timeoutMs: number,
  // Passed in: undici is loaded on the first fetch, not with the module.
  build: typeof buildConnector,
) {
  const connect = build({
    timeout: timeoutMs,
    lookup: guardedLookup(judge) as LookupFunction,
  });
  return (options: buildConnector.Options, callback: buildConnector.Callback) => {
    if (isIP(options.hostname)) {
      const refusal = refusalFor(options.hostname, judge);
      if (refusal) {
        callback(refusal, null);
        return;
      }
    }
    connect(options, callback);
  };
}

type LookupCallback = (
  error: Error | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedLookup(judge: (address: string) => AddressVerdict) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: LookupCallback,
  ) => {
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
