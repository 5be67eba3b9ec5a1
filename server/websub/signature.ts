import { createHmac, timingSafeEqual } from "node:crypto";

/** Algorithms a hub may sign with (`X-Hub-Signature: method=signature`). */
const ALGORITHMS = new Set(["sha1", "sha256", "sha384", "sha512"]);

/**
 * True when `header` is a valid HMAC of `body` with `secret`. An absent header, an unknown
 * algorithm or a malformed digest are all invalid: a subscription made with a secret accepts
 * only signed content.
 */
export function validSignature(header: string | undefined, body: Uint8Array, secret: string) {
  const match = /^\s*(sha1|sha256|sha384|sha512)=([0-9a-f]{40,128})\s*$/i.exec(header ?? "");
  if (!match) return false;
  const algorithm = match[1]!.toLowerCase();
  if (!ALGORITHMS.has(algorithm)) return false;
  const expected = createHmac(algorithm, secret).update(body).digest();
  const given = Buffer.from(match[2]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function sign(algorithm: "sha1" | "sha256", body: Uint8Array | string, secret: string) {
  return `${algorithm}=${createHmac(algorithm, secret).update(body).digest("hex")}`;
}
