import { createHmac, timingSafeEqual } from "node:crypto";

/** RFC 6238 with better-auth's settings: HMAC-SHA1, 6 digits, 30-second steps. */
const DIGITS = 6;
const PERIOD_MS = 30_000;

export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = digest[digest.length - 1]! & 15;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** DIGITS).padStart(DIGITS, "0");
}

export function totpAt(key: Buffer, timeMs: number): string {
  return hotp(key, Math.floor(timeMs / PERIOD_MS));
}

/**
 * The time step whose code `code` is, among now and the step either side (clock drift; the
 * latest when two match), or undefined. A code is taken once: callers claim its step.
 */
export function totpStepOf(key: Buffer, code: string, nowMs = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const counter = Math.floor(nowMs / PERIOD_MS);
  let matched: number | undefined;
  for (let step = -1; step <= 1; step += 1) {
    const expected = Buffer.from(hotp(key, counter + step));
    if (timingSafeEqual(expected, Buffer.from(code))) matched = counter + step;
  }
  return matched;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The key an authenticator app reads from the otpauth URI's `secret`. */
export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
