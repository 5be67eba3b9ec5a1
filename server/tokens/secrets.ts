import { createHash, randomBytes, randomInt } from "node:crypto";

export type TokenKind = "app_password" | "personal";
export type TokenScope = "read" | "write";

/** Personal access tokens say what they are, so a leaked one is recognisable (secret scanners). */
export const PERSONAL_TOKEN_PREFIX = "folo_pat_";

const APP_PASSWORD_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789";

/**
 * A new secret: 256 random bits for a personal token; for an app password 24 characters a
 * person can type into a phone's reader app (about 121 bits), in groups of four.
 */
export function newSecret(kind: TokenKind): string {
  if (kind === "personal")
    return `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const chars = Array.from(
    { length: 24 },
    () => APP_PASSWORD_ALPHABET[randomInt(APP_PASSWORD_ALPHABET.length)],
  );
  return Array.from({ length: 6 }, (_, i) => chars.slice(i * 4, i * 4 + 4).join("")).join("-");
}

export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
const md5Hex = (text: string) => createHash("md5").update(text).digest("hex");

/** What is stored of a secret: random secrets need no salt or slow hash to be safe at rest. */
export const secretHash = (secret: string) => sha256Hex(secret);

/** The Fever API's api_key for an account and app password: md5(lower(email):password). */
export const feverApiKey = (email: string, password: string) =>
  md5Hex(`${email.toLowerCase()}:${password}`);

/** What is stored of a Fever api_key (it is itself a password equivalent). */
export const feverKeyHash = (apiKeyHex: string) => sha256Hex(apiKeyHex.toLowerCase());
